// Each cache's write policy (issue 38, item 3; docs/methods.md, "Write policy"): whether a store
// that misses takes the line (write-allocate), from a chase after stores; whether the cache keeps
// stores or passes them on (write-back or write-through), from how fast stores of a working set it
// holds run beside stores the level behind it takes.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "analysis/miss_rule.hpp"
#include "analysis/robust.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/device_benchmarks.hpp"
#include "model/attribute_names.hpp"
#include "model/byte_text.hpp"

namespace ts {
namespace {

constexpr std::uint32_t kWriteTimedLoads = 256;
constexpr double kMostly = 0.9;         // of the loads after the stores from one level: it decides
constexpr double kBehindShare = 0.9;    // of the level behind's 5th percentile: where its loads start
constexpr double kFarMargin = 1.15;     // over a far partition's measured latency: still this level
constexpr double kL3Share = 0.85;       // of a measured L3's latency: the L3's loads
constexpr double kKeptStores = 1.15;    // stores of a held set this much faster than the level behind: write-back
constexpr double kPassedStores = 1.05;  // within this: write-through
constexpr double kWritePolicyConfidence = 0.9;
constexpr double kLeanConfidence = 0.5;  // write-through by bandwidth alone: not decided

struct WriteLevel {
    Element element;
    Space space;             // loads that start at this level
    std::uint64_t bytes;     // a quarter of it: held whatever its index and policy
    std::uint32_t line;
    bool unitPrivate;
    std::string title;
};

std::vector<WriteLevel> writeLevels(const RunContext& ctx) {
    const DeviceInfo& dev = ctx.device();
    const bool amd = dev.vendor == Vendor::Amd;
    const auto quarter = [&](Element e, std::uint64_t otherwise) {
        const Attribute* size = undisturbed(decided(ctx, e, attr::size));
        return std::max<std::uint64_t>(4096, (size ? static_cast<std::uint64_t>(size->value) / 4 : otherwise) / 4096 * 4096);
    };
    const auto lineOf = [&](Element e) {
        const Attribute* line = decided(ctx, e, attr::lineSize);
        return line && line->value >= 4 ? static_cast<std::uint32_t>(line->value) : 128u;
    };
    const Element l1 = amd ? Element::VL1 : Element::L1;
    return {{l1, amd ? Space::Vector : Space::Global, quarter(l1, kUnmeasuredUnitCacheBytes), lineOf(l1), true,
             std::string(displayName(l1)) + " Write Policy"},
            {Element::L2, amd ? Space::VectorL2 : Space::GlobalL2, quarter(Element::L2, dev.l2SizeBytes / 4), lineOf(Element::L2), false,
             "L2 Write Policy"}};
}

ChaseRequest afterWarmup(const WriteLevel& level, bool stores) {
    ChaseRequest r;
    r.space = level.space;
    r.arrayBytes = level.bytes;
    r.strideBytes = level.line;
    r.warmupPasses = 1;
    r.blockWarmup = true;
    r.storeWarmup = stores;
    r.flushL2First = true;
    // Each line timed once at most: a second round would find the first round's loads.
    const std::uint64_t lines = std::max<std::uint64_t>(1, level.bytes / level.line);
    r.recordLoads = static_cast<std::uint32_t>(std::min<std::uint64_t>(kWriteTimedLoads, lines));
    r.recordEvery = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, lines / kWriteTimedLoads));
    return r;
}

Attribute codeAttribute(const char* name, int code, const std::string& word, const std::string& method,
                        const std::string& reason, const std::string& evidence) {
    Attribute a;
    a.name = name;
    a.value = code;
    a.names = {word};
    a.method = method;
    a.confidence = kWritePolicyConfidence;
    a.reason = reason;
    a.evidence = evidence;
    return a;
}

// Loads that start at the level behind (the L2 for an SM's cache, device memory for the L2): a
// chase past this level after a warm-up by loads, or a cold one.
ChaseRequest passedOn(const WriteLevel& level) {
    ChaseRequest r = afterWarmup(level, false);
    if (level.unitPrivate) {
        r.space = level.space == Space::Vector ? Space::VectorL2 : Space::GlobalL2;
    } else {
        r.warmupPasses = 0;
        r.blockWarmup = false;
    }
    return r;
}

// Stores then loads: where did the loads come from? From this level: no slower than its hits
// after loads (their fence, Q3 + 3 IQR), or than its far partition where this run measured one
// (an H100's far L2 hits, 480 cycles beside 263 near, are the L2's). From the level behind: no
// faster than 0.9 x the 5th percentile of that level's own chase (the L2 for an SM's cache, the
// memory for the L2), or than 0.85 x a measured L3's latency (AMD's Infinity Cache keeps what the
// L2 passes on). Loads in between leave the question open.
void measureAllocate(RunContext& ctx, const WriteLevel& level, const std::string& id) {
    const ChaseResult read = ctx.chase(afterWarmup(level, false));
    const ChaseResult stored = ctx.chase(afterWarmup(level, true));
    const ChaseResult behind = ctx.chase(passedOn(level));
    ctx.appendRows(id, {SeriesRow{static_cast<double>(level.bytes), 0, "after-loads", 0, read.latencies},
                        SeriesRow{static_cast<double>(level.bytes), 1, "after-stores", 0, stored.latencies},
                        SeriesRow{static_cast<double>(level.bytes), 2, "level-behind", 0, behind.latencies}});
    if (read.latencies.empty() || stored.latencies.empty() || behind.latencies.empty()) {
        ctx.report(level.element, undecided(attr::writeAllocate, "a chase returned no timed loads"));
        return;
    }
    double thisLevel = hitReference(read.latencies).fence;
    if (const Attribute* far = decided(ctx, level.element, attr::farLatency); far && !level.unitPrivate)
        thisLevel = std::max(thisLevel, kFarMargin * far->value);
    double levelBehind = kBehindShare * quantile(behind.latencies, 0.05);
    if (const Attribute* l3 = decided(ctx, Element::L3, attr::latency); l3 && !level.unitPrivate)
        levelBehind = std::min(levelBehind, kL3Share * l3->value);
    const auto shareAtMost = [](double cut, const std::vector<std::uint32_t>& row) { return 1.0 - shareAbove(cut, row); };
    const double readHere = shareAtMost(thisLevel, read.latencies);
    const double storedHere = shareAtMost(thisLevel, stored.latencies);
    const double storedBehind = shareAbove(levelBehind - 1, stored.latencies);
    const auto percent = [](double share) { return std::to_string(std::lround(100 * share)) + " %"; };
    const std::string shares = "after the stores " + percent(storedHere) + " of the loads came from this level (up to " +
                               std::to_string(std::lround(thisLevel)) + " cycles) and " + percent(storedBehind) +
                               " from the level behind (from " + std::to_string(std::lround(levelBehind)) + " cycles); after loads " +
                               percent(readHere) + " from this level; " + bytesText(level.bytes);
    const std::string method = "chase after a block's stores, against one after its loads and one of the level behind";
    if (readHere < kMostly || thisLevel >= levelBehind)  // the working set or the path is not this level's
        ctx.report(level.element, undecided(attr::writeAllocate, "the chase after loads did not stay in this level: " + shares));
    else if (storedHere >= kMostly)
        ctx.report(level.element, codeAttribute(attr::writeAllocate, 1, "write-allocate", method, shares, id));
    else if (storedBehind >= kMostly)
        ctx.report(level.element, codeAttribute(attr::writeAllocate, 2, "no write-allocate", method, shares, id));
    else
        ctx.report(level.element, undecided(attr::writeAllocate,
                                            "the loads came from neither mostly (a far partition or a cache behind not measured "
                                            "in this run?): " + shares));
}

// Stores of a set this level holds, against stores the level behind takes: a write-back cache
// keeps them and runs faster than that level; a write-through one cannot.
void measureWriteBack(RunContext& ctx, const WriteLevel& level, const std::string& id) {
    const DeviceInfo& dev = ctx.device();
    const int units = std::max(1, dev.unitCount);
    const int threads = std::min(1024, dev.maxThreadsPerBlock);
    const int blocks = units * std::max(1, dev.maxThreadsPerUnit / threads);
    // The L2's held set is the bandwidth group's (half of it): a quarter kept the H100's grid
    // stores at 3343 GiB/s where half reached 3650.
    const BandwidthWorkingSets sets = bandwidthWorkingSets(ctx);
    BandwidthRequest held{level.unitPrivate ? BandwidthTarget::L1 : BandwidthTarget::L2, BandwidthOp::Write,
                          level.unitPrivate ? level.bytes : std::max(level.bytes, sets.l2), blocks, threads, 3};
    held.space = level.space;
    held.sweep = level.unitPrivate ? BandwidthSweep::EveryBlock : BandwidthSweep::Grid;
    // The level behind takes a grid's stores of its own working set (half the L2, or the memory's):
    // one of the L1's size keeps most threads idle (an H100 read 221 GiB/s).
    BandwidthRequest behind{level.unitPrivate ? BandwidthTarget::L2 : BandwidthTarget::DeviceMemory, BandwidthOp::Write,
                            level.unitPrivate ? sets.l2 : sets.memory, blocks, threads, 3};
    behind.space = dev.vendor == Vendor::Amd ? Space::VectorL2 : Space::GlobalL2;
    const double heldRate = ctx.bandwidth(held).gibPerSecond, behindRate = ctx.bandwidth(behind).gibPerSecond;
    ctx.appendRows(id, {SeriesRow{static_cast<double>(held.bytes), 2, "stores-held", heldRate, {}},
                        SeriesRow{static_cast<double>(behind.bytes), 3, "stores-behind", behindRate, {}}});
    const double ratio = behindRate > 0 ? heldRate / behindRate : 0;
    const std::string what = std::string(level.unitPrivate ? "the L2" : "device memory");
    const std::string reason = "stores of " + bytesText(held.bytes) + " it holds ran at " + std::to_string(std::lround(heldRate)) +
                               " GiB/s, " + std::to_string(std::lround(100 * ratio)) + " % of the " +
                               std::to_string(std::lround(behindRate)) + " GiB/s that " + what + " takes";
    const std::string method = "store bandwidth of a held set against the level behind it";
    if (ratio >= kKeptStores)
        ctx.report(level.element, codeAttribute(attr::writePolicy, 1, "write-back", method, reason, id));
    else if (ratio > 0 && ratio <= kPassedStores) {
        // As fast as the level behind, or slower: it passed them on, or it kept them but takes
        // stores no faster than that level (a random L2 whose writes were slower than memory's).
        Attribute lean = codeAttribute(attr::writePolicy, 2, "write-through", method,
                                       reason + ": write-through, or a write-back cache no faster for stores than the level behind",
                                       id);
        lean.confidence = kLeanConfidence;
        ctx.report(level.element, lean);
    }
    else
        ctx.report(level.element, undecided(attr::writePolicy, "neither clearly faster nor as fast: " + reason));
}

}  // namespace

void measureWritePolicy(RunContext& ctx) {
    for (const WriteLevel& level : writeLevels(ctx)) {
        ctx.beginStep(level.title, "stores, then loads");
        const std::string id = std::string(toString(level.element)) + ".write_policy";
        ctx.openSeries(id, level.title, SeriesKind::Sharing, level.element);  // labelled rows
        try {
            measureAllocate(ctx, level, id);
            measureWriteBack(ctx, level, id);
        } catch (const BackendError& e) {
            if (e.deviceLost()) throw;
            reportFailedBenchmark(ctx, level.element, {attr::writeAllocate, attr::writePolicy}, level.title, e.what());
        }
    }
}

}  // namespace ts
