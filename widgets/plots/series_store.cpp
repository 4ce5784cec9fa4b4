#include "plots/series_store.hpp"

#include <algorithm>
#include <numeric>

namespace ts::gui {
namespace {

StoredRow storeRow(const RowData& row, std::vector<std::uint32_t>& buffer) {
    StoredRow s;
    s.x = row.x;
    s.x2 = row.x2;
    s.value = row.value;
    s.label = row.label;
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

StoredSeries& SeriesStore::ensure(const SeriesChunk& chunk) {
    auto [it, inserted] = series_.try_emplace(chunk.id);
    StoredSeries& s = it->second;
    if (inserted) {
        s.id = chunk.id;
        order_.push_back(chunk.id);
    }
    s.title = chunk.title;
    s.kind = chunk.kind;
    s.element = chunk.element;
    return s;
}

void SeriesStore::addChunk(const SeriesChunk& chunk) {
    const bool isNew = series_.find(chunk.id) == series_.end();
    StoredSeries& s = ensure(chunk);
    std::size_t incoming = 0;
    for (const auto& r : chunk.rows) incoming += r.latencies.size();
    if (chunk.replace) {
        // A fresh buffer of the exact size: the replaced one may hold growth slack.
        std::vector<std::uint32_t>().swap(s.latencies);
        std::vector<StoredRow>().swap(s.rows);
        s.latencies.reserve(incoming);
        s.rows.reserve(chunk.rows.size());
        ++s.generation;
    } else {
        s.latencies.reserve(s.latencies.size() + incoming);
    }
    for (const auto& r : chunk.rows) s.rows.push_back(storeRow(r, s.latencies));
    if (chunk.missThreshold >= 0 || chunk.replace) {
        s.missThreshold = chunk.missThreshold;
        s.thresholdRule = chunk.thresholdRule;
    }
    if (isNew) emit seriesAdded(chunk.id);
    emit rowsChanged(chunk.id);
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
    auto& d = it->second.decisions;
    auto same = std::find_if(d.begin(), d.end(), [&](const ResultEvent& r) {
        return r.attribute.name == result.attribute.name && r.element == result.element;
    });
    if (same != d.end())
        *same = result;
    else
        d.push_back(result);
    emit analysisChanged(evidence);
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
