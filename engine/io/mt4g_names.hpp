#pragma once
// MT4G's benchmark and file names, both ways.
#include <optional>
#include <string>

#include "model/series.hpp"
#include "model/space.hpp"

namespace ts {

struct Mt4gBenchmark {
    Element element;
    SeriesKind kind;
    std::string id;  // series id, e.g. "l1.size", "constant_l15.fetch_granularity"
};

// "L1 Size", "Constant L1.5 Fetch Granularity", "Main Memory Latency", "L2 Segment Size", ...
// MT4G calls AMD's vL1 "L1" and the LDS "Shared Memory": `vendor` picks the element.
std::optional<Mt4gBenchmark> parseMt4gBenchmark(const std::string& name, Vendor vendor);

// The MT4G benchmark name of a series that has no title.
std::string mt4gBenchmarkName(Element element, SeriesKind kind);

struct Mt4gFileName {
    std::string gpu;        // spaces restored for the underscored naming
    std::string benchmark;  // with spaces
};
// "<GPU> - <Bench>.txt" or "<name>__<Bench_with_underscores>.txt"; nullopt for anything else.
std::optional<Mt4gFileName> parseMt4gFileName(const std::string& fileName);

// Guess for display and for MT4G's ambiguous names only: AMD if the name says so.
Vendor vendorFromName(const std::string& gpuName);

}  // namespace ts
