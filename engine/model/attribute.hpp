#pragma once
#include <optional>
#include <string>
#include <vector>

namespace ts {

enum class Source { Api, Benchmark };

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
};

}  // namespace ts
