#include "plots/size_plot.hpp"

#include "plots/decision_marker.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <qcustomplot.h>

#include "plots/byte_tickers.hpp"
#include "plots/density_scatter.hpp"
#include "plots/evidence_math.hpp"
#include "view_support/format.hpp"
#include "view_support/shared_gpu_mark.hpp"
#include "model/attribute_names.hpp"

namespace ts::gui {
namespace {

QCPGraph* addLine(QCustomPlot* plot, QCPAxis* valueAxis, const QString& name) {
    QCPGraph* g = plot->addGraph(plot->xAxis, valueAxis);
    g->setName(name);
    g->setLineStyle(QCPGraph::lsLine);
    return g;
}

// The share of a row's loads the first view keeps in range: one slow load in a thousand
// (a timer interrupt, a TLB walk) must not squash the levels the decision rests on.
constexpr double kRobustQuantile = 0.98;

// The decision this sweep stands for: the engine's decided size, else none.
const ResultEvent* decidedSize(const StoredSeries& series) {
    for (const auto& d : series.decisions)
        if (d.attribute.unit == unit::bytes && d.attribute.isDecidedQuantity()) return &d;
    return nullptr;
}

// The engine's size verdict on this sweep when it took no figure from it: a bound or undecided.
const ResultEvent* rejectingSize(const StoredSeries& series) {
    for (const auto& d : series.decisions)
        if (d.attribute.unit == unit::bytes) return &d;
    return nullptr;
}

}  // namespace

SizePlotWidget::SizePlotWidget(QWidget* parent) : PlotPanel(parent) {
    QCustomPlot* p = plot();
    p->xAxis->setLabel(tr("Array size"));
    p->yAxis->setLabel(tr("Latency per load [cycles]"));
    p->yAxis2->setLabel(longReductionTitle());
    p->yAxis2->setVisible(true);
    p->axisRect()->setRangeZoomAxes(p->xAxis, p->yAxis);
    p->axisRect()->setRangeDragAxes(p->xAxis, p->yAxis);

    minimum_ = addLine(p, p->yAxis, tr("Minimum"));
    mean_ = addLine(p, p->yAxis, tr("Mean"));
    maximum_ = addLine(p, p->yAxis, tr("Maximum"));
    maximum_->setLineStyle(QCPGraph::lsNone);  // marks: one slow load must not draw a spike over the plot
    clipped_ = addLine(p, p->yAxis, tr("Loads above the axis"));
    clipped_->setLineStyle(QCPGraph::lsNone);
    reduction_ = addLine(p, p->yAxis2, tr("Reduction"));
    samples_ = new DensityScatter(p->xAxis, p->yAxis);  // added last: the loads are drawn over the lines
    samples_->setName(tr("Loads (darker: more loads)"));

    unmeasured_ = new QCPItemRect(p);
    unmeasured_->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    unmeasured_->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    unmeasured_->topLeft->setCoords(0, 0);
    unmeasured_->bottomRight->setCoords(0, 1);
    unmeasured_->setVisible(false);
    unmeasuredLabel_ = new QCPItemText(p);
    unmeasuredLabel_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    unmeasuredLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    unmeasuredLabel_->setText(tr("not measured"));
    unmeasuredLabel_->setPadding(QMargins(4, 2, 4, 2));
    unmeasuredLabel_->setVisible(false);

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
    capacity_ = new DecisionMarker(p, Qt::DotLine);

    placeLegendAbovePlot();  // inside, it covered the first loads and the decision label
    p->legend->setWrap(6);
    p->legend->setRowSpacing(0);
    QFont small = p->legend->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p->legend->setFont(small);
    p->legend->setIconSize(20, 10);
    connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &SizePlotWidget::placeChangeLabel);
    connect(p->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &SizePlotWidget::updateClippedMarks);
    connect(p, &QCustomPlot::afterLayout, this, &SizePlotWidget::fitAxisTitle);  // the title's length does not change the layout
    applyScale();
    applyTheme();
}

void SizePlotWidget::applyTheme() {
    const PlotTheme& t = theme();
    // Loads of a series disturbed by another process on the GPU in the shared-GPU colour.
    samples_->setColor(sharedGpu_ ? sharedGpuColour().rgb() : t.samples.rgb());
    minimum_->setPen(QPen(t.envelope, 1, Qt::DashLine));
    maximum_->setPen(QPen(t.envelope, 1));
    maximum_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssPlus, t.envelope, 5));
    clipped_->setPen(QPen(t.envelope, 1));
    clipped_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, t.envelope, t.envelope, 6));
    // The mean runs through the loads it averages: thin and see-through, so they show.
    QColor mean = t.mean;
    mean.setAlpha(110);
    mean_->setPen(QPen(mean, 1));
    reduction_->setPen(QPen(t.reduction, 2));
    reduction_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, t.reduction, 5));
    changeLine_->setPen(QPen(t.changePoint, 2, Qt::DashLine));
    changeLabel_->setColor(t.changePoint);
    QColor box = t.background;
    box.setAlpha(220);
    changeLabel_->setBrush(QBrush(box));
    changeLabel_->setPen(QPen(t.changePoint));
    capacity_->applyTheme(t);
    QColor shade = t.foreground;
    shade.setAlpha(18);
    unmeasured_->setPen(Qt::NoPen);
    unmeasured_->setBrush(QBrush(shade));
    QColor note = t.foreground;
    note.setAlpha(150);
    unmeasuredLabel_->setColor(note);
}

bool SizePlotWidget::capacityMarkerVisible() const { return capacity_->visible(); }

void SizePlotWidget::applyScale() { setByteAxis(plot()->xAxis, logScale()); }

void SizePlotWidget::clearPlot() {
    for (QCPGraph* g : {minimum_, mean_, maximum_, clipped_, reduction_}) g->data()->clear();
    samples_->clear();
    robustHigh_.clear();
    unmeasured_->setVisible(false);
    unmeasuredLabel_->setVisible(false);
    if (sharedGpu_) {
        sharedGpu_ = false;
        applyTheme();
    }
    changeLine_->setVisible(false);
    changeLabel_->setVisible(false);
    capacity_->hide();
    byX_.clear();
}

void SizePlotWidget::rebuild(const StoredSeries& series, bool full) {
    appendSamples(series, full ? 0 : plottedRows());
    updateEnvelopes(series);
    updateReduction(series);
    updateChangePoint(series);
    updateCaption(series);
    const bool shared = std::any_of(series.decisions.begin(), series.decisions.end(),
                                    [](const ResultEvent& d) { return d.attribute.hasMark(Mark::SharedGpu); });
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
        if (!sorted.empty())
            robustHigh_[r] = sorted[static_cast<std::size_t>(kRobustQuantile * static_cast<double>(sorted.size() - 1))];
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
    envelopeMax_.clear();
    for (qsizetype i = 0; i < xs.size(); ++i) envelopeMax_.emplace_back(xs[i], maxs[i]);
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

// Once the engine decided, the line and its label are the decision the caption and the results
// table show (the K-S change point is only where the engine's refinement starts: on the H200
// it said 256 KiB for a decided 245 KiB). Until then, the change point as it moves.
void SizePlotWidget::updateChangePoint(const StoredSeries& series) {
    const ResultEvent* decided = decidedSize(series);
    const bool show = decided || series.changePoint.has_value();
    changeLine_->setVisible(show);
    changeLabel_->setVisible(show);
    if (!show) return;
    double x = 0;
    const bool knee = decided && decided->attribute.name == attr::contiguousKnee;
    const ResultEvent* capacity = knee && store() ? store()->findResult(series.element, attr::size) : nullptr;
    if (capacity && capacity->attribute.isDecidedQuantity())
        capacity_->show(capacity->attribute.value,
                        tr("capacity %1 · confidence %2")
                            .arg(formatValue(capacity->attribute))
                            .arg(capacity->attribute.confidence, 0, 'f', 2),
                        0.14);
    else
        capacity_->hide();
    if (decided) {
        x = decided->attribute.value;
        changeLabel_->setText((knee ? tr("contiguous knee %1 · confidence %2") : tr("%1 · confidence %2"))
                                  .arg(formatValue(decided->attribute))
                                  .arg(decided->attribute.confidence, 0, 'f', 2));
    } else if (const ResultEvent* verdict = rejectingSize(series)) {
        // The change point the decision did not take is labelled so (the constant L1.5's said
        // "100 KiB · confidence 1.00" beside a caption and table of "≥ 64 KiB · confidence 0.00").
        x = series.changePoint->x;
        changeLabel_->setText(verdict->attribute.isBound()
                                  ? tr("change point %1 rejected · decided %2").arg(formatBytes(x), formatValue(verdict->attribute))
                                  : tr("change point %1 rejected · undecided").arg(formatBytes(x)));
    } else {
        x = series.changePoint->x;
        changeLabel_->setText(
            tr("change point %1 · confidence %2").arg(formatBytes(x)).arg(series.changePoint->confidence, 0, 'f', 2));
    }
    changeLine_->point1->setCoords(x, 0);
    changeLine_->point2->setCoords(x, 1);
    changeLabel_->position->setCoords(x, 0.02);
    placeChangeLabel();
}

// The first view: every measured size, and latencies up to what nearly every load of a size
// stays under; loads above are marked at the top edge. A sweep that ends near its knee (no rows
// past it, as recordings before them) gets room after its last row: the shaded band says nothing
// was measured there.
void SizePlotWidget::fitView() {
    rescaleAll();
    const StoredSeries* s = store() ? store()->find(seriesId()) : nullptr;
    if (!s || s->rows.empty()) return;
    double first = INFINITY, last = -INFINITY;
    for (const auto& row : s->rows) {
        first = std::min(first, row.x);
        last = std::max(last, row.x);
    }
    const ResultEvent* d = decidedSize(*s);
    const bool endsAtKnee = !d || last < 2 * d->attribute.value;
    if (d) last = std::max(last, d->attribute.value);
    QCPAxis* x = plot()->xAxis;
    if (logScale() && first > 0) {
        const double span = std::max(4.0, last / first);
        x->setRange(first / std::pow(span, 0.04), last * std::pow(span, endsAtKnee ? 0.25 : 0.04));
    } else {
        const double span = std::max(1.0, last - first);
        x->setRange(first - 0.03 * span, last + (endsAtKnee ? 0.3 : 0.03) * span);
    }
    double low = INFINITY, high = -INFINITY;
    for (const auto& row : s->rows)
        if (row.count > 0) low = std::min<double>(low, row.min);
    for (const auto& [row, value] : robustHigh_) high = std::max<double>(high, value);
    if (low <= high) {
        const double margin = std::max(2.0, 0.12 * (high - low));
        plot()->yAxis->setRange(low - margin, high + margin);
    }
    // The reduction's plateau below the marks of loads above the axis, not on top of them.
    const QCPRange reduced = plot()->yAxis2->range();
    plot()->yAxis2->setRange(reduced.lower, reduced.lower + 1.3 * reduced.size());
    double lastMeasured = -INFINITY;
    for (const auto& row : s->rows) lastMeasured = std::max(lastMeasured, row.x);
    const bool room = endsAtKnee && x->range().upper > lastMeasured;
    unmeasured_->setVisible(room);
    unmeasuredLabel_->setVisible(room);
    unmeasured_->topLeft->setCoords(lastMeasured, 0);
    unmeasured_->bottomRight->setCoords(x->range().upper * 4, 1);
    unmeasuredLabel_->position->setCoords(lastMeasured, 0.98);
    updateClippedMarks();
}

// One mark per size whose slowest load lies above the axis, at the top edge.
void SizePlotWidget::updateClippedMarks() {
    const StoredSeries* s = store() ? store()->find(seriesId()) : nullptr;
    QCPAxis* y = plot()->yAxis;
    const double top = y->pixelToCoord(y->coordToPixel(y->range().upper) + 5);
    QVector<double> xs, ys;
    clippedCount_ = 0;
    if (s && !s->rows.empty())
        for (const auto& [x, max] : envelopeMax_)
            if (max > y->range().upper) {
                xs << x;
                ys << top;
                ++clippedCount_;
            }
    clipped_->setData(xs, ys, true);
    if (clippedCount_ > 0)
        clipped_->addToLegend();
    else
        clipped_->removeFromLegend();
}

void SizePlotWidget::placeChangeLabel() {
    alignToPlotHalf(changeLabel_);
    capacity_->alignToPlotHalf();
}

void SizePlotWidget::updateCaption(const StoredSeries& series) {
    QStringList parts;
    parts << tr("%1: %n array size(s), %2 loads", nullptr, static_cast<int>(series.rows.size()))
                 .arg(series.title)
                 .arg(series.latencies.size());
    for (const auto& d : series.decisions)
        if (d.attribute.hasMark(Mark::SharedGpu)) {
            parts.prepend(tr("Measured while another process used the GPU (loads in orange)"));
            break;
        }
    const auto shownOnly = std::count_if(series.rows.begin(), series.rows.end(), [](const StoredRow& row) {
        return row.label == QLatin1String(kShownOnlyLabel.data(), static_cast<qsizetype>(kShownOnlyLabel.size()));
    });
    if (shownOnly > 0)
        parts << tr("the %n largest size(s) measured past the knee to show the next level, not analysed", nullptr,
                    static_cast<int>(shownOnly));
    for (const auto& decision : series.decisions) parts << tr("decided %1").arg(decisionClause(decision.attribute));
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

// The long title where the axis is tall enough for it, else the short one: clipped, it read
// "educed value (RMS distance…".
QString SizePlotWidget::longReductionTitle() { return tr("Reduction [cycles] (RMS distance from the fastest load)"); }

void SizePlotWidget::fitAxisTitle() {
    QCPAxis* axis = plot()->yAxis2;
    const QFontMetrics metrics(axis->labelFont());
    const int room = plot()->axisRect()->height();
    const QString longTitle = longReductionTitle();
    axis->setLabel(metrics.horizontalAdvance(longTitle) <= room ? longTitle : tr("Reduction [cycles]"));
}

int SizePlotWidget::clippedMarkCount() const { return clippedCount_; }
QString SizePlotWidget::reductionAxisTitle() const { return plot()->yAxis2->label(); }

int SizePlotWidget::sampleCount() const { return static_cast<int>(samples_->loadCount()); }
int SizePlotWidget::samplePointCount() const { return samples_->pointCount(); }
int SizePlotWidget::envelopePointCount() const { return mean_->dataCount(); }
int SizePlotWidget::reductionPointCount() const { return reduction_->dataCount(); }
bool SizePlotWidget::changePointVisible() const { return changeLine_->visible(); }
double SizePlotWidget::changePointX() const { return changeLine_->point1->coords().x(); }
QString SizePlotWidget::changePointLabel() const { return changeLabel_->text(); }

}  // namespace ts::gui
