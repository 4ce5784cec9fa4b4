// The roofline (issue 38; docs/methods.md, "Bandwidth of every level"): each level read (and,
// where it takes them, written) by 128-bit loads or stores at every occupancy from one warp per
// SM/CU to the most that fit, with 1, 2, 4 and 8 in flight per thread.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "analysis/occupancy_curve.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/device_benchmarks.hpp"
#include "model/attribute_names.hpp"
#include "model/byte_text.hpp"

namespace ts {
namespace {

constexpr int kRooflineLoads[] = {1, 2, 4, 8};
constexpr int kRooflineBytesPerLoad = 16;
constexpr int kRooflineRepetitions = 5;
// The watched repeat of the best configuration must read within this of the sweep's plateau.
constexpr double kRooflineRepeatTolerance = 0.05;
constexpr double kRooflineUnconfirmed = 0.5;
constexpr std::uint64_t kRooflineScratchpadBytes = 32 << 10;
constexpr std::uint64_t kRooflineConstantBytes = 1 << 10;
constexpr double kRooflineStillCached = 1.05;

// What a sweep measures, and the names its four figures are reported under.
struct RooflineKind {
    BandwidthOp op;
    LaneAccess lanes;
    attr::RooflineNames figures;
    const char* title;     // "Read", ...: the step's and the series' title after the level's name
    const char* seriesId;  // after the element's id: "occupancy", ...
    std::vector<std::string> names() const { return {figures.bandwidth, figures.perCycle, figures.warps, figures.inFlight}; }
};
const RooflineKind kReadSweep{BandwidthOp::Read, LaneAccess::Own, attr::rooflineRead, "Read", "occupancy"};
const RooflineKind kWriteSweep{BandwidthOp::Write, LaneAccess::Own, attr::rooflineWrite, "Write", "write.occupancy"};
const RooflineKind kBroadcastSweep{BandwidthOp::Read, LaneAccess::Broadcast, attr::rooflineBroadcast, "Broadcast Read",
                                   "broadcast.occupancy"};

struct RooflineLevel {
    Element element;
    BandwidthTarget target;
    Space space;
    BandwidthSweep sweep;
    std::uint64_t bytes = 0;
    std::string workingSet;  // how its size was chosen
    const RooflineKind* kind = &kReadSweep;
};

// Half the level's measured size in whole `granule`s, at least one; `otherwise` where this run measured none.
std::uint64_t rooflineHalfOfMeasured(const RunContext& ctx, Element element, std::uint64_t otherwise, std::string& why,
                                     std::uint64_t granule = 4096) {
    if (const Attribute* size = undisturbed(decided(ctx, element, attr::size))) {
        why = "half the measured size";
        return std::max<std::uint64_t>(granule, static_cast<std::uint64_t>(size->value / 2) / granule * granule);
    }
    why = "its size not measured in this run";
    return otherwise;
}

// The SM/CU's own levels: NVIDIA's L1, texture and read-only paths (one cache since Volta) and
// its constant cache (spread over the lanes and broadcast); AMD's vL1 and sL1d; the scratchpad.
void unitLevels(const RunContext& ctx, std::vector<RooflineLevel>& levels) {
    const DeviceInfo& dev = ctx.device();
    const bool amd = dev.vendor == Vendor::Amd;
    std::string why;
    const Element l1 = amd ? Element::VL1 : Element::L1;
    const std::uint64_t l1Bytes = rooflineHalfOfMeasured(ctx, l1, kUnmeasuredUnitCacheBytes, why);
    levels.push_back({l1, BandwidthTarget::L1, amd ? Space::Vector : Space::Global, BandwidthSweep::EveryBlock, l1Bytes, why});
    if (amd) {
        const std::uint64_t scalar = rooflineHalfOfMeasured(ctx, Element::SL1D, kUnmeasuredUnitCacheBytes, why);
        levels.push_back({Element::SL1D, BandwidthTarget::L1, Space::Scalar, BandwidthSweep::EveryBlock, scalar, why});
    } else {
        const std::uint64_t texture = rooflineHalfOfMeasured(ctx, Element::Texture, l1Bytes, why);
        levels.push_back({Element::Texture, BandwidthTarget::L1, Space::Texture, BandwidthSweep::EveryBlock, texture, why});
        const std::uint64_t readOnly = rooflineHalfOfMeasured(ctx, Element::ReadOnly, l1Bytes, why);
        levels.push_back({Element::ReadOnly, BandwidthTarget::L1, Space::ReadOnly, BandwidthSweep::EveryBlock, readOnly, why});
        // A constant cache holds a few KiB, too little to share out among a block's warps: each
        // warp sweeps all of half of it.
        const std::uint64_t constant = rooflineHalfOfMeasured(ctx, Element::ConstantL1, kRooflineConstantBytes, why, 256);
        for (const RooflineKind* kind : {&kReadSweep, &kBroadcastSweep})
            levels.push_back({Element::ConstantL1, BandwidthTarget::L1, Space::Constant, BandwidthSweep::EveryWarp, constant, why, kind});
    }
    const std::uint64_t scratch = std::min<std::uint64_t>(kRooflineScratchpadBytes, dev.sharedPerBlockBytes / 2 / 4096 * 4096);
    if (scratch > 0)
        for (const RooflineKind* kind : {&kReadSweep, &kWriteSweep})
            levels.push_back({amd ? Element::Lds : Element::Shared, BandwidthTarget::Scratchpad, amd ? Space::Lds : Space::Shared,
                              BandwidthSweep::EveryBlock, scratch, "a block's own, half what a block may have", kind});
}

std::vector<RooflineLevel> rooflineLevels(const RunContext& ctx) {
    const bool amd = ctx.device().vendor == Vendor::Amd;
    const BandwidthWorkingSets sets = bandwidthWorkingSets(ctx);
    std::vector<RooflineLevel> levels;
    unitLevels(ctx, levels);
    const Space pastUnits = amd ? Space::VectorL2 : Space::GlobalL2;
    const bool l3Unmeasured = amd && sets.l3 == 0;
    const std::string memorySet = l3Unmeasured
                                      ? "eight times the largest cache measured; no L3 was measured in this run, and an L3 may keep part of it"
                                      : "eight times the largest cache measured, at least 1 GiB";
    for (const RooflineKind* kind : {&kReadSweep, &kWriteSweep}) {
        if (sets.l2 > 0) levels.push_back({Element::L2, BandwidthTarget::L2, pastUnits, BandwidthSweep::Grid, sets.l2, "half the L2", kind});
        if (sets.l3 > 0) levels.push_back({Element::L3, BandwidthTarget::L3, pastUnits, BandwidthSweep::Grid, sets.l3, "half the L3", kind});
        levels.push_back({Element::DeviceMemory, BandwidthTarget::DeviceMemory, pastUnits, BandwidthSweep::Grid, sets.memory, memorySet, kind});
    }
    return levels;
}

// Warps per unit from one to the most a unit holds, in steps of about 1.5 (1, 2, 3, 4, 6, 8, 12, ...)
// so that the 90 % point lies within a third of where the curve crosses it, and that most.
std::vector<int> rooflineOccupancies(const DeviceInfo& dev) {
    const int most = std::max(1, dev.maxThreadsPerUnit / std::max(1, dev.warpSize));
    std::vector<int> out;
    for (int w = 1; w < most; w = w < 2 ? 2 : (w & (w - 1)) == 0 ? w + w / 2 : w / 3 * 4) out.push_back(w);
    out.push_back(most);
    return out;
}

// `warps` per unit on every unit: the fewest equal blocks that make them.
std::optional<BandwidthRequest> rooflineRequest(const DeviceInfo& dev, const RooflineLevel& level, int warps, int loads) {
    const int warpsPerBlock = std::max(1, dev.maxThreadsPerBlock / std::max(1, dev.warpSize));
    int perUnit = (warps + warpsPerBlock - 1) / warpsPerBlock;
    while (warps % perUnit != 0) ++perUnit;
    const int threads = warps / perUnit * dev.warpSize;
    if (level.target == BandwidthTarget::Scratchpad && static_cast<std::uint64_t>(perUnit) * level.bytes > dev.sharedPerUnitBytes)
        return std::nullopt;
    BandwidthRequest r{level.target, level.kind->op, level.bytes, std::max(1, dev.unitCount) * perUnit, threads,
                       kRooflineRepetitions};
    r.lanes = level.kind->lanes;
    r.space = level.space;
    r.sweep = level.sweep;
    r.loadsInFlight = loads;
    return r;
}

std::string rooflineTitle(const RooflineLevel& level) {
    return std::string(displayName(level.element)) + " " + level.kind->title + " Occupancy";
}

std::string rooflineWarpWord(const DeviceInfo& dev) { return dev.vendor == Vendor::Amd ? "wavefronts per CU" : "warps per SM"; }

void reportRooflineLevel(RunContext& ctx, const RooflineLevel& level, const OccupancyFinding& f, const BandwidthResult& repeatRun,
                         const std::string& id, const std::string& configuration) {
    const double repeat = repeatRun.gibPerSecond;
    const DeviceInfo& dev = ctx.device();
    const RooflineKind& kind = *level.kind;
    const bool stores = kind.op == BandwidthOp::Write;
    const bool scalar = level.space == Space::Scalar;
    const std::string loadWord = stores ? "stores" : "loads";
    const std::string method = "occupancy sweep: 128-bit " + loadWord + (scalar ? " (one a wavefront)" : "") +
                               (kind.lanes == LaneAccess::Broadcast ? " (every lane of a warp one address)" : "") +
                               ", 1-8 in flight per thread, plateau of the curve";
    if (!f.decided) {
        for (const std::string& name : kind.names()) {
            Attribute a = undecided(name, f.reason);
            a.evidence = id;
            ctx.report(level.element, a);
        }
        return;
    }
    const bool confirmed = std::abs(repeat - f.plateau) <= kRooflineRepeatTolerance * f.plateau;
    const double confidence = confirmed ? 1.0 : kRooflineUnconfirmed;
    const std::string unconfirmed =
        confirmed ? "" : "; its watched repeat read " + std::to_string(static_cast<long long>(std::lround(repeat))) + " GiB/s";
    // Cycles at the clock the SMs ran the best configuration at, where the backend measured it.
    const double apiHz = static_cast<double>(dev.clockKhz) * 1000.0;
    const double hz = repeatRun.clockHz > 0 ? repeatRun.clockHz : apiHz;
    const double perUnitCycle = hz > 0 ? f.plateau * 1073741824.0 / hz / std::max(1, dev.unitCount) : 0;
    const auto mhz = [](double v) { return std::to_string(std::lround(v / 1e6)) + " MHz"; };
    const std::string clockText = repeatRun.clockHz > 0
                                      ? "at the " + mhz(hz) + " the backend measured while the best configuration ran (the API's clock: " +
                                            mhz(apiHz) + ")"
                                      : "at the clock the API reports (" + mhz(apiHz) + ")";
    const auto make = [&](const char* name, double value, const std::string& reason) {
        Attribute a;
        a.name = name;
        a.value = value;
        a.method = method;
        a.evidence = id;
        a.confidence = confidence;
        a.reason = reason + unconfirmed;
        return a;
    };
    const std::string set = bytesText(level.bytes) + " working set (" + level.workingSet + "), " + configuration;
    ctx.report(level.element, make(kind.figures.bandwidth, f.plateau, "plateau of " + std::to_string(f.plateauPoints) + " configurations; " + set));
    if (perUnitCycle > 0)
        ctx.report(level.element, make(kind.figures.perCycle, perUnitCycle,
                                       "per " + std::string(dev.vendor == Vendor::Amd ? "CU" : "SM") + " " + clockText));
    // A store is not waited for as a load is: the level's load latency says nothing of how many must be in flight.
    std::string little = stores ? "Little's law not checked for stores: no store latency is measured"
                                : "Little's law not checked: the level's latency was not measured in this run";
    if (const Attribute* latency = decided(ctx, level.element, attr::latency); !stores && latency && perUnitCycle > 0)
        little = littlesLaw(latency->value, perUnitCycle, f, scalar ? 1 : dev.warpSize, kRooflineBytesPerLoad).text;
    ctx.report(level.element, make(kind.figures.warps, f.warpsAt90,
                                   std::to_string(f.warpsAt90) + " " + rooflineWarpWord(dev) + " at " + std::to_string(f.loadsAt90) + " " +
                                       loadWord + " in flight per thread reach 90 % of the plateau; " + little));
    ctx.report(level.element, make(kind.figures.inFlight, f.loadsAt90, "with the warps of " + std::string(kind.figures.warps)));
}

// Device memory's working set doubled while doubling it still slows the reads by more than 5 %:
// a cache not measured in this run (an L3) kept part of the smaller one.
RooflineLevel pastEveryCache(RunContext& ctx, RooflineLevel level) {
    const DeviceInfo& dev = ctx.device();
    const std::uint64_t most = dev.totalGlobalBytes ? dev.totalGlobalBytes / 4 : level.bytes;
    auto request = rooflineRequest(dev, level, rooflineOccupancies(dev).back(), 8);
    if (!request) return level;
    request->op = BandwidthOp::Read;
    const auto rate = [&](std::uint64_t bytes) {
        request->bytes = bytes;
        return ctx.bandwidthUnwatched(*request).gibPerSecond;
    };
    double now = rate(level.bytes);
    while (2 * level.bytes <= most) {
        const double doubled = rate(2 * level.bytes);
        if (now <= kRooflineStillCached * doubled) break;
        level.bytes *= 2, now = doubled;
        level.workingSet = "doubled until doubling it no longer slowed the reads by more than 5 %";
    }
    return level;
}

void measureRooflineLevel(RunContext& ctx, const RooflineLevel& level) {
    const DeviceInfo& dev = ctx.device();
    const std::string title = rooflineTitle(level);
    ctx.beginStep(title, level.kind->op == BandwidthOp::Write ? "warps x stores in flight" : "warps x loads in flight");
    const std::string id = std::string(toString(level.element)) + "." + level.kind->seriesId;
    ctx.openSeries(id, title, SeriesKind::Occupancy, level.element);
    std::vector<OccupancyPoint> points;
    struct RooflineTry {
        BandwidthRequest request;
        double gibs;
    };
    std::vector<RooflineTry> tried;
    for (int loads : kRooflineLoads) {
        std::vector<SeriesRow> rows;
        for (int warps : rooflineOccupancies(dev)) {
            const auto request = rooflineRequest(dev, level, warps, loads);
            if (!request) continue;
            const double gibs = ctx.bandwidthUnwatched(*request).gibPerSecond;
            points.push_back({warps, loads, gibs});
            tried.push_back({*request, gibs});
            rows.push_back(SeriesRow{static_cast<double>(warps), static_cast<double>(loads), "", gibs, {}});
        }
        ctx.appendRows(id, std::move(rows));  // a curve at a time, so a plot grows as it runs
    }
    const OccupancyFinding f = analyseOccupancy(points);
    // The best configuration again, watched: a neighbour during the sweep shows here.
    BandwidthResult repeat;
    std::string configuration;
    if (!tried.empty()) {
        const RooflineTry& best = *std::max_element(tried.begin(), tried.end(), [](const RooflineTry& a, const RooflineTry& b) { return a.gibs < b.gibs; });
        repeat = ctx.bandwidth(best.request);
        const int warps = best.request.blocks / std::max(1, dev.unitCount) * best.request.threadsPerBlock / dev.warpSize;
        ctx.appendRows(id, {SeriesRow{static_cast<double>(warps), static_cast<double>(best.request.loadsInFlight), "watched", repeat.gibPerSecond, {}}});
        configuration = "best at " + std::to_string(best.request.blocks) + " blocks x " + std::to_string(best.request.threadsPerBlock) +
                        " threads, " + std::to_string(best.request.loadsInFlight) + " loads in flight";
    }
    reportRooflineLevel(ctx, level, f, repeat, id, configuration);
}

}  // namespace

void measureLevelBandwidth(RunContext& ctx) {
    std::optional<RooflineLevel> memoryRead;  // the device memory's working set, once found past every cache
    for (RooflineLevel level : rooflineLevels(ctx)) {
        try {
            if (level.element == Element::DeviceMemory) {
                if (!memoryRead) memoryRead = pastEveryCache(ctx, level);
                level.bytes = memoryRead->bytes, level.workingSet = memoryRead->workingSet;
            }
            measureRooflineLevel(ctx, level);
        } catch (const BackendError& e) {
            if (e.deviceLost()) throw;
            reportFailedBenchmark(ctx, level.element, level.kind->names(), rooflineTitle(level), e.what());
        }
    }
}

}  // namespace ts
