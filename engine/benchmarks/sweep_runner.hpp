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

    // The rows analysed so far, sorted by x.
    const Series& sorted() const { return sorted_; }
    // Takes the rows measured past x out of the analysis (rows beyond a bracket may show the next
    // cache level's step and must not enter the change point); the series keeps them, labelled
    // kShownOnlyLabel, so that its plot shows the level after the knee.
    void showOnlyAbove(double x);
    // Measures rows kept out of sorted() and the change point (kShownOnlyLabel), row i at xs[i]:
    // rows for the plot, or a reference row beyond the sweep. Returns their latencies.
    std::vector<std::vector<std::uint32_t>> showAlso(const std::vector<ChaseRequest>& requests, const std::vector<double>& xs);
    ChangePoint changePoint();   // over the rows analysed; emits reduction and change-point events
    void finish();               // leaves the series in the topology sorted by x

private:
    void store();                // the topology's series := analysed and shown-only rows, announced

    RunContext& ctx_;
    std::string seriesId_;
    Series sorted_;
    std::vector<SeriesRow> shownOnly_;
};

}  // namespace ts
