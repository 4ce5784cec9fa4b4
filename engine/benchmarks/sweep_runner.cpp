#include "benchmarks/sweep_runner.hpp"

#include <algorithm>

#include "analysis/series_threshold.hpp"

namespace ts {

SweepRunner::SweepRunner(RunContext& ctx, std::string seriesId, const std::string& title, SeriesKind kind,
                         Element element)
    : ctx_(ctx), seriesId_(std::move(seriesId)) {
    sorted_ = ctx_.openSeries(seriesId_, title, kind, element);
}

std::vector<std::vector<std::uint32_t>> SweepRunner::run(const std::vector<ChaseRequest>& requests,
                                                         bool batchable, std::vector<SeriesRow> rowTemplates) {
    std::vector<ChaseResult> results;
    if (batchable) {
        const auto units = static_cast<std::size_t>(std::max(1, ctx_.device().unitCount));
        for (std::size_t first = 0; first < requests.size(); first += units) {
            std::vector<ChaseRequest> chunk(requests.begin() + static_cast<long>(first),
                                            requests.begin() + static_cast<long>(std::min(requests.size(), first + units)));
            for (std::size_t i = 0; i < chunk.size(); ++i) chunk[i].unit = static_cast<int>(i);
            for (auto& r : ctx_.chaseBatch(chunk)) results.push_back(std::move(r));
        }
    } else {
        for (const auto& r : requests) results.push_back(ctx_.chase(r));
    }

    std::vector<SeriesRow> rows;
    std::vector<std::vector<std::uint32_t>> latencies;
    for (std::size_t i = 0; i < results.size(); ++i) {
        SeriesRow row = i < rowTemplates.size() ? rowTemplates[i] : SeriesRow{};
        if (i >= rowTemplates.size()) row.x = static_cast<double>(requests[i].arrayBytes);
        row.latencies = results[i].latencies;
        latencies.push_back(results[i].latencies);
        sorted_.rows.push_back(row);
        rows.push_back(std::move(row));
    }
    std::stable_sort(sorted_.rows.begin(), sorted_.rows.end(),
                     [](const SeriesRow& a, const SeriesRow& b) { return a.x < b.x || (a.x == b.x && a.x2 < b.x2); });
    ctx_.appendRows(seriesId_, std::move(rows));
    return latencies;
}

void SweepRunner::showOnlyAbove(double x) {
    for (auto& row : sorted_.rows)
        if (row.x > x) {
            row.label = kShownOnlyLabel;
            shownOnly_.push_back(row);
        }
    std::erase_if(sorted_.rows, [x](const SeriesRow& row) { return row.x > x; });
    store();
}

std::vector<std::vector<std::uint32_t>> SweepRunner::showAlso(const std::vector<ChaseRequest>& requests,
                                                              const std::vector<double>& xs) {
    std::vector<std::vector<std::uint32_t>> latencies;
    if (requests.empty()) return latencies;
    std::vector<SeriesRow> rows;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        rows.push_back(SeriesRow{xs.at(i), 0, std::string(kShownOnlyLabel), 0, ctx_.chase(requests[i]).latencies});
        latencies.push_back(rows.back().latencies);
    }
    shownOnly_.insert(shownOnly_.end(), rows.begin(), rows.end());
    ctx_.appendRows(seriesId_, std::move(rows));
    return latencies;
}

ChangePoint SweepRunner::changePoint() {
    ReductionEvent reduction{seriesId_, {}, reduceSweep(sorted_)};
    for (const auto& row : sorted_.rows) reduction.xs.push_back(row.x);
    ctx_.observer().onReduction(reduction);
    ChangePoint cp = findChangePoint(sorted_);
    if (cp.found) ctx_.observer().onChangePoint({seriesId_, cp.index, cp.x, cp.confidence});
    return cp;
}

void SweepRunner::finish() { store(); }

void SweepRunner::store() {
    Series& stored = ctx_.openSeries(seriesId_, sorted_.title, sorted_.kind, sorted_.element);
    stored.rows = sorted_.rows;
    stored.rows.insert(stored.rows.end(), shownOnly_.begin(), shownOnly_.end());
    std::stable_sort(stored.rows.begin(), stored.rows.end(), [](const SeriesRow& a, const SeriesRow& b) { return a.x < b.x; });
    updateMissThreshold(stored);
    ctx_.observer().onSeriesChunk({&stored, 0});
}

}  // namespace ts
