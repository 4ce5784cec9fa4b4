// The random-fill walks: random lines walked in the orders analysis/random_fill models.
#include "benchmarks/random_fill.hpp"

#include <algorithm>
#include <cmath>

#include "backend/sequence_chase.hpp"

namespace ts {
namespace {

// `count` distinct lines at random from the region, as byte offsets, in the order drawn.
std::vector<std::uint64_t> randomLines(std::uint64_t count, std::uint64_t regionLines, std::uint64_t lineBytes) {
    std::vector<std::uint64_t> lines;
    lines.reserve(count);
    std::vector<bool> used(regionLines, false);
    std::uint64_t state = 0x2545f4914f6cdd1dull;
    while (lines.size() < count) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const std::uint64_t pick = (state >> 17) % regionLines;
        if (!used[pick]) used[pick] = true, lines.push_back(pick * lineBytes);
    }
    return lines;
}

// Timed loads are counted only where the load before was in the same 2 MiB block (a GPU's large
// page or a part of one): the first load in a block may wait for its translation, which a hit's
// latency cannot tell from a miss. Which loads those are has nothing to do with the cache's sets.
constexpr std::uint64_t kTranslationBlock = 2u << 20;

struct TimedWalk {
    std::vector<std::uint64_t> untimed, timed;
};

std::vector<std::uint32_t> timedLoads(RunContext& ctx, Space space, const TimedWalk& walk) {
    SequenceChase request;
    request.space = space;
    request.timedFrom = static_cast<std::uint32_t>(walk.untimed.size());
    request.offsets = walk.untimed;
    request.offsets.insert(request.offsets.end(), walk.timed.begin(), walk.timed.end());
    return ctx.chaseSequence(request).latencies;
}

// Evidence keeps at most this many of a walk's counted loads, spread evenly over it.
constexpr std::size_t kFillSampledLoads = 256;

// Hits among timed loads from..to, those after a load in another block left out; `row` (label,
// x = loads counted, x2 = hits) keeps a sample of the counted loads' latencies.
HitCount hitsOf(const TimedWalk& walk, const std::vector<std::uint32_t>& latencies, std::size_t from, std::size_t to,
                double threshold, SeriesRow& row) {
    HitCount c;
    std::vector<std::uint32_t> counted;
    for (std::size_t i = from; i < to; ++i) {
        const std::uint64_t before = i > 0 ? walk.timed[i - 1] : walk.untimed.back();
        if (before / kTranslationBlock != walk.timed[i] / kTranslationBlock) continue;
        c.timed += 1;
        c.hits += latencies[i] <= threshold ? 1 : 0;
        counted.push_back(latencies[i]);
    }
    row.x = c.timed, row.x2 = c.hits;
    const std::size_t step = std::max<std::size_t>(1, counted.size() / kFillSampledLoads);
    for (std::size_t i = 0; i < counted.size() && row.latencies.size() < kFillSampledLoads; i += step) row.latencies.push_back(counted[i]);
    return c;
}

// Lines from..to of the draw, in address order: a walk then translates each page once, not each
// load (a region 64 times an Infinity Cache spans far more than a TLB reaches), and the sets'
// shares stay random (the draw picks which lines, the order within a set is all that matters).
using Lines = std::vector<std::uint64_t>;
Lines slice(const Lines& lines, std::size_t from, std::size_t to) {
    Lines part(lines.begin() + static_cast<long>(from), lines.begin() + static_cast<long>(to));
    std::sort(part.begin(), part.end());
    return part;
}

}  // namespace

RandomFillMeasurement measureRandomFill(RunContext& ctx, Space space, std::uint64_t capacityLines, std::uint64_t lineBytes,
                                        double threshold, const std::string& series) {
    RandomFillMeasurement m;
    m.capacityLines = capacityLines;
    const std::uint64_t memoryLines = ctx.backend().maxArrayBytes(space) / lineBytes;
    m.regionLines = std::min(kRegionFactor * capacityLines, memoryLines);
    ctx.appendRows(series, {SeriesRow{static_cast<double>(m.regionLines), static_cast<double>(capacityLines), "random-region", 0, {}}});
    if (m.regionLines < kMinRegionFactor * capacityLines) return m;  // not complete: too little memory
    const auto firstLines = static_cast<std::size_t>(std::llround(kReuseFirstLines * static_cast<double>(capacityLines)));
    const auto newLines = static_cast<std::size_t>(std::llround(kReuseNewLines * static_cast<double>(capacityLines)));
    const Lines lines = randomLines(std::max<std::uint64_t>(firstLines + newLines, capacityLines), m.regionLines, lineBytes);
    for (double fraction : kRandomFillFractions) {
        const Lines fill = slice(lines, 0, static_cast<std::size_t>(std::llround(fraction * static_cast<double>(capacityLines))));
        const TimedWalk walk{fill, fill};
        SeriesRow row{0, 0, "random-fill", fraction, {}};
        m.fills.push_back(hitsOf(walk, timedLoads(ctx, space, walk), 0, fill.size(), threshold, row));
        ctx.appendRows(series, {std::move(row)});
    }
    // A, A's first half again, B; then A's sampled lines, its first half's before its second's.
    const Lines a = slice(lines, 0, firstLines);
    const Lines b = slice(lines, firstLines, firstLines + newLines);
    TimedWalk walk{a, {}};
    walk.untimed.insert(walk.untimed.end(), a.begin(), a.begin() + static_cast<long>(firstLines / 2));
    walk.untimed.insert(walk.untimed.end(), b.begin(), b.end());
    std::size_t sampledFirstHalf = 0;
    for (std::size_t i = 0; i < a.size(); i += kReuseSampleStep) {
        walk.timed.push_back(a[i]);
        if (i < firstLines / 2) ++sampledFirstHalf;
    }
    const std::vector<std::uint32_t> latencies = timedLoads(ctx, space, walk);
    SeriesRow first{0, 0, "reuse-first-half", 0, {}}, second{0, 0, "reuse-second-half", 0, {}};
    m.reuseFirstHalf = hitsOf(walk, latencies, 0, sampledFirstHalf, threshold, first);
    m.reuseSecondHalf = hitsOf(walk, latencies, sampledFirstHalf, latencies.size(), threshold, second);
    ctx.appendRows(series, {std::move(first), std::move(second)});
    return m;
}

RandomFillMeasurement randomFillFromRows(const Series& series) {
    RandomFillMeasurement m;
    m.fills.resize(std::size(kRandomFillFractions));
    for (const SeriesRow& row : series.rows) {
        const HitCount count{row.x, row.x2};
        if (row.label == "random-region") {
            m.regionLines = static_cast<std::uint64_t>(row.x);
            m.capacityLines = static_cast<std::uint64_t>(row.x2);
        }
        if (row.label == "reuse-first-half") m.reuseFirstHalf = count;
        if (row.label == "reuse-second-half") m.reuseSecondHalf = count;
        if (row.label != "random-fill") continue;
        for (std::size_t i = 0; i < std::size(kRandomFillFractions); ++i)
            if (row.value == kRandomFillFractions[i]) m.fills[i] = count;
    }
    return m;
}

}  // namespace ts
