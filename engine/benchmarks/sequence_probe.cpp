#include "benchmarks/sequence_probe.hpp"

#include <algorithm>
#include <cmath>

#include "analysis/robust.hpp"
#include "model/byte_text.hpp"

namespace ts {

namespace {
constexpr std::uint64_t kMaxCapacityWalk = 1u << 21;  // lines of the capacity-miss pass
// A capacity miss is served by the next level: at least this much slower than a hit (and 4
// cycles), or the pass over twice the size mostly hit (of 300 random GPUs, a 2-way scrambled L1 of
// 59 KiB read a knee of 26 KiB; its 52 KiB pass hit at 26 cycles like one line, every load above
// that counted as a miss, and it read 1 way of 836 sets at 0.9; two AMD L2s of 128 B lines read
// 256 B lines, and a pass at that stride touched half their lines).
constexpr double kMissOverHit = 1.2;

// The threshold as a row of its own (value, no loads): a plot of the series draws the one the
// benchmark decided with, not one it would have to recompute from the kept samples.
double recordThreshold(RunContext& ctx, const std::string& seriesId, double threshold) {
    ctx.appendRows(seriesId, {SeriesRow{0, 0, std::string(kMissThresholdLabel), threshold, {}}});
    return threshold;
}
}  // namespace

std::vector<std::uint64_t> stridedLines(std::uint64_t n, std::uint64_t stride, int passes, std::uint64_t base) {
    std::vector<std::uint64_t> out;
    out.reserve(static_cast<std::size_t>(n) * static_cast<std::size_t>(passes));
    for (int p = 0; p < passes; ++p)
        for (std::uint64_t i = 0; i < n; ++i) out.push_back(base + i * stride);
    return out;
}

ProbeRun timedSecondPass(RunContext& ctx, Space space, const std::vector<std::uint64_t>& onePass,
                         const std::string& seriesId, double x, double x2, const std::string& label) {
    // A short list is repeated (up to 4 times: 8 visits a line in all, what a GPU chain allows) so
    // that one delayed load cannot be the median.
    std::vector<std::uint64_t> pass;
    const std::size_t reps = onePass.size() >= 8 ? 1 : std::min<std::size_t>(4, (8 + onePass.size() - 1) / onePass.size());
    for (std::size_t r = 0; r < reps; ++r) pass.insert(pass.end(), onePass.begin(), onePass.end());
    SequenceChase request;
    request.space = space;
    request.offsets = pass;
    request.offsets.insert(request.offsets.end(), pass.begin(), pass.end());
    request.timedFrom = static_cast<std::uint32_t>(pass.size());
    ProbeRun run;
    run.timed = ctx.chaseSequence(request).latencies;
    run.median = median(run.timed);
    // Evidence keeps at most 256 samples a row, as the other sweeps do.
    std::vector<std::uint32_t> kept(run.timed.begin(), run.timed.begin() + static_cast<long>(std::min<std::size_t>(256, run.timed.size())));
    ctx.appendRows(seriesId, {SeriesRow{x, x2, label, 0, std::move(kept)}});
    return run;
}

double capacityMissThreshold(RunContext& ctx, Space space, std::uint64_t size, std::uint64_t line,
                             const std::string& seriesId) {
    // Two lines at least 128 B apart: the probe repeats them 8 times, and a GPU chain visits one
    // 64-byte piece at most 8 times (lines of 32 B would share one).
    const std::uint64_t second = std::max<std::uint64_t>(line, 128);
    const double hit = timedSecondPass(ctx, space, {0, second}, seriesId, static_cast<double>(line), 0, "hit").median;
    if (2 * size / line > kMaxCapacityWalk) {
        // A cache this large is the last before DRAM in practice: cold lines a size apart miss it.
        SequenceChase cold;
        cold.space = space;
        cold.offsets = stridedLines(16, size + line, 1);
        const ChaseResult r = ctx.chaseSequence(cold);
        ctx.appendRows(seriesId, {SeriesRow{static_cast<double>(size + line), 0, "cold-miss", 0, r.latencies}});
        return recordThreshold(ctx, seriesId, (hit + median(r.latencies)) / 2);
    }
    const double miss = timedSecondPass(ctx, space, stridedLines(2 * size / line, line, 1), seriesId,
                                        static_cast<double>(line), static_cast<double>(2 * size), "capacity-miss")
                            .median;
    if (miss < kMissOverHit * hit + 4)
        throw NoCapacityMiss("a pass over twice the size (" + bytesText(2 * size) + " at a " + bytesText(line) + " stride) hit in " +
                             std::to_string(static_cast<long long>(std::lround(miss))) + " cycles, as one line does (" +
                             std::to_string(static_cast<long long>(std::lround(hit))) +
                             "): the cache holds more than that size, or its lines are smaller than that stride, so no miss "
                             "threshold could be drawn");
    return recordThreshold(ctx, seriesId, (hit + miss) / 2);
}

}  // namespace ts
