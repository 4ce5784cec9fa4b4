// Each cache's write policy (issue 38, item 3; docs/methods.md, "Write policy"): whether a store
// that misses takes the line (write-allocate), from a chase after stores; whether the cache keeps
// stores or passes them on (write-back or write-through), from how fast stores of a working set it
// holds run beside stores the level behind it takes.
#include <algorithm>
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
constexpr double kMostlyHits = 0.1;     // at most this share above the hits' fence: the stores took the lines
constexpr double kMostlyMisses = 0.9;   // at least this share: they did not
constexpr double kKeptStores = 1.15;    // stores of a held set this much faster than the level behind: write-back
constexpr double kPassedStores = 1.05;  // within this: write-through
constexpr double kWritePolicyConfidence = 0.9;
constexpr std::uint64_t kUnmeasuredL1Bytes = 8 << 10;  // as the roofline's

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
    return {{l1, amd ? Space::Vector : Space::Global, quarter(l1, kUnmeasuredL1Bytes), lineOf(l1), true,
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
    r.recordLoads = kWriteTimedLoads;
    r.recordEvery = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, level.bytes / level.line / kWriteTimedLoads));
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

// Stores then loads: the loads hit this level where it took the stored lines.
void measureAllocate(RunContext& ctx, const WriteLevel& level, const std::string& id) {
    const ChaseResult read = ctx.chase(afterWarmup(level, false));
    const ChaseResult stored = ctx.chase(afterWarmup(level, true));
    ctx.appendRows(id, {SeriesRow{static_cast<double>(level.bytes), 0, "after-loads", 0, read.latencies},
                        SeriesRow{static_cast<double>(level.bytes), 1, "after-stores", 0, stored.latencies}});
    const HitReference hits = hitReference(read.latencies);
    const double missed = shareAbove(hits.fence, stored.latencies);
    const std::string method = "chase after a block's stores, against one after its loads";
    const std::string shares = std::to_string(static_cast<int>(100 * missed)) + " % of the loads after the stores missed (" +
                               bytesText(level.bytes) + ", hits of the loads' chase up to " +
                               std::to_string(static_cast<int>(hits.fence)) + " cycles)";
    // The loads' own chase must hit: else the working set or the path is not this level's.
    if (showsMisses(hits, read.latencies) || read.latencies.empty()) {
        ctx.report(level.element, undecided(attr::writeAllocate, "the chase after loads missed too: " + shares));
        return;
    }
    if (missed <= kMostlyHits)
        ctx.report(level.element, codeAttribute(attr::writeAllocate, 1, "write-allocate", method, shares, id));
    else if (missed >= kMostlyMisses && differentLevels(read.latencies, stored.latencies))
        ctx.report(level.element, codeAttribute(attr::writeAllocate, 2, "no write-allocate", method, shares, id));
    else
        ctx.report(level.element, undecided(attr::writeAllocate, "neither mostly hits nor mostly misses: " + shares));
}

// Stores of a set this level holds, against stores the level behind takes: a write-back cache
// keeps them and runs faster than that level; a write-through one cannot.
void measureWriteBack(RunContext& ctx, const WriteLevel& level, const std::string& id) {
    const DeviceInfo& dev = ctx.device();
    const int units = std::max(1, dev.unitCount);
    const int threads = std::min(1024, dev.maxThreadsPerBlock);
    const int blocks = units * std::max(1, dev.maxThreadsPerUnit / threads);
    BandwidthRequest held{level.unitPrivate ? BandwidthTarget::L1 : BandwidthTarget::L2, BandwidthOp::Write, level.bytes,
                          blocks, threads, 3};
    held.space = level.space;
    held.sweep = level.unitPrivate ? BandwidthSweep::EveryBlock : BandwidthSweep::Grid;
    // Behind an SM's cache: the L2 takes the stores (a grid's, of the same size); behind the L2: the memory.
    BandwidthRequest behind{level.unitPrivate ? BandwidthTarget::L2 : BandwidthTarget::DeviceMemory, BandwidthOp::Write,
                            level.unitPrivate ? level.bytes : bandwidthWorkingSets(ctx).memory, blocks, threads, 3};
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
    else if (ratio > 0 && ratio <= kPassedStores)
        ctx.report(level.element, codeAttribute(attr::writePolicy, 2, "write-through", method, reason, id));
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
