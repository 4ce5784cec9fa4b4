#include "plots/evidence_rows_plot.hpp"

#include <QCoreApplication>

#include <algorithm>

#include <qcustomplot.h>

#include "analysis/miss_rule.hpp"
#include "analysis/robust.hpp"
#include "view_support/format.hpp"
#include "plots/evidence_math.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {
namespace {

constexpr int kMaxTextTicks = 40;

// One sentence for the series' decisions. Physical Sharing decides the same attribute for
// several elements (sharedWith of L1, Texture, Read Only, Constant L1): each element's value is
// named once and a reason they share is said once, not the first decision's sentence four times.
QString decisionsText(const StoredSeries& s) {
    if (s.decisions.size() < 2)
        return decisionText(s, s.decisions.empty() ? std::string_view() : std::string_view(s.decisions.front().attribute.name));
    QStringList values;
    QStringList reasons;
    for (const auto& d : s.decisions) {
        const Attribute& a = d.attribute;
        values << QCoreApplication::translate("ts::gui::Evidence", "%1 %2 = %3 (confidence %4)")
                      .arg(qText(displayName(d.element)), attributeTitle(qText(a.name)), formatValue(a))
                      .arg(a.confidence, 0, 'f', 2);
        if (!a.reason.empty() && !reasons.contains(reasonText(a.reason))) reasons << reasonText(a.reason);
    }
    QString text = QCoreApplication::translate("ts::gui::Evidence", "%1: %2.").arg(s.title, values.join(QStringLiteral("; ")));
    if (!reasons.isEmpty()) text += QLatin1Char(' ') + reasons.join(QStringLiteral("; "));
    return text;
}

}  // namespace

EvidenceRowsPlot::EvidenceRowsPlot(QWidget* parent) : PlotPanel(parent) {
    QCustomPlot* p = plot();
    p->yAxis->setLabel(tr("Latency per re-timed load [cycles]"));
    p->xAxis->setLabel(tr("Row"));
    hits_ = new QCPStatisticalBox(p->xAxis, p->yAxis);
    hits_->setName(tr("At hit latency: data kept (or near)"));
    misses_ = new QCPStatisticalBox(p->xAxis, p->yAxis);
    misses_->setName(tr("Slower: data evicted (or far)"));
    threshold_ = new QCPItemStraightLine(p);
    threshold_->setVisible(false);
    placeLegendAbovePlot();  // inside, it covered the first rows' boxes
    applyTheme();
}

void EvidenceRowsPlot::applyTheme() {
    const PlotTheme& t = theme();
    for (auto [box, color] : {std::pair{hits_, t.hit}, std::pair{misses_, t.miss}}) {
        QColor fill = color;
        fill.setAlpha(120);
        box->setBrush(fill);
        box->setPen(QPen(color.darker(120)));
        box->setMedianPen(QPen(t.foreground, 2));
        box->setWhiskerPen(QPen(color, 1));
        box->setWhiskerBarPen(QPen(color, 1));
        box->setOutlierStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
    }
    threshold_->setPen(QPen(t.changePoint, 1.5, Qt::DashLine));
}

void EvidenceRowsPlot::clearPlot() {
    hits_->data()->clear();
    misses_->data()->clear();
    threshold_->setVisible(false);
    labels_.clear();
    missed_.clear();
    rowIndex_.clear();
}

// As the engine compares: a control row's fence by the miss rule (more than half the loads above
// it), a near/far split of the row medians by the row's median.
bool EvidenceRowsPlot::rowMissed(const StoredSeries& s, const StoredRow& row, double median) const {
    if (s.missThreshold < 0) return row.value != 0;
    if (s.rule == ThresholdRule::ControlFence) {
        const auto loads = s.latenciesOf(row);
        return showsMisses({.fence = s.missThreshold}, std::vector<std::uint32_t>(loads.begin(), loads.end()));
    }
    return median > s.missThreshold;
}

// Where some rows hold loads, the rest are the benchmark's notes (an eviction search's rounds,
// the lines of a set, its threshold): drawn as empty boxes at 0 they read as 0-cycle loads, so
// they are counted in the caption instead.
std::vector<std::size_t> EvidenceRowsPlot::drawnRows(const StoredSeries& s, QStringList& untimed) const {
    const bool anyTimed = std::any_of(s.rows.begin(), s.rows.end(), [](const StoredRow& r) { return r.count > 0; });
    std::vector<std::size_t> drawn;
    std::vector<std::pair<QString, int>> notes;
    for (std::size_t i = 0; i < s.rows.size(); ++i) {
        if (!anyTimed || s.rows[i].count > 0) {
            drawn.push_back(i);
            continue;
        }
        const QString label = s.rows[i].label.isEmpty() ? QString::number(s.rows[i].x) : s.rows[i].label;
        auto it = std::find_if(notes.begin(), notes.end(), [&](const auto& n) { return n.first == label; });
        if (it == notes.end()) notes.emplace_back(label, 1);
        else ++it->second;
    }
    for (const auto& [label, count] : notes) untimed << (count > 1 ? QStringLiteral("%1 ×%2").arg(label).arg(count) : label);
    return drawn;
}

void EvidenceRowsPlot::rebuild(const StoredSeries& s, bool) {
    clearPlot();
    QVector<QCPStatisticalBoxData> hit, miss;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QStringList untimed;
    rowIndex_ = drawnRows(s, untimed);
    for (std::size_t k = 0; k < rowIndex_.size(); ++k) {
        const StoredRow& row = s.rows[rowIndex_[k]];
        const std::vector<double> loads = sortedLoads(s.latenciesOf(row));
        const double median = quantileSorted(loads, 0.5);
        QCPStatisticalBoxData box(static_cast<double>(k), row.min, quantileSorted(loads, 0.25), median,
                                  quantileSorted(loads, 0.75), row.max);
        const bool missed = row.count > 0 && rowMissed(s, row, median);
        (missed ? miss : hit).append(box);
        labels_.push_back(row.label.isEmpty() ? QString::number(row.x) : row.label);
        missed_.push_back(missed);
        if (rowIndex_.size() <= kMaxTextTicks) ticker->addTick(static_cast<double>(k), labels_.back());
    }
    hits_->data()->set(hit, true);
    misses_->data()->set(miss, true);
    if (rowIndex_.size() <= kMaxTextTicks) {
        plot()->xAxis->setTicker(ticker);
        const bool longLabels = std::any_of(labels_.begin(), labels_.end(), [](const QString& l) { return l.size() > 12; });
        plot()->xAxis->setTickLabelRotation(rowIndex_.size() > 8 || (longLabels && rowIndex_.size() > 4) ? 45 : 0);
    } else {
        plot()->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        plot()->xAxis->setTickLabelRotation(0);
    }
    if (s.missThreshold >= 0) {
        threshold_->point1->setCoords(0, s.missThreshold);
        threshold_->point2->setCoords(1, s.missThreshold);
        threshold_->setVisible(true);
    }
    QStringList captions{decisionsText(s)};
    if (s.missThreshold >= 0)
        captions << tr("Threshold %1 cycles: %2.").arg(s.missThreshold, 0, 'f', 1).arg(s.thresholdRule);
    else
        captions << tr("Each row carries the engine's own verdict (1 = the other side evicted the data).");
    if (!untimed.isEmpty()) captions << tr("Rows without loads, not drawn: %1.").arg(untimed.join(QStringLiteral(", ")));
    setCaption(captions.join(QLatin1Char('\n')));
}

QString EvidenceRowsPlot::readoutAt(const QPointF& pixel) const {
    const StoredSeries* s = store() ? store()->find(seriesId()) : nullptr;
    const double x = plot()->xAxis->pixelToCoord(pixel.x());
    const auto i = static_cast<long long>(std::llround(x));
    if (!s || i < 0 || i >= static_cast<long long>(rowIndex_.size()) || i >= static_cast<long long>(labels_.size()) ||
        rowIndex_[static_cast<std::size_t>(i)] >= s->rows.size())
        return {};
    const StoredRow& row = s->rows[rowIndex_[static_cast<std::size_t>(i)]];
    const std::vector<double> loads = sortedLoads(s->latenciesOf(row));
    return tr("%1: %2 loads, min %3, median %4, max %5 cycles: %6")
        .arg(labels_[static_cast<std::size_t>(i)])
        .arg(row.count)
        .arg(row.min)
        .arg(quantileSorted(loads, 0.5), 0, 'f', 0)
        .arg(row.max)
        .arg(missed_[static_cast<std::size_t>(i)] ? tr("evicted / far") : tr("kept / near"));
}

int EvidenceRowsPlot::missRowCount() const { return misses_->dataCount(); }
int EvidenceRowsPlot::hitRowCount() const { return hits_->dataCount(); }

}  // namespace ts::gui
