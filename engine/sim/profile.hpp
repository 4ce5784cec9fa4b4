#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/device_info.hpp"
#include "model/mig.hpp"
#include "model/space.hpp"

namespace ts {

// A simulated GPU in the format `toposcope-sim-profile/1` (docs/sim-profile.md).
// Field names mirror the JSON keys in camelCase. Everything outside `api`, `compute` and the
// identity fields is hidden truth that only the simulator reads.

enum class CacheScope { Sm, Cu, CuGroup, Xcd, Gpu };
enum class CachePolicy { Lru, Plru, Random, Fifo };
// How a set-associative cache picks the set of a line: the line address modulo the set count,
// or that address XOR-folded with its higher bit groups (hashed slices: power-of-two strides spread).
// Scrambled: the XOR fold, but one line in 16 (picked by a hash of its address) goes to a set of
// that hash: consecutive lines spread slightly unevenly over the sets, as on an H100's L1 (its
// longest run of consecutive lines that fit is 95 % of the capacity).
enum class IndexFunction { XorFold, Modulo, Scrambled };

// One level of address translation (docs/sim-profile.md, "tlbs").
struct SimTlb {
    std::string id;
    CacheScope scope = CacheScope::Sm;   // sm (one per SM/CU), gpu (one shared) or CuGroup (groups below)
    std::uint32_t groupSize = 0;         // CuGroup: units of consecutive physical ids sharing one
    std::uint32_t entries = 0;           // LRU
    std::uint32_t ways = 0;              // 0: fully associative; else sets of `ways`, indexed by page number modulo the set count
    std::uint64_t pageSize = 0;          // bytes, power of two
    std::uint32_t missCost = 0;          // cycles a load pays when this level misses
};

struct SimCache {
    std::string id;
    std::vector<Space> serves;
    CacheScope scope = CacheScope::Sm;
    int perSm = 1;                   // copies per SM/CU (scope sm/cu)
    std::uint64_t size = 0;          // bytes of one copy / group / XCD instance; total for gpu
    std::uint32_t line = 0;
    std::uint32_t sector = 0;        // fetch granularity; the JSON may omit it (= line)
    std::uint32_t ways = 0;          // 0 = fully associative
    CachePolicy policy = CachePolicy::Lru;
    IndexFunction index = IndexFunction::XorFold;  // set-associative only; JSON "index"
    std::uint32_t latency = 0;       // cycles, as a timed load observes a hit
    std::uint32_t farLatency = 0;    // hit in a remote segment; the JSON may omit it (= latency)
    int segments = 1;                // gpu scope: equal parts, one near part per SM
    bool replicateFar = false;       // segmented: a far hit also fills the reader's near part (a replica)
    std::uint32_t unitSpread = 0;    // gpu scope: a hit by logical unit u costs spread x u / (units - 1) more
    std::vector<std::vector<int>> groups;  // cu_group scope: physical CU ids sharing one instance
    double readGibs = 0;             // optional L2/L3 bandwidth (xcd/gpu scope); 0 = not given
    double writeGibs = 0;
    // Bytes one instance delivers a cycle (an SM's L1; a whole GPU-wide cache); 0 = not given
    // (sim/bandwidth_model.cpp says what stands in).
    double bytesPerCycle = 0;
    // Stores: a write-back cache keeps written lines until they are evicted, a write-through one
    // passes every store on; a write-allocating one takes a line a store missed. JSON "write"
    // ("back" | "through") and "write_allocate"; unit-private caches default to write-through
    // without allocation, the others to write-back with allocation.
    bool writeBack = true;
    bool writeAllocate = true;

    bool servesSpace(Space s) const;
    // What `unitSpread` adds to a hit by logical unit `unit` of `units`: a ramp from 0 to the spread.
    std::uint32_t extraLatency(int unit, int units) const {
        return units > 1 ? static_cast<std::uint32_t>((std::uint64_t{unitSpread} * static_cast<std::uint64_t>(unit) +
                                                       static_cast<std::uint64_t>(units - 1) / 2) /
                                                      static_cast<std::uint64_t>(units - 1))
                         : 0;
    }
    bool isUnitPrivate() const { return scope == CacheScope::Sm || scope == CacheScope::Cu || scope == CacheScope::CuGroup; }
};

struct SimCompute {
    int smCount = 0;
    int warpSize = 32;
    int coresPerSm = 0;
    int maxThreadsPerBlock = 0;
    int maxThreadsPerSm = 0;
    int maxBlocksPerSm = 0;
    int regsPerBlock = 0;
    int regsPerSm = 0;
    int xcds = 1;
    std::vector<int> physicalCuIds;  // logical unit -> physical id; empty = identity
    // The SM -> TPC -> GPC layout (hidden truth, `compute.layout`): TPCs of `smsPerTpc` consecutive
    // logical units, dealt to the GPCs in turn while each has room (sim/sm_layout.hpp). Empty: no
    // layout described, and no thread-block clusters.
    std::vector<int> tpcsPerGpc;
    int smsPerTpc = 2;
    int maxClusterSize = 0;          // largest thread-block cluster; 0 = none (before sm_90)
    // Bytes of loads one SM/CU keeps in flight at most (its miss-handling resources): with the
    // latency of the level that serves them, what bounds a bandwidth (Little's law).
    std::uint32_t bytesInFlight = 32768;
};

struct SimApi {
    std::uint64_t l2Size = 0;
    std::uint64_t l2Line = 0;        // AMD (KFD); 0 = not reported
    std::uint64_t persistingL2Max = 0;
    std::uint64_t sharedMemPerSm = 0;
    std::uint64_t sharedMemPerBlock = 0;
    std::uint64_t reservedSharedMemPerBlock = 0;
    std::uint64_t totalConstMem = 0;
    int memoryBusWidth = 0;          // bits
    std::uint64_t memoryClockKhz = 0;
    std::uint64_t totalGlobalMem = 0;
};

struct SimSharedMemory {
    std::uint32_t latency = 0;       // NVIDIA shared memory / AMD LDS
    double bytesPerCycle = 128;      // per SM/CU: 32 banks of 4 bytes
};

struct SimDram {
    std::uint32_t latency = 0;
    double readGibs = 0;
    double writeGibs = 0;
};

struct SimNoise {
    std::uint32_t jitter = 0;        // uniform in [-jitter, +jitter] cycles
    double outlierRate = 0;          // probability of a delayed load
    std::uint32_t outlierExtra = 0;  // cycles added to a delayed load
    std::uint64_t seed = 1;
};

struct SimProfile {
    std::string origin;              // "builtin:h100" or the file path
    std::string name;
    Vendor vendor = Vendor::Nvidia;
    std::string arch;
    std::uint64_t clockKhz = 0;
    SimCompute compute;
    std::vector<SimCache> caches;
    std::vector<SimTlb> tlbs;            // first level first; empty = translation is free
    SimApi api;
    SimSharedMemory sharedMemory;
    SimDram dram;
    SimNoise noise;
    std::uint32_t timerOverhead = 0;     // JSON "timer_overhead", cycles
    std::optional<MigLayout> mig;        // the `mig` key; absent when the profile has none
    std::vector<std::string> references; // public sources of the figures
    bool strict = false;

    int unitCount() const { return compute.smCount; }
    int physicalUnit(int logicalUnit) const;
};

// Every message names the origin and the field: `h.json: caches[2].size: expected ...`.
class ProfileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline constexpr std::string_view kSimProfileFormat = "toposcope-sim-profile/1";

// Parses and validates a profile. Unknown keys are appended to `warnings` (an error under
// "strict": true); `origin` names the text in messages.
SimProfile parseProfile(std::string_view jsonText, const std::string& origin,
                        std::vector<std::string>* warnings = nullptr);

// A built-in name ("h100", see builtinProfiles()) or a file path.
SimProfile loadProfile(const std::string& nameOrPath, std::vector<std::string>* warnings = nullptr);

// Why `arch` is not a well-formed sm_XY or gfxXYZ name; empty when it is one, or another name
// (which the simulator keeps as given, with compute capability 0.0).
std::string archProblem(const std::string& arch);

// The API-visible facts only (what cudaGetDeviceProperties / hipGetDeviceProperties would say).
DeviceInfo deviceInfoFrom(const SimProfile& profile);

std::string_view toString(CacheScope scope);
std::string_view toString(CachePolicy policy);
std::string_view toString(IndexFunction index);

}  // namespace ts
