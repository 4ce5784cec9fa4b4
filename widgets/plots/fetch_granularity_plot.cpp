#include "plots/fetch_granularity_plot.hpp"

#include <algorithm>
#include <qcustomplot.h>

#include "plots/byte_tickers.hpp"
#include "analysis/miss_rule.hpp"
#include "model/attribute_names.hpp"
#include "plots/evidence_math.hpp"
#include "view_support/format.hpp"
#include "view_support/shared_gpu_mark.hpp"

namespace ts::gui {

FetchGranularityPlot::FetchGranularityPlot(QWidget* parent) : PlotPanel(parent), decision_(plot()) {
    QCustomPlot* p = plot();
    p->xAxis->setLabel(tr("Stride"));
    p->yAxis->setLabel(tr("Fraction of loads that missed"));
    p->yAxis2->setLabel(tr("Latency per load [cycles]"));
    p->yAxis2->setVisible(true);
    p->axisRect()->setRangeZoomAxes(p->xAxis, p->yAxis2);
    p->axisRect()->setRangeDragAxes(p->xAxis, p->yAxis2);
    loads_ = p->addGraph(p->xAxis, p->yAxis2);
    loads_->setName(tr("Loads"));
    loads_->setLineStyle(QCPGraph::lsNone);
    observed_ = p->addGraph(p->xAxis, p->yAxis);
    observed_->setName(tr("Observed miss fraction"));
    predicted_ = p->addGraph(p->xAxis, p->yAxis);
    predicted_->setName(tr("Sector model of the decision"));
    placeLegendAbovePlot();  // inside, it covered the loads and the curve (issue 37, item 10)
    applyScale();
    applyTheme();
}

void FetchGranularityPlot::applyTheme() {
    const PlotTheme& t = theme();
    QColor faint = t.samples;
    faint.setAlpha(70);
    loads_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, faint, faint, 3));
    observed_->setPen(QPen(t.hit, 2));
    observed_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, t.hit, 7));
    predicted_->setPen(QPen(t.predicted, 2, Qt::DashLine));
    decision_.applyTheme(t);
}

void FetchGranularityPlot::applyScale() { setByteAxis(plot()->xAxis, logScale()); }

void FetchGranularityPlot::clearPlot() {
    for (QCPGraph* g : {observed_, predicted_, loads_}) g->data()->clear();
    decision_.hide();
}

void FetchGranularityPlot::rebuild(const StoredSeries& s, bool) {
    clearPlot();
    std::vector<const StoredRow*> rows;
    for (const auto& r : s.rows)
        if (r.count > 0 && r.x > 0) rows.push_back(&r);
    std::stable_sort(rows.begin(), rows.end(), [](auto* a, auto* b) { return a->x < b->x; });

    QVector<QCPGraphData> loads;
    for (const StoredRow* r : rows)
        for (std::uint32_t v : s.latenciesOf(*r)) loads.append(QCPGraphData(r->x, v));
    loads_->data()->set(loads, true);

    const bool haveSplit = s.missThreshold >= 0;
    plot()->yAxis->setVisible(haveSplit);
    if (haveSplit) {
        QVector<double> xs, ys;
        for (const StoredRow* r : rows) {
            xs << r->x;
            ys << shareAbove(s.missThreshold, s.latenciesOf(*r));
        }
        observed_->setData(xs, ys, true);
    }

    const Attribute* d = findDecision(s, attr::fetchGranularity);
    if (d && d->isShowable()) {
        decision_.show(d->value, (d->isDecided()
                                      ? tr("%1 · confidence %2").arg(formatBytes(d->value)).arg(d->confidence, 0, 'f', 2)
                                      : tr("%1 (bound)").arg(formatBytes(d->value))) +
                                     (d->hasMark(Mark::SharedGpu) ? tr(" · shared GPU") : QString()));
        if (haveSplit) {
            QVector<double> xs, ys;
            for (const StoredRow* r : rows) {
                xs << r->x;
                ys << std::min(1.0, r->x / d->value);
            }
            predicted_->setData(xs, ys, true);
        }
    }
    QString text = decisionText(s, attr::fetchGranularity);
    if (haveSplit)
        text +=
            QLatin1Char(' ') +
            tr("A load counts as a miss above %1 cycles (%2).").arg(s.missThreshold, 0, 'f', 0).arg(s.thresholdRule);
    setCaption(text);
}

void FetchGranularityPlot::fitView() {
    rescaleAll();
    plot()->yAxis->setRange(-0.05, 1.05);
}

QString FetchGranularityPlot::readoutAt(const QPointF& pixel) const {
    const StoredSeries* s = store() ? store()->find(seriesId()) : nullptr;
    if (!s) return {};
    const QCPAxis* x = plot()->xAxis;
    double best = 64;
    const StoredRow* hit = nullptr;
    for (const auto& r : s->rows) {
        const double dx = x->coordToPixel(r.x) - pixel.x();
        if (dx * dx < best) {
            best = dx * dx;
            hit = &r;
        }
    }
    if (!hit) return tr("stride %1").arg(formatBytes(x->pixelToCoord(pixel.x())));
    QString text = tr("stride %1: %2 loads, latency min %3, mean %4, max %5 cycles")
                       .arg(formatBytes(hit->x))
                       .arg(hit->count)
                       .arg(hit->min)
                       .arg(hit->mean, 0, 'f', 1)
                       .arg(hit->max);
    if (s->missThreshold >= 0)
        text += tr("; miss fraction %1").arg(shareAbove(s->missThreshold, s->latenciesOf(*hit)), 0, 'f', 3);
    return text;
}

int FetchGranularityPlot::observedCount() const { return observed_->dataCount(); }
bool FetchGranularityPlot::decisionVisible() const { return decision_.visible(); }

}  // namespace ts::gui
