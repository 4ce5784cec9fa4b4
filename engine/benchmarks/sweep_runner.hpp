#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/analysis.hpp"
#include "benchmarks/run_context.hpp"

namespace ts {

// Runs chases for one evidence series: batched across units where allowed, rows
// appended and announced as they arrive, reduction and change point on demand.
class SweepRunner {
public:
    SweepRunner(RunContext& ctx, std::string seriesId, const std::string& title, SeriesKind kind,
                Element element);

    // One row per request; row.x defaults to the array size. Returns each row's latencies.
    std::vector<std::vector<std::uint32_t>> run(const std::vector<ChaseRequest>& requests, bool batchable,
                                                std::vector<SeriesRow> rowTemplates = {});

    const Series& sorted() const { return sorted_; }
    // Forgets rows measured past x (speculative rows of a batch beyond the bracket, which
    // may show the next cache level's step and must not enter the change point).
    void dropRowsAbove(double x);
    ChangePoint changePoint();   // over every row so far; emits reduction and change-point events
    void finish();               // leaves the series in the topology sorted by x

private:
    RunContext& ctx_;
    std::string seriesId_;
    Series sorted_;
};

}  // namespace ts
