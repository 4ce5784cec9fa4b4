#include "plots/line_size_plot.hpp"

#include <map>
#include <qcustomplot.h>

#include "plots/byte_tickers.hpp"
#include "analysis/miss_rule.hpp"
#include "model/attribute_names.hpp"
#include "plots/evidence_math.hpp"
#include "view_support/format.hpp"
#include "view_support/shared_gpu_mark.hpp"

namespace ts::gui {

LineSizePlot::LineSizePlot(QWidget* parent) : PlotPanel(parent), decision_(plot()) {
    QCustomPlot* p = plot();
    p->xAxis->setLabel(tr("Stride"));
    p->legend->setVisible(true);
    p->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignBottom);
    applyScale();
    applyTheme();
}

void LineSizePlot::applyScale() { setByteAxis(plot()->xAxis, logScale()); }

void LineSizePlot::applyTheme() {
    const PlotTheme& t = theme();
    decision_.applyTheme(t);
}

void LineSizePlot::clearPlot() {
    plot()->clearGraphs();
    decision_.hide();
}

void LineSizePlot::fitView() {
    rescaleAll();
    const StoredSeries* s = store() ? store()->find(seriesId()) : nullptr;
    if (s && s->missThreshold >= 0) plot()->yAxis->setRange(-0.05, 1.05);
}

void LineSizePlot::rebuild(const StoredSeries& s, bool) {
    clearPlot();
    const bool haveSplit = s.missThreshold >= 0;
    plot()->yAxis->setLabel(haveSplit ? tr("Fraction of loads that missed") : tr("Mean latency [cycles]"));
    std::map<double, std::map<double, double>> curves;  // array size -> stride -> metric
    for (const auto& r : s.rows) {
        // Rows without an array (an associativity series' eviction rounds and checks) are no curve:
        // they drew an "array 0 B" legend entry.
        if (r.count == 0 || r.x2 <= 0) continue;
        curves[r.x2][r.x] = haveSplit ? shareAbove(s.missThreshold, s.latenciesOf(r)) : r.mean;
    }
    int index = 0;
    for (const auto& [arrayBytes, points] : curves) {
        if (index == kMaxCurves) break;  // the caption counts the rest
        QCPGraph* g = plot()->addGraph();
        g->setName(tr("array %1").arg(formatBytes(arrayBytes)));
        const QColor c = PlotTheme::cycle(index++);
        g->setPen(QPen(c, 2));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, 7));
        QVector<double> xs, ys;
        for (const auto& [stride, v] : points) {
            xs << stride;
            ys << v;
        }
        g->setData(xs, ys, true);
    }
    if (const Attribute* d = findDecision(s, attr::lineSize); d && d->value > 0)
        decision_.show(d->value, tr("%1 · confidence %2").arg(formatBytes(d->value)).arg(d->confidence, 0, 'f', 2) +
                                     (d->hasMark(Mark::SharedGpu) ? tr(" · shared GPU") : QString()));
    QString text = decisionText(s, attr::lineSize);
    if (curves.size() > static_cast<std::size_t>(kMaxCurves))
        text += QLatin1Char(' ') + tr("%n more array size(s) not drawn.", nullptr, static_cast<int>(curves.size()) - kMaxCurves);
    if (haveSplit)
        text +=
            QLatin1Char(' ') +
            tr("A load counts as a miss above %1 cycles (%2).").arg(s.missThreshold, 0, 'f', 0).arg(s.thresholdRule);
    setCaption(text);
}

QString LineSizePlot::readoutAt(const QPointF& pixel) const {
    const GraphPoint p = nearestGraphPoint(pixel);
    if (!p.graph) return tr("stride %1").arg(formatBytes(plot()->xAxis->pixelToCoord(pixel.x())));
    return tr("stride %1, %2: %3").arg(formatBytes(p.key), p.graph->name()).arg(p.value, 0, 'g', 4);
}

int LineSizePlot::curveCount() const { return plot()->graphCount(); }
bool LineSizePlot::decisionVisible() const { return decision_.visible(); }

}  // namespace ts::gui
