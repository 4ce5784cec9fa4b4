#include "plots/bandwidth_plot.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <qcustomplot.h>

#include "model/attribute_names.hpp"
#include "plots/evidence_math.hpp"
#include "plots/plot_theme.hpp"

namespace ts::gui {

BandwidthPlot::BandwidthPlot(Axis axis, QWidget* parent) : PlotPanel(parent), axis_(axis) {
    plot()->xAxis->setLabel(axis == Axis::Warps ? tr("Warps per SM (wavefronts per CU)") : tr("Blocks"));
    plot()->yAxis->setLabel(tr("Bandwidth [GiB/s]"));
    plot()->legend->setVisible(true);
    // Occupancy curves rise from the left: their legend sits where they have reached the plateau.
    plot()->axisRect()->insetLayout()->setInsetAlignment(0, axis == Axis::Warps ? Qt::AlignRight | Qt::AlignBottom
                                                                                : Qt::AlignLeft | Qt::AlignTop);
    applyScale();
}

void BandwidthPlot::applyScale() {
    QCPAxis* x = plot()->xAxis;
    if (logScale()) {
        auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
        ticker->setLogBase(2);
        ticker->setSubTickCount(0);
        x->setScaleType(QCPAxis::stLogarithmic);
        x->setTicker(ticker);
    } else {
        x->setScaleType(QCPAxis::stLinear);
        x->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }
}

void BandwidthPlot::clearPlot() {
    plot()->clearGraphs();
    plot()->clearItems();
}

void BandwidthPlot::rebuild(const StoredSeries& s, bool) {
    clearPlot();
    std::map<double, std::map<double, double>> curves;  // threads (loads) -> blocks (warps) -> GiB/s
    for (const auto& r : s.rows) curves[r.x2][r.x] = r.value;
    // A store sweep's curves (`<level>.write.occupancy`) are stores in flight.
    const bool stores = s.id.endsWith(QLatin1String(".write.occupancy"));
    int index = 0;
    for (const auto& [threads, points] : curves) {
        if (index == kMaxCurves) break;  // the caption counts the rest
        QCPGraph* g = plot()->addGraph();
        const int inFlight = static_cast<int>(threads);
        g->setName(axis_ == Axis::Blocks ? tr("%1 threads per block").arg(threads)
                   : stores              ? tr("%n store(s) in flight per thread", nullptr, inFlight)
                                         : tr("%n load(s) in flight per thread", nullptr, inFlight));
        const QColor c = PlotTheme::cycle(index++);
        g->setPen(QPen(c, 2));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, 6));
        QVector<double> xs, ys;
        for (const auto& [blocks, v] : points) {
            xs << blocks;
            ys << v;
        }
        g->setData(xs, ys, true);
    }
    QStringList captions;
    for (const auto& d : s.decisions) {
        captions << decisionText(s, d.attribute.name);
        const std::string& name = d.attribute.name;
        const bool plateau = std::any_of(std::begin(attr::rooflineAccesses), std::end(attr::rooflineAccesses),
                                         [&](const attr::RooflineNames* access) { return name == access->bandwidth; });
        if (!plateau || !d.attribute.isDecided()) continue;
        // The plateau, and the 90 % of it that the least occupancy reaches.
        for (const double share : {1.0, 0.9}) {
            auto* line = new QCPItemStraightLine(plot());
            line->point1->setCoords(0, share * d.attribute.value);
            line->point2->setCoords(1, share * d.attribute.value);
            line->setPen(QPen(theme().changePoint, 1, share < 1 ? Qt::DotLine : Qt::DashLine));
        }
    }
    if (curves.size() > static_cast<std::size_t>(kMaxCurves))
        captions << tr("%n more block size(s) not drawn.", nullptr, static_cast<int>(curves.size()) - kMaxCurves);
    setCaption(captions.join(QLatin1Char('\n')));
}

QString BandwidthPlot::readoutAt(const QPointF& pixel) const {
    const GraphPoint p = nearestGraphPoint(pixel);
    if (!p.graph) return {};
    const QString where = axis_ == Axis::Warps ? tr("%1 warps").arg(p.key) : tr("%1 blocks").arg(p.key);
    return tr("%1, %2: %3 GiB/s").arg(where, p.graph->name()).arg(p.value, 0, 'f', 1);
}

}  // namespace ts::gui
