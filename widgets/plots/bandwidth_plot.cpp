#include "plots/bandwidth_plot.hpp"

#include <map>
#include <qcustomplot.h>

#include "plots/evidence_math.hpp"

namespace ts::gui {

BandwidthPlot::BandwidthPlot(QWidget* parent) : PlotPanel(parent) {
    plot()->xAxis->setLabel(tr("Blocks"));
    plot()->yAxis->setLabel(tr("Bandwidth [GiB/s]"));
    plot()->legend->setVisible(true);
    plot()->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignLeft | Qt::AlignTop);
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

void BandwidthPlot::clearPlot() { plot()->clearGraphs(); }

void BandwidthPlot::rebuild(const StoredSeries& s, bool) {
    clearPlot();
    std::map<double, std::map<double, double>> curves;  // threads -> blocks -> GiB/s
    for (const auto& r : s.rows) curves[r.x2][r.x] = r.value;
    int index = 0;
    for (const auto& [threads, points] : curves) {
        if (index == kMaxCurves) break;  // the caption counts the rest
        QCPGraph* g = plot()->addGraph();
        g->setName(tr("%1 threads per block").arg(threads));
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
    for (const auto& d : s.decisions) captions << decisionText(s, d.attribute.name);
    if (curves.size() > static_cast<std::size_t>(kMaxCurves))
        captions << tr("%n more block size(s) not drawn.", nullptr, static_cast<int>(curves.size()) - kMaxCurves);
    setCaption(captions.join(QLatin1Char('\n')));
}

QString BandwidthPlot::readoutAt(const QPointF& pixel) const {
    const GraphPoint p = nearestGraphPoint(pixel);
    if (!p.graph) return {};
    return tr("%1 blocks, %2: %3 GiB/s").arg(p.key).arg(p.graph->name()).arg(p.value, 0, 'f', 1);
}

}  // namespace ts::gui
