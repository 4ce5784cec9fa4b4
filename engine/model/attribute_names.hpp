#pragma once
// The name of every attribute the engine reports (Attribute::name), one constant each: code
// names an attribute only through these, so a typo is a compile error and a new attribute is
// added here, with its unit in `units` below: nothing else needs to know of it (the report,
// the CLI's table and the GUI's results table show every attribute). The strings are the
// report's: they never change. Plain character arrays, so a constant goes wherever a string
// literal went (std::string, std::string_view, const char*).
#include <string>
#include <string_view>
#include <utility>

namespace ts::unit {

// The units attributes are written with: the report's strings, which never change.
inline constexpr char bytes[] = "bytes";
inline constexpr char cycles[] = "cycles";
inline constexpr char gibPerSecond[] = "GiB/s";
inline constexpr char bytesPerCycle[] = "B/cycle";
inline constexpr char bit[] = "bit";
inline constexpr char kHz[] = "kHz";
inline constexpr char count[] = "";  // counts, codes and lists

}  // namespace ts::unit

namespace ts::attr {

// Measured per memory element.
inline constexpr char size[] = "size";
// Where the set structure counts the capacity apart from it: the largest contiguous array that
// still hits (the size sweep's knee), which a hashed index or the policy can move (issue 34).
inline constexpr char contiguousKnee[] = "contiguousKnee";
inline constexpr char lineSize[] = "lineSize";
inline constexpr char fetchGranularity[] = "fetchGranularity";
inline constexpr char latency[] = "latency";
inline constexpr char latencyTlbMiss[] = "latencyTlbMiss";
inline constexpr char missPenalty[] = "missPenalty";
inline constexpr char amountPerUnit[] = "amountPerUnit";
inline constexpr char sharedWith[] = "sharedWith";
inline constexpr char sharedBetween[] = "sharedBetween";
inline constexpr char disabledUnits[] = "disabledUnits";
inline constexpr char segmentSize[] = "segmentSize";
inline constexpr char segmentKnee[] = "segmentKnee";
inline constexpr char segments[] = "segments";
inline constexpr char segmentFraction[] = "segmentFraction";
inline constexpr char nearLatency[] = "nearLatency";
inline constexpr char farLatency[] = "farLatency";
inline constexpr char farPenalty[] = "farPenalty";
inline constexpr char nearLatencySpread[] = "nearLatencySpread";  // slowest minus fastest unit's median
inline constexpr char farLatencySpread[] = "farLatencySpread";
inline constexpr char readBandwidth[] = "readBandwidth";
inline constexpr char writeBandwidth[] = "writeBandwidth";
inline constexpr char copyBandwidth[] = "copyBandwidth";
inline constexpr char vendorCopyBandwidth[] = "vendorCopyBandwidth";
// The roofline of every level (issue 38): its read bandwidth per SM/CU and cycle at the plateau,
// and the fewest warps per SM/CU (with the loads in flight per thread) that reach 90 % of it.
inline constexpr char readBytesPerCycle[] = "readBytesPerCycle";
inline constexpr char warpsAt90[] = "warpsAt90";
inline constexpr char loadsInFlightAt90[] = "loadsInFlightAt90";
// The same for stores (shared memory/LDS, L2, L3, device memory) and for a constant cache's
// broadcast (every lane of a warp one address; its bytes counted as the lanes receive them).
inline constexpr char writeBytesPerCycle[] = "writeBytesPerCycle";
inline constexpr char writeWarpsAt90[] = "writeWarpsAt90";
inline constexpr char storesInFlightAt90[] = "storesInFlightAt90";
inline constexpr char broadcastBandwidth[] = "broadcastBandwidth";
inline constexpr char broadcastBytesPerCycle[] = "broadcastBytesPerCycle";
inline constexpr char broadcastWarpsAt90[] = "broadcastWarpsAt90";
inline constexpr char broadcastLoadsInFlightAt90[] = "broadcastLoadsInFlightAt90";
// The four figures of one roofline sweep, by access: the one list of which names go together.
struct RooflineNames {
    const char* bandwidth;
    const char* perCycle;
    const char* warps;
    const char* inFlight;
};
inline constexpr RooflineNames rooflineRead{readBandwidth, readBytesPerCycle, warpsAt90, loadsInFlightAt90};
inline constexpr RooflineNames rooflineBroadcast{broadcastBandwidth, broadcastBytesPerCycle, broadcastWarpsAt90,
                                                 broadcastLoadsInFlightAt90};
inline constexpr RooflineNames rooflineWrite{writeBandwidth, writeBytesPerCycle, writeWarpsAt90, storesInFlightAt90};
inline constexpr const RooflineNames* rooflineAccesses[] = {&rooflineRead, &rooflineBroadcast, &rooflineWrite};
// A cache's write policy (issue 38; a code in `value`, the word in `names`): writePolicy 1
// write-back, 2 write-through; writeAllocate 1 write-allocate, 2 no write-allocate.
inline constexpr char writePolicy[] = "writePolicy";
inline constexpr char writeAllocate[] = "writeAllocate";
// Set structure and replacement of a cache (a code in `value`, the word in `names`).
inline constexpr char ways[] = "ways";
inline constexpr char sets[] = "sets";
inline constexpr char indexFunction[] = "indexFunction";
inline constexpr char replacementPolicy[] = "replacementPolicy";
// The L2's partitions: what one unit can keep near, far and shared, and whether far hits replicate.
inline constexpr char nearCapacity[] = "nearCapacity";
inline constexpr char farCapacity[] = "farCapacity";
inline constexpr char sharedCapacity[] = "sharedCapacity";
inline constexpr char farReplicated[] = "farReplicated";
// The TLB levels: how many, and per level n (1 the first) "tlb<n>" followed by one of the parts.
inline constexpr char tlbLevels[] = "tlbLevels";
inline constexpr char tlbEntries[] = "Entries";
inline constexpr char tlbPageSize[] = "PageSize";
inline constexpr char tlbReach[] = "Reach";
inline constexpr char tlbMissCost[] = "MissCost";
inline constexpr char tlbScope[] = "Scope";
inline std::string tlbLevel(int level, std::string_view part) { return "tlb" + std::to_string(level) + std::string(part); }

// The layout of the compute units (Element::Compute): TPCs and GPCs as thread-block clusters
// find them, each with the units' ids in `groups`; the largest cluster the occupancy API allows.
inline constexpr char tpcs[] = "tpcs";
inline constexpr char gpcs[] = "gpcs";
inline constexpr char largestClusterSize[] = "largestClusterSize";

// Read from the driver's API (source Api), named as the CUDA runtime names them.
inline constexpr char apiSize[] = "apiSize";
inline constexpr char apiLineSize[] = "apiLineSize";
inline constexpr char persistingL2CacheMaxSize[] = "persistingL2CacheMaxSize";
inline constexpr char sharedMemPerMultiProcessor[] = "sharedMemPerMultiProcessor";
inline constexpr char sharedMemPerBlock[] = "sharedMemPerBlock";
inline constexpr char reservedSharedMemPerBlock[] = "reservedSharedMemPerBlock";
inline constexpr char totalConstMem[] = "totalConstMem";
inline constexpr char totalGlobalMem[] = "totalGlobalMem";
inline constexpr char memoryBusWidth[] = "memoryBusWidth";
inline constexpr char memoryClockRate[] = "memoryClockRate";

// The unit each attribute is written with: the one place that says it. RunContext::report and
// the API attributes set it from here; the report reader refuses another unit for these names
// (an attribute of another name must still carry one of them).
inline constexpr std::pair<std::string_view, std::string_view> units[] = {
    {size, unit::bytes}, {contiguousKnee, unit::bytes}, {lineSize, unit::bytes}, {fetchGranularity, unit::bytes},
    {segmentSize, unit::bytes}, {segmentKnee, unit::bytes},
    {apiSize, unit::bytes}, {apiLineSize, unit::bytes}, {persistingL2CacheMaxSize, unit::bytes},
    {sharedMemPerMultiProcessor, unit::bytes}, {sharedMemPerBlock, unit::bytes}, {reservedSharedMemPerBlock, unit::bytes},
    {totalConstMem, unit::bytes}, {totalGlobalMem, unit::bytes},
    {latency, unit::cycles}, {missPenalty, unit::cycles}, {nearLatency, unit::cycles}, {farLatency, unit::cycles},
    {farPenalty, unit::cycles}, {nearLatencySpread, unit::cycles}, {farLatencySpread, unit::cycles},
    {latencyTlbMiss, unit::cycles},
    {readBandwidth, unit::gibPerSecond}, {writeBandwidth, unit::gibPerSecond}, {copyBandwidth, unit::gibPerSecond},
    {vendorCopyBandwidth, unit::gibPerSecond}, {readBytesPerCycle, unit::bytesPerCycle}, {warpsAt90, unit::count},
    {loadsInFlightAt90, unit::count}, {writeBytesPerCycle, unit::bytesPerCycle}, {writeWarpsAt90, unit::count},
    {storesInFlightAt90, unit::count}, {broadcastBandwidth, unit::gibPerSecond}, {broadcastBytesPerCycle, unit::bytesPerCycle},
    {broadcastWarpsAt90, unit::count}, {broadcastLoadsInFlightAt90, unit::count},
    {writePolicy, unit::count}, {writeAllocate, unit::count},
    {memoryBusWidth, unit::bit}, {memoryClockRate, unit::kHz},
    {amountPerUnit, unit::count}, {segments, unit::count}, {segmentFraction, unit::count}, {disabledUnits, unit::count},
    {sharedWith, unit::count}, {sharedBetween, unit::count}, {ways, unit::count}, {sets, unit::count},
    {indexFunction, unit::count}, {replacementPolicy, unit::count},
    {nearCapacity, unit::bytes}, {farCapacity, unit::bytes}, {sharedCapacity, unit::bytes}, {farReplicated, unit::count},
    {tlbLevels, unit::count}, {tpcs, unit::count}, {gpcs, unit::count},
    {largestClusterSize, unit::count}};

// The parts of a TLB level's attributes (tlbLevel(n, part)) and their units.
inline constexpr std::pair<std::string_view, std::string_view> tlbPartUnits[] = {
    {tlbEntries, unit::count}, {tlbPageSize, unit::bytes}, {tlbReach, unit::bytes}, {tlbMissCost, unit::cycles},
    {tlbScope, unit::count}};

// The unit of the attribute `name`; `fallback` for a name the tables do not know.
inline std::string_view unitOf(std::string_view name, std::string_view fallback = unit::count) {
    for (const auto& [n, u] : units)
        if (n == name) return u;
    if (name.size() > 4 && name.substr(0, 3) == "tlb") {
        std::size_t digits = 3;
        while (digits < name.size() && name[digits] >= '0' && name[digits] <= '9') ++digits;
        if (digits > 3)
            for (const auto& [part, u] : tlbPartUnits)
                if (name.substr(digits) == part) return u;
    }
    return fallback;
}
inline bool hasUnit(std::string_view name) { return unitOf(name, "?") != "?"; }

}  // namespace ts::attr
