#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/space.hpp"

namespace ts {

// What a series measures; decides its raw-file column layout (MT4G compatible).
enum class SeriesKind {
    Size,              // row.x = array bytes
    LineSize,          // row.x = stride bytes, row.x2 = array bytes
    FetchGranularity,  // row.x = stride bytes
    Latency,           // one row, x unused
    SegmentSize,       // row.x = array bytes (L1-bypassing sweep)
    Amount,            // row.x = second chaser's warp index
    Sharing,           // row.x = index of the other space / unit (see row.label)
    Bandwidth,         // row.x = blocks, row.x2 = threads; latencies hold nothing, value in row.value
    Occupancy,         // row.x = warps per SM/CU, row.x2 = loads in flight per thread; value in row.value (GiB/s)
};

// How a series' miss threshold was found (analysis/series_threshold); the GUI words it.
enum class ThresholdRule {
    None,              // the kind has no hit/miss split, or the rows cannot be split yet
    FastestLoadSplit,  // fetch granularity: hit/miss split of the fastest load of each stride
    EveryLoadSplit,    // line size: hit/miss split of every load
    ControlFence,      // amount: far-out fence of the control row, Q3 + 3 IQR (the miss rule)
    RowMedianSplit,    // L2 segments: near/far split of the row medians, for display
    OneLevel,          // sharing rows of one latency level: every row near
    BenchmarkRow,      // set structure: the threshold the benchmark decided with, kept as a row
};

struct SeriesRow {
    double x = 0;
    double x2 = 0;
    std::string label;                   // free text, e.g. "texture" or "cu 12"
    double value = 0;                    // scalar payload (bandwidth GiB/s)
    std::vector<std::uint32_t> latencies;  // cycles, one per timed load, in load order
};

// One piece of evidence: every row a benchmark measured, in measuring order.
struct Series {
    std::string id;        // unique in a topology, e.g. "l1.size"
    std::string title;     // MT4G benchmark name, e.g. "L1 Size"
    SeriesKind kind = SeriesKind::Size;
    Element element = Element::L1;
    std::vector<SeriesRow> rows;
    // The latency above which a load (or a row's median) counts as a miss, as the engine's rule
    // for this kind finds it from the rows so far (analysis/series_threshold); -1 with rule None.
    // Not written to files: loading a recording computes it again.
    double missThreshold = -1;
    ThresholdRule thresholdRule = ThresholdRule::None;
};

std::string_view toString(SeriesKind k);

// The label of a size sweep's rows measured past its bracket so that a plot shows the level after
// the knee: written with the series, never part of its analysis (change point, reduction, edge).
inline constexpr std::string_view kShownOnlyLabel = "past the knee: shown, not analysed";
// The label of a row that holds, as its value, the latency above which the benchmark counted a
// load as a miss (set-structure series: associativity, replacement policy).
inline constexpr std::string_view kMissThresholdLabel = "miss-threshold";

bool isShownOnly(const SeriesRow& row);
// `series` without its shown-only rows: the rows the engine analysed, for every later analysis
// (a recording's replay, a check that reads the series again).
Series analysedRows(const Series& series);

}  // namespace ts
