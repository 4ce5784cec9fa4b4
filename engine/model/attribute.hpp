#pragma once
#include <optional>
#include <string>
#include <vector>

namespace ts {

enum class Source { Api, Benchmark };

// What an attribute went through besides its measurement: set by the engine (markAttribute,
// model/attribute_marks.hpp), read by every view and saved in the report ("marks",
// toposcope-report/3). The reason says it in words as well; no reader ever looks for a mark there.
enum class Mark {
    SharedGpu,         // another process disturbed its measurement or an input it was decided from
    OccupancyLimited,  // a known neighbour's lines in a device-wide cache move it (SharedGpu too)
    Projected,         // a MIG instance's share projected from the whole GPU, not measured inside it
};

struct LatencyStats {
    double mean = 0, p50 = 0, p95 = 0, stdev = 0, min = 0, max = 0;
    std::size_t samples = 0;
};

// One reported fact about a memory element (or the device) with its provenance.
// A benchmark that cannot decide reports confidence 0 and says why in `reason`;
// `value` then holds the best bound it has, or 0.
struct Attribute {
    std::string name;          // "size", "lineSize", "fetchGranularity", "latency", "missPenalty",
                               // "amountPerUnit", "sharedWith", "segmentSize", "readBandwidth", ...
    double value = 0;
    std::string unit;          // "bytes", "cycles", "GiB/s", "" for counts
    Source source = Source::Benchmark;
    std::string method;        // "p-chase", "p-chase+ks", "api", ...
    double confidence = 1.0;   // 0..1; API values are 1
    std::string evidence;      // Series::id this came from, empty for API values
    std::string reason;        // why confidence is low / what the value means (bound, ...)
    std::optional<LatencyStats> stats;            // latency attributes
    std::vector<std::string> names;               // sharedWith and similar lists
    std::vector<std::vector<int>> groups;         // CU sharing groups (physical ids)
    bool lowerBound = false;                      // value is only a lower bound
    bool upperBound = false;                      // value is only an upper bound
    bool overheadSubtracted = false;              // latency attributes: timer overhead subtracted?
    bool failed = false;                          // its benchmark failed or did not run: `reason` says why
    std::vector<Mark> marks;                      // each at most once, in the order set

    // The rules every reader (engine, CLI, GUI) applies to an attribute; keep them here only.
    // Decided: its benchmark (or the API) settled on it; undecided ones carry confidence 0.
    bool isDecided() const { return confidence > 0; }
    bool isBound() const { return lowerBound || upperBound; }
    // Decided and not merely a lower bound, so a later step may take `value` as the figure
    // itself (an upper bound still limits it, as a stride or a size ceiling).
    bool isDecidedFigure() const { return isDecided() && !lowerBound; }
    // Decided with a positive value: a quantity (size, count) a later step may divide by.
    bool isDecidedQuantity() const { return isDecided() && value > 0; }
    // Worth printing on screen: a positive value that the API reported, a benchmark decided,
    // or a benchmark bounded (shown as a bound such as ">= 64 KiB").
    bool isShowable() const { return value > 0 && (source == Source::Api || isDecided() || isBound()); }
    bool hasMark(Mark m) const {
        for (Mark x : marks)
            if (x == m) return true;
        return false;
    }
};

}  // namespace ts
