#include "plots/size_plot.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <qcustomplot.h>

#include "plots/byte_tickers.hpp"
#include "plots/density_scatter.hpp"
#include "common/format.hpp"
#include "common/shared_gpu_mark.hpp"

namespace ts::gui {
namespace {

QCPGraph* addLine(QCustomPlot* plot, QCPAxis* valueAxis, const QString& name) {
    QCPGraph* g = plot->addGraph(plot->xAxis, valueAxis);
    g->setName(name);
    g->setLineStyle(QCPGraph::lsLine);
    return g;
}

}  // namespace

SizePlotWidget::SizePlotWidget(QWidget* parent) : PlotPanel(parent) {
    QCustomPlot* p = plot();
    p->xAxis->setLabel(tr("Array size"));
    p->yAxis->setLabel(tr("Latency per load [cycles]"));
    p->yAxis2->setLabel(tr("Reduced value (RMS distance from the fastest load)"));
    p->yAxis2->setVisible(true);
    p->axisRect()->setRangeZoomAxes(p->xAxis, p->yAxis);
    p->axisRect()->setRangeDragAxes(p->xAxis, p->yAxis);

    minimum_ = addLine(p, p->yAxis, tr("Minimum"));
    mean_ = addLine(p, p->yAxis, tr("Mean"));
    maximum_ = addLine(p, p->yAxis, tr("Maximum"));
    reduction_ = addLine(p, p->yAxis2, tr("Reduction"));
    samples_ = new DensityScatter(p->xAxis, p->yAxis);  // added last: the loads are drawn over the lines
    samples_->setName(tr("Loads (darker: more loads)"));

    changeLine_ = new QCPItemStraightLine(p);
    changeLine_->point1->setCoords(0, 0);
    changeLine_->point2->setCoords(0, 1);
    changeLine_->setVisible(false);
    changeLabel_ = new QCPItemText(p);
    changeLabel_->position->setTypeX(QCPItemPosition::ptPlotCoords);
    changeLabel_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    changeLabel_->position->setAxes(p->xAxis, p->yAxis);
    changeLabel_->position->setCoords(0, 0.02);
    changeLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    changeLabel_->setPadding(QMargins(4, 2, 4, 2));
    changeLabel_->setVisible(false);

    p->legend->setVisible(true);
    p->legend->setFillOrder(QCPLegend::foColumnsFirst);
    p->legend->setWrap(3);
    QFont small = p->legend->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p->legend->setFont(small);
    p->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignLeft | Qt::AlignTop);
    connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &SizePlotWidget::placeChangeLabel);
    applyScale();
    applyTheme();
}

void SizePlotWidget::applyTheme() {
    const PlotTheme& t = theme();
    // Loads of a series disturbed by another process on the GPU in the shared-GPU colour.
    samples_->setColor(sharedGpu_ ? sharedGpuColour().rgb() : t.samples.rgb());
    minimum_->setPen(QPen(t.envelope, 1, Qt::DashLine));
    maximum_->setPen(QPen(t.envelope, 1, Qt::DashLine));
    mean_->setPen(QPen(t.mean, 1.5));
    reduction_->setPen(QPen(t.reduction, 2));
    reduction_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, t.reduction, 5));
    changeLine_->setPen(QPen(t.changePoint, 2, Qt::DashLine));
    changeLabel_->setColor(t.changePoint);
    QColor box = t.background;
    box.setAlpha(220);
    changeLabel_->setBrush(QBrush(box));
    changeLabel_->setPen(QPen(t.changePoint));
}

void SizePlotWidget::applyScale() { setByteAxis(plot()->xAxis, logScale()); }

void SizePlotWidget::clearPlot() {
    for (QCPGraph* g : {minimum_, mean_, maximum_, reduction_}) g->data()->clear();
    samples_->clear();
    if (sharedGpu_) {
        sharedGpu_ = false;
        applyTheme();
    }
    changeLine_->setVisible(false);
    changeLabel_->setVisible(false);
    byX_.clear();
}

void SizePlotWidget::rebuild(const StoredSeries& series, bool full) {
    appendSamples(series, full ? 0 : plottedRows());
    updateEnvelopes(series);
    updateReduction(series);
    updateChangePoint(series);
    updateCaption(series);
    const bool shared = std::any_of(series.decisions.begin(), series.decisions.end(),
                                    [](const ResultEvent& d) { return sharedGpuMarked(QString::fromStdString(d.attribute.reason)); });
    if (shared != sharedGpu_) {
        sharedGpu_ = shared;
        applyTheme();
    }
}

void SizePlotWidget::appendSamples(const StoredSeries& series, std::size_t firstRow) {
    const auto& rows = series.rows;
    if (firstRow >= rows.size()) return;
    std::vector<std::size_t> fresh(rows.size() - firstRow);
    for (std::size_t i = 0; i < fresh.size(); ++i) fresh[i] = firstRow + i;
    std::stable_sort(fresh.begin(), fresh.end(), [&](std::size_t a, std::size_t b) { return rows[a].x < rows[b].x; });

    std::vector<DensityScatter::Point> points;
    std::vector<std::uint32_t> sorted;
    for (std::size_t r : fresh) {
        const auto loads = series.latenciesOf(rows[r]);
        sorted.assign(loads.begin(), loads.end());
        std::sort(sorted.begin(), sorted.end());
        for (std::size_t i = 0; i < sorted.size();) {
            std::size_t j = i;
            while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
            points.push_back({rows[r].x, static_cast<double>(sorted[i]), static_cast<std::uint32_t>(j - i)});
            i = j;
        }
    }
    samples_->addSorted(points);  // appends, or merges rows that land in the middle

    byX_.insert(byX_.end(), fresh.begin(), fresh.end());
    std::stable_sort(byX_.begin(), byX_.end(), [&](std::size_t a, std::size_t b) { return rows[a].x < rows[b].x; });
}

void SizePlotWidget::updateEnvelopes(const StoredSeries& series) {
    struct Acc {
        double min = INFINITY, max = -INFINITY, sum = 0;
        double n = 0;
    };
    std::map<double, Acc> byX;  // repeated sizes are pooled
    for (const auto& row : series.rows) {
        if (row.count == 0) continue;
        Acc& a = byX[row.x];
        a.min = std::min<double>(a.min, row.min);
        a.max = std::max<double>(a.max, row.max);
        a.sum += row.mean * row.count;
        a.n += row.count;
    }
    QVector<double> xs, mins, means, maxs;
    for (const auto& [x, a] : byX) {
        xs << x;
        mins << a.min;
        means << a.sum / a.n;
        maxs << a.max;
    }
    minimum_->setData(xs, mins, true);
    mean_->setData(xs, means, true);
    maximum_->setData(xs, maxs, true);
}

void SizePlotWidget::updateReduction(const StoredSeries& series) {
    const auto& r = series.reduction;
    const qsizetype n = static_cast<qsizetype>(std::min(r.xs.size(), r.ys.size()));
    QVector<double> xs(n), ys(n);
    for (qsizetype i = 0; i < n; ++i) {
        xs[i] = r.xs[static_cast<std::size_t>(i)];
        ys[i] = r.ys[static_cast<std::size_t>(i)];
    }
    reduction_->setData(xs, ys);
}

void SizePlotWidget::updateChangePoint(const StoredSeries& series) {
    const bool show = series.changePoint.has_value();
    changeLine_->setVisible(show);
    changeLabel_->setVisible(show);
    if (!show) return;
    const ChangePointEvent& cp = *series.changePoint;
    changeLine_->point1->setCoords(cp.x, 0);
    changeLine_->point2->setCoords(cp.x, 1);
    changeLabel_->position->setCoords(cp.x, 0.02);
    changeLabel_->setText(tr("%1 · confidence %2").arg(formatBytes(cp.x)).arg(cp.confidence, 0, 'f', 2));
    placeChangeLabel();
}

void SizePlotWidget::placeChangeLabel() {
    const double px = plot()->xAxis->coordToPixel(changeLine_->point1->coords().x());
    const bool rightHalf = px > plot()->axisRect()->center().x();
    changeLabel_->setPositionAlignment((rightHalf ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
}

void SizePlotWidget::updateCaption(const StoredSeries& series) {
    QStringList parts;
    parts << tr("%1: %n array size(s), %2 loads", nullptr, static_cast<int>(series.rows.size()))
                 .arg(series.title)
                 .arg(series.latencies.size());
    for (const auto& d : series.decisions)
        if (sharedGpuMarked(QString::fromStdString(d.attribute.reason))) {
            parts.prepend(tr("Measured while another process used the GPU (loads in orange)"));
            break;
        }
    for (const auto& decision : series.decisions) {
        const Attribute& d = decision.attribute;
        parts << tr("decided %1 = %2 (confidence %3): %4")
                     .arg(QString::fromStdString(d.name), formatValue(d))
                     .arg(d.confidence, 0, 'f', 2)
                     .arg(QString::fromStdString(d.reason));
    }
    setCaption(parts.join(QStringLiteral("; ")));
}

QString SizePlotWidget::readoutAt(const QPointF& pixel) const {
    const StoredSeries* s = store() ? store()->find(seriesId()) : nullptr;
    if (!s) return {};
    const QCPAxis* x = plot()->xAxis;
    const QCPAxis* y = plot()->yAxis;
    constexpr double kRadius = 8;
    double best = kRadius * kRadius;
    const StoredRow* bestRow = nullptr;
    std::size_t bestLoad = 0;
    for (std::size_t r : byX_) {
        if (r >= s->rows.size()) continue;
        const StoredRow& row = s->rows[r];
        const double dx = x->coordToPixel(row.x) - pixel.x();
        if (dx * dx > best) continue;
        const auto loads = s->latenciesOf(row);
        for (std::size_t i = 0; i < loads.size(); ++i) {
            const double dy = y->coordToPixel(loads[i]) - pixel.y();
            const double d = dx * dx + dy * dy;
            if (d < best) {
                best = d;
                bestRow = &row;
                bestLoad = i;
            }
        }
    }
    if (bestRow)
        return tr("%1, load %2: %3 cycles (this size: min %4, mean %5, max %6)")
            .arg(formatBytes(bestRow->x))
            .arg(bestLoad)
            .arg(s->latenciesOf(*bestRow)[bestLoad])
            .arg(bestRow->min)
            .arg(bestRow->mean, 0, 'f', 1)
            .arg(bestRow->max);
    // No load near: the reduction point, if one is.
    const auto& red = s->reduction;
    for (std::size_t i = 0; i < std::min(red.xs.size(), red.ys.size()); ++i) {
        const double dx = x->coordToPixel(red.xs[i]) - pixel.x();
        const double dy = plot()->yAxis2->coordToPixel(red.ys[i]) - pixel.y();
        if (dx * dx + dy * dy < kRadius * kRadius)
            return tr("%1: reduced value %2").arg(formatBytes(red.xs[i])).arg(red.ys[i], 0, 'g', 4);
    }
    return tr("%1, %2 cycles").arg(formatBytes(x->pixelToCoord(pixel.x()))).arg(y->pixelToCoord(pixel.y()), 0, 'f', 0);
}

int SizePlotWidget::sampleCount() const { return static_cast<int>(samples_->loadCount()); }
int SizePlotWidget::samplePointCount() const { return samples_->pointCount(); }
int SizePlotWidget::envelopePointCount() const { return mean_->dataCount(); }
int SizePlotWidget::reductionPointCount() const { return reduction_->dataCount(); }
bool SizePlotWidget::changePointVisible() const { return changeLine_->visible(); }
double SizePlotWidget::changePointX() const { return changeLine_->point1->coords().x(); }
QString SizePlotWidget::changePointLabel() const { return changeLabel_->text(); }

}  // namespace ts::gui
