#pragma once
// Where a size sweep's misses begin (docs/methods.md, "Size"): the fence between hits and misses,
// the count of loads above it that chance explains, and the first row of the ramp of misses, as
// the live size search (benchmarks/size_search.cpp) decides them. The analysis of MT4G raw series
// does not use it yet: on MT4G's real RTX 2080 Ti series it moved the L1 from 61.5 to 57 KiB
// (docs/validation.md, "session 21"), a change that is still to be decided.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/miss_rule.hpp"
#include "model/series.hpp"

namespace ts {

// A load missed when it is slower than the midpoint between the hit level and the level of the
// largest row (which misses): hits of one level differ by tens of cycles where lines sit in
// different L2 slices, so the hit row's own fence would count the slower slices as misses.
//
// A row fits entirely when its count of such loads is what the rows known to fit show by chance:
// fewer than the count that their pooled rate reaches with probability 0.001 (binomial). Clean
// rows on the H100/H200 show none of 256 (a row then misses from 3 slow loads, 1.2 %); the
// simulator's outliers show up to 1.2 % (a row misses from 8, 3 %). A fixed 2 % sat on the H200 L2's plateau of 2-4 %
// misses between 24.5 and 27.6 MiB and moved its size by 5 % between runs.
struct MissCut {
    double cycles = 0;
    double chanceRate = 0;  // share of such loads in rows that fit
    // The most loads of `loads` above the fence that chance explains (binomial, significance 0.001).
    std::size_t maxChanceMisses(std::size_t loads) const;
    bool fits(const std::vector<std::uint32_t>& latencies) const;
    bool fits(const SeriesRow& row) const { return fits(row.latencies); }
};

// The count rule of sampled rows against the hit reference row: loads above `fence`, more than
// the reference row's own share of them explains (the bracket search, before any missing row is
// known).
MissCut referenceCut(const std::vector<std::uint32_t>& referenceRow, double fence);

// The miss level of a row: its median, or for a sampled row (where misses may be a minority) the
// median of its loads above the hit fence.
double missLevel(const std::vector<std::uint32_t>& row, double fence, bool sampled);

// The fence halfway between the hit level and the miss level, with the chance rate of the rows
// up to `fittingUpTo` (the exponential search's last size without misses by its rule) that fit
// by the count of the rows below them.
// The miss level is `farMissLevel` where one was measured (loads that surely miss), else that of
// the largest row of `sorted`.
MissCut missCut(const HitReference& reference, const Series& sorted, double fittingUpTo, bool sampled,
                double farMissLevel = 0);

// The first row with misses whose next row or the one after has misses too: the onset of the
// partial-miss ramp. Rows inside a ramp may show no miss among their samples by chance, so the
// onset is sought from below, not by walking down from the change point; a lone disturbed row
// below the cache size does not count. rows.size() when there is none.
//
// Sampled rows (4096 loads) see a ramp in every row, and see more: on the H100 a row now and then
// shows 2-3 slow loads of 4096 up to half a MiB below the ramp, which moved the size by 2.5 %
// between runs. Their onset must be followed by misses in both next rows.
std::size_t missOnset(const Series& sorted, const MissCut& cut, bool sampled);

// The largest row's x strictly below the row at `onset` (a size measured twice may fit in one
// pass and miss in the other), none where no row lies below it.
std::optional<double> rowBelow(const Series& sorted, std::size_t onset);

// The reason's note where the edge rule moved a size off its change point.
std::string edgeNote(double onsetBytes, double edgeBytes, double changeBytes);

}  // namespace ts
