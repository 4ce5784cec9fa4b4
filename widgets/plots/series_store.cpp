#include "plots/series_store.hpp"
#include "view_support/qt_text.hpp"

#include <QCoreApplication>

#include <algorithm>
#include <numeric>

namespace ts::gui {
namespace {

// The engine's rule in words, for the plot's caption.
QString ruleText(ThresholdRule rule) {
    switch (rule) {
        case ThresholdRule::None: return {};
        case ThresholdRule::FastestLoadSplit:
            return QCoreApplication::translate("ts::gui::Threshold", "hit/miss split of the fastest load of each stride");
        case ThresholdRule::EveryLoadSplit:
            return QCoreApplication::translate("ts::gui::Threshold", "hit/miss split of every load");
        case ThresholdRule::ControlFence:
            return QCoreApplication::translate("ts::gui::Threshold",
                                               "far-out fence of the control row, Q3 + 3 IQR (miss rule)");
        case ThresholdRule::RowMedianSplit:
            return QCoreApplication::translate("ts::gui::Threshold",
                                               "near/far split of the row medians, for display: the engine compares "
                                               "each unit's slow and fast loads with the filler's");
        case ThresholdRule::OneLevel:
            return QCoreApplication::translate("ts::gui::Threshold", "one latency level: every row near");
        case ThresholdRule::BenchmarkRow:
            return QCoreApplication::translate("ts::gui::Threshold",
                                               "halfway between a hit and a miss of the next level, as the benchmark decided");
    }
    return {};
}

StoredRow storeRow(const SeriesRow& row, std::vector<std::uint32_t>& buffer) {
    StoredRow s;
    s.x = row.x;
    s.x2 = row.x2;
    s.value = row.value;
    s.label = qText(row.label);
    s.offset = buffer.size();
    s.count = static_cast<std::uint32_t>(row.latencies.size());
    if (!row.latencies.empty()) {
        const auto [lo, hi] = std::minmax_element(row.latencies.begin(), row.latencies.end());
        s.min = *lo;
        s.max = *hi;
        s.mean = std::accumulate(row.latencies.begin(), row.latencies.end(), 0.0) / row.latencies.size();
    }
    buffer.insert(buffer.end(), row.latencies.begin(), row.latencies.end());
    return s;
}

}  // namespace

std::uint64_t StoredSeries::bytes() const {
    std::uint64_t b = latencies.capacity() * sizeof(std::uint32_t) + rows.capacity() * sizeof(StoredRow);
    for (const auto& r : rows) b += static_cast<std::uint64_t>(r.label.capacity()) * sizeof(QChar);
    b += (reduction.xs.capacity() + reduction.ys.capacity()) * sizeof(double);
    return b;
}

SeriesStore::SeriesStore(QObject* parent) : QObject(parent) {}

StoredSeries& SeriesStore::ensure(const Series& series) {
    const QString id = qText(series.id);
    auto [it, inserted] = series_.try_emplace(id);
    StoredSeries& s = it->second;
    if (inserted) {
        s.id = id;
        order_.push_back(id);
    }
    s.title = qText(series.title);
    s.kind = series.kind;
    s.element = qText(displayName(series.element));
    return s;
}

void SeriesStore::addChunk(const Series& newRows, std::size_t firstRow) {
    const QString id = qText(newRows.id);
    const bool isNew = series_.find(id) == series_.end();
    StoredSeries& s = ensure(newRows);
    const bool replace = firstRow == 0;
    std::size_t incoming = 0;
    for (const auto& r : newRows.rows) incoming += r.latencies.size();
    if (replace) {
        // A fresh buffer of the exact size: the replaced one may hold growth slack.
        std::vector<std::uint32_t>().swap(s.latencies);
        std::vector<StoredRow>().swap(s.rows);
        s.latencies.reserve(incoming);
        s.rows.reserve(newRows.rows.size());
        ++s.generation;
    } else {
        s.latencies.reserve(s.latencies.size() + incoming);
    }
    for (const auto& r : newRows.rows) s.rows.push_back(storeRow(r, s.latencies));
    if (newRows.missThreshold >= 0 || replace) {
        s.missThreshold = newRows.missThreshold;  // decided by the engine (analysis/series_threshold)
        s.rule = newRows.thresholdRule;
        s.thresholdRule = ruleText(newRows.thresholdRule);
    }
    if (isNew) emit seriesAdded(id);
    emit rowsChanged(id);
}

void SeriesStore::setReduction(const ReductionEvent& reduction) {
    const QString id = QString::fromStdString(reduction.seriesId);
    auto it = series_.find(id);
    if (it == series_.end()) return;
    it->second.reduction = reduction;
    emit analysisChanged(id);
}

void SeriesStore::setChangePoint(const ChangePointEvent& changePoint) {
    const QString id = QString::fromStdString(changePoint.seriesId);
    auto it = series_.find(id);
    if (it == series_.end()) return;
    it->second.changePoint = changePoint;
    emit analysisChanged(id);
}

void SeriesStore::addDecision(const ResultEvent& result) {
    if (result.attribute.evidence.empty()) return;
    const QString evidence = QString::fromStdString(result.attribute.evidence);
    auto it = series_.find(evidence);
    if (it == series_.end()) return;
    const auto same = [&](const ResultEvent& r) {
        return r.attribute.name == result.attribute.name && r.element == result.element;
    };
    auto& d = it->second.decisions;
    if (auto found = std::find_if(d.begin(), d.end(), same); found != d.end())
        *found = result;
    else
        d.push_back(result);
    // Then the series that held the superseded one redraw, finding this one already stored.
    QStringList superseded;
    for (auto& [id, other] : series_) {
        if (id == evidence) continue;
        auto& theirs = other.decisions;
        const auto before = theirs.size();
        theirs.erase(std::remove_if(theirs.begin(), theirs.end(), same), theirs.end());
        if (theirs.size() != before) superseded << id;
    }
    emit analysisChanged(evidence);
    for (const QString& id : superseded) emit analysisChanged(id);
}

const ResultEvent* SeriesStore::findResult(const QString& element, const std::string& name) const {
    for (const auto& [id, s] : series_)
        for (const auto& r : s.decisions)
            if (r.attribute.name == name && qText(displayName(r.element)) == element) return &r;
    return nullptr;
}

void SeriesStore::clear() {
    series_.clear();
    order_.clear();
    emit cleared();
}

const StoredSeries* SeriesStore::find(const QString& id) const {
    auto it = series_.find(id);
    return it == series_.end() ? nullptr : &it->second;
}

std::uint64_t SeriesStore::loadCount() const {
    std::uint64_t n = 0;
    for (const auto& [id, s] : series_) n += s.latencies.size();
    return n;
}

std::uint64_t SeriesStore::bytes() const {
    std::uint64_t b = 0;
    for (const auto& [id, s] : series_) b += s.bytes();
    return b;
}

}  // namespace ts::gui
