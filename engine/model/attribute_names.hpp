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
inline constexpr char readBandwidth[] = "readBandwidth";
inline constexpr char writeBandwidth[] = "writeBandwidth";
inline constexpr char copyBandwidth[] = "copyBandwidth";
inline constexpr char vendorCopyBandwidth[] = "vendorCopyBandwidth";
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

// The unit each attribute is written with ("" for counts and lists). The report reader refuses
// another unit for these names; an attribute of another name must still carry one of them.
inline constexpr std::pair<std::string_view, std::string_view> units[] = {
    {size, "bytes"}, {contiguousKnee, "bytes"}, {lineSize, "bytes"}, {fetchGranularity, "bytes"}, {segmentSize, "bytes"},
    {apiSize, "bytes"}, {apiLineSize, "bytes"}, {persistingL2CacheMaxSize, "bytes"},
    {sharedMemPerMultiProcessor, "bytes"}, {sharedMemPerBlock, "bytes"}, {reservedSharedMemPerBlock, "bytes"},
    {totalConstMem, "bytes"}, {totalGlobalMem, "bytes"},
    {latency, "cycles"}, {missPenalty, "cycles"}, {nearLatency, "cycles"}, {farLatency, "cycles"},
    {farPenalty, "cycles"}, {latencyTlbMiss, "cycles"},
    {readBandwidth, "GiB/s"}, {writeBandwidth, "GiB/s"}, {copyBandwidth, "GiB/s"}, {vendorCopyBandwidth, "GiB/s"},
    {memoryBusWidth, "bit"}, {memoryClockRate, "kHz"},
    {amountPerUnit, ""}, {segments, ""}, {segmentFraction, ""}, {disabledUnits, ""}, {sharedWith, ""},
    {sharedBetween, ""}, {ways, ""}, {sets, ""}, {indexFunction, ""}, {replacementPolicy, ""},
    {nearCapacity, "bytes"}, {farCapacity, "bytes"}, {sharedCapacity, "bytes"}, {farReplicated, ""}, {tlbLevels, ""}};

}  // namespace ts::attr
