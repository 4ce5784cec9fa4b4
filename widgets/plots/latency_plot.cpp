#include "plots/latency_plot.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <qcustomplot.h>

#include "analysis/robust.hpp"
#include "model/attribute_names.hpp"
#include "plots/evidence_math.hpp"
#include "view_support/format.hpp"

namespace ts::gui {
namespace {

constexpr int kCentralBins = 120;  // bins across the central 98% of the loads
constexpr int kMaxBins = 2000;

}  // namespace

LatencyHistogramPlot::LatencyHistogramPlot(QWidget* parent) : PlotPanel(parent) {
    plot()->xAxis->setLabel(tr("Latency per load [cycles]"));
    plot()->yAxis->setLabel(tr("Loads"));
    plot()->legend->setVisible(true);
    plot()->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignTop);
}

void LatencyHistogramPlot::clearPlot() {
    plot()->clearPlottables();
    plot()->clearItems();
}

void LatencyHistogramPlot::fitView() {
    rescaleAll();
    plot()->yAxis->setRangeLower(0);
    if (viewUpper_ > viewLower_) plot()->xAxis->setRange(viewLower_, viewUpper_);
}

void LatencyHistogramPlot::addMarker(double x, const QColor& color, Qt::PenStyle style, const QString& label) {
    const int row = plot()->itemCount() / 2;  // labels of close markers must not overlap
    auto* line = new QCPItemStraightLine(plot());
    line->point1->setCoords(x, 0);
    line->point2->setCoords(x, 1);
    line->setPen(QPen(color, 2, style));
    auto* text = new QCPItemText(plot());
    text->position->setTypeX(QCPItemPosition::ptPlotCoords);
    text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(x, 0.02 + 0.07 * row);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->setPadding(QMargins(4, 1, 4, 1));
    text->setBrush(QBrush(theme().background));
    text->setColor(color);
    text->setText(label);
}

void LatencyHistogramPlot::rebuild(const StoredSeries& s, bool) {
    clearPlot();
    std::vector<std::uint32_t> pooled = s.latencies;
    if (pooled.empty()) {
        setCaption(decisionText(s, attr::latency));
        return;
    }
    std::sort(pooled.begin(), pooled.end());
    const double lo = pooled.front(), hi = pooled.back();
    const std::vector<double> all(pooled.begin(), pooled.end());  // ascending, for the engine's quantileSorted
    const double central = quantileSorted(all, 0.99) - quantileSorted(all, 0.01) + 1;
    binWidth_ = std::max({1.0, std::ceil(central / kCentralBins), std::ceil((hi - lo + 1) / kMaxBins)});
    binOrigin_ = lo - 0.5;  // latencies are whole cycles: centre the bins on them
    int index = 0;
    QCPBars* below = nullptr;
    // Rows past kMaxLegendItems - 1 share one stack of bars (the legend names each stack, and the
    // last one the rest): the histogram still adds up to every load.
    std::vector<std::vector<std::uint32_t>> stacks;
    QStringList names;
    int pooledRows = 0;
    for (const auto& row : s.rows) {
        if (row.count == 0) continue;
        const auto loads = s.latenciesOf(row);
        if (static_cast<int>(stacks.size()) < kMaxLegendItems - 1) {
            stacks.emplace_back(loads.begin(), loads.end());
            names << (row.label.isEmpty() ? tr("Loads") : row.label);
            continue;
        }
        if (pooledRows++ == 0) {
            stacks.emplace_back();
            names << QString();
        }
        stacks.back().insert(stacks.back().end(), loads.begin(), loads.end());
    }
    if (pooledRows > 0) names.back() = tr("%n more row(s)", nullptr, pooledRows);
    for (std::size_t i = 0; i < stacks.size(); ++i) {
        std::map<double, double> bins;
        for (std::uint32_t v : stacks[i]) bins[binOrigin_ + std::floor((v - binOrigin_) / binWidth_) * binWidth_] += 1;
        auto* bars = new QCPBars(plot()->xAxis, plot()->yAxis);
        bars->setName(names[static_cast<int>(i)]);
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(binWidth_);
        QColor c = PlotTheme::cycle(index++);
        bars->setPen(QPen(c.darker(130)));
        c.setAlpha(170);
        bars->setBrush(c);
        QVector<double> keys, counts;
        for (const auto& [k, n] : bins) {
            keys << k + binWidth_ / 2;
            counts << n;
        }
        bars->setData(keys, counts, true);
        if (below) bars->moveAbove(below);  // stacked: the bar heights add up to the pooled histogram
        below = bars;
    }
    const double mean = std::accumulate(pooled.begin(), pooled.end(), 0.0) / pooled.size();
    // Far outliers would squeeze the distribution into a few pixels: the view starts on the
    // central 99% (zoom out or reset to see them; the caption counts them).
    const double p0 = quantileSorted(all, 0.005), p1 = quantileSorted(all, 0.995);
    const double pad = std::max(4 * binWidth_, 0.15 * (p1 - p0));
    const auto outside =
        std::count_if(pooled.begin(), pooled.end(), [&](std::uint32_t v) { return v < p0 - pad || v > p1 + pad; });
    viewLower_ = outside > 0 ? p0 - pad : 0;
    viewUpper_ = outside > 0 ? p1 + pad : 0;
    addMarker(mean, theme().reduction, Qt::SolidLine, tr("mean %1").arg(formatNumber(mean)));
    const double median = quantileSorted(all, 0.5), p95 = quantileSorted(all, 0.95);
    addMarker(median, theme().predicted, Qt::DashLine, tr("median %1").arg(formatNumber(median)));
    addMarker(p95, theme().envelope, Qt::DotLine, tr("p95 %1").arg(formatNumber(p95)));
    QStringList captions{decisionText(s, attr::latency)};
    if (outside > 0)
        captions << tr("%n load(s) outside the view (%1 to %2 cycles): zoom out to see them.", nullptr,
                       static_cast<int>(outside))
                        .arg(lo)
                        .arg(hi);
    if (findDecision(s, attr::missPenalty)) captions << decisionText(s, attr::missPenalty);
    setCaption(captions.join(QLatin1Char('\n')));
}

QString LatencyHistogramPlot::readoutAt(const QPointF& pixel) const {
    const double x = plot()->xAxis->pixelToCoord(pixel.x());
    QStringList parts;
    for (int i = 0; i < plot()->plottableCount(); ++i) {
        auto* bars = qobject_cast<QCPBars*>(plot()->plottable(i));
        if (!bars) continue;
        for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
            if (std::fabs(it->key - x) <= binWidth_ / 2) parts << tr("%1: %2 loads").arg(bars->name()).arg(it->value);
    }
    const double binStart = binOrigin_ + std::floor((x - binOrigin_) / binWidth_) * binWidth_;
    const QString bin = binWidth_ > 1 ? tr("%1–%2 cycles").arg(binStart + 0.5).arg(binStart + binWidth_ - 0.5)
                                      : tr("%1 cycles").arg(binStart + 0.5);
    return parts.isEmpty() ? bin : bin + QStringLiteral(": ") + parts.join(QStringLiteral(", "));
}

int LatencyHistogramPlot::barSetCount() const {
    int n = 0;
    for (int i = 0; i < plot()->plottableCount(); ++i) n += qobject_cast<QCPBars*>(plot()->plottable(i)) ? 1 : 0;
    return n;
}

}  // namespace ts::gui
