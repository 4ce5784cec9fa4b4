// Plain data shared by the CUDA kernels and the host code that launches them, plus the
// host-callable launch wrappers each kernel file provides. No CUDA headers here beyond
// cuda_runtime_api.h, so plain C++ translation units can include it.
#pragma once
#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

namespace ts::cudak {

// Load path of one chaser. Numbering is private to the CUDA backend.
enum SpaceCode : std::uint32_t {
    kGlobal = 0,    // ld.global.ca
    kGlobalL2 = 1,  // ld.global.cg
    kReadOnly = 2,  // ld.global.nc
    kTexture = 3,   // tex1Dfetch
    kConstant = 4,  // ld.const (bank 0 in the chase kernel's own module)
    kShared = 5,    // ld.shared on dynamic shared memory
};

enum SecondMode : std::uint32_t {
    kNoSecond = 0,
    kSameThread = 1,  // the main thread, right after its warm-up
    kOtherWarp = 2,   // lane 0 of warp `secondWarp` of the main block
    kOtherUnit = 3,   // lane 0 of a block pinned to SM `secondSm`
    kExternal = 4,    // constant chaser in the extra constant modules (separate kernels, stream 2)
};

// Status bits in JobHeader::status.
enum StatusBits : std::uint32_t {
    kStatusSecondNotPlaced = 1u << 0,  // the OtherUnit/External second never started
    kStatusSecondTimeout = 1u << 1,    // it started but did not finish in time
    kStatusSecondNoWarm = 1u << 2,     // (second side) the main's warm-up flag never came
};

// One chase of a launch: a main chaser and an optional second one.
// Element indices are in 4-byte words; every array element holds the index of the next one.
struct alignas(16) ChaseJob {
    std::uint64_t mainPtr;       // global spaces: device address of the array
    std::uint64_t mainTex;       // texture object (kTexture)
    std::uint64_t secondPtr;     // separate second array (global spaces), or the main array when sameArray
    std::uint64_t secondTex;
    std::uint32_t space;         // SpaceCode
    std::uint32_t elems;         // array length in elements
    std::uint32_t strideElems;
    std::uint32_t warmupLoads;
    std::uint32_t recordLoads;
    std::uint32_t resultOffset;  // word offset of this job's latencies in the result buffer
    std::int32_t targetSm;       // physical %smid of the main block
    std::uint32_t secondMode;    // SecondMode
    std::uint32_t secondSpace;   // SpaceCode
    std::uint32_t secondElems;
    std::uint32_t secondDelta;   // next = (value + delta) mod secondElems (sameArray re-stride), else 0
    std::uint32_t secondLoads;   // passes * loads per pass
    std::uint32_t secondWarp;
    std::int32_t secondSm;       // physical %smid (OtherUnit, External)
    std::uint32_t secondSharedOffset;  // word offset of the second's shared array in dynamic smem
    std::uint32_t secondStrideElems;   // separate shared second array: its stride (it is built in-kernel)
    std::uint32_t secondSameArray;     // 1: the second walks the main array
    std::uint32_t timesOffset;         // word offset of the latency buffer in dynamic smem
    std::uint32_t timingsInShared;     // 1: latencies buffered in shared memory, 0: written to global directly
    std::uint32_t texSlot;             // kTexture main chaser: index of its handle in ChaseLaunch::texHandles
    std::uint32_t recordEvery;         // time every n-th load of the timed pass
    std::uint32_t blockWarmupPasses;   // passes the whole block reads in address order before the chase
    std::uint32_t warmStrideElems;     // the block warm-up reads every warmStrideElems-th element (the chase's)
    std::uint32_t secondBlockPasses;   // kOtherUnit: passes the second's whole block reads in address order (0: a walk)
    std::uint32_t blockWarmupStores;   // 1: the block warm-up stores the chain's values (st.global) instead of reading
    std::uint32_t pad[3];
};
static_assert(sizeof(ChaseJob) % 16 == 0, "ChaseJob must stay 16-byte sized");

// Written by the main chaser of each job at the head of the result buffer.
struct JobHeader {
    std::uint32_t epoch;        // launch epoch: a stale value means no block ran this job
    std::int32_t smid;          // %smid of the main chaser
    std::int32_t secondSmid;    // %smid of the second chaser (-1 none)
    std::uint32_t finalIndex;   // index after the last timed load (self-check)
    std::uint32_t status;       // StatusBits
    std::uint32_t secondFinal;  // index where the second chaser stopped, or the sum of what its block read (self-check)
    std::uint32_t maxUntimedStep;  // longest clock step of the main thread outside its timed loads (saturating)
    std::uint32_t pad1;
};
static_assert(sizeof(JobHeader) == 32, "JobHeader must stay 32 bytes");

// Layout of the persistent control words (uint32) in device memory.
constexpr std::uint32_t kMaxJobs = 1024;
constexpr std::uint32_t kMaxBlocks = 16384;     // grid cap of one chase launch
constexpr std::uint32_t kRoleSlots = 4;           // roles a single SM can host in one launch
// Texture main chasers per launch. Their handles travel as kernel parameters: a handle read from
// the job table sits in a vector register, and ptxas then wraps every timed TLD in a loop that
// makes the handle uniform (R2UR), which the clock pair would time too.
constexpr std::uint32_t kTexSlots = 16;
constexpr std::uint32_t kCtlClaim = 0;            // [job*2 + role] main / OtherUnit-second claims
constexpr std::uint32_t kCtlModuleClaim = 2 * kMaxJobs;
constexpr std::uint32_t kCtlWarm = 3 * kMaxJobs;  // main finished its warm-up (epoch)
constexpr std::uint32_t kCtlReady = 4 * kMaxJobs; // second side started (epoch)
constexpr std::uint32_t kCtlDone = 5 * kMaxJobs;  // second side finished (epoch)
constexpr std::uint32_t kCtlWalkIndex = 6 * kMaxJobs;
constexpr std::uint32_t kCtlWalkLeft = 7 * kMaxJobs;
constexpr std::uint32_t kCtlSecondSm = 8 * kMaxJobs;
constexpr std::uint32_t kCtlSecondStatus = 9 * kMaxJobs;
constexpr std::uint32_t kCtlWords = 10 * kMaxJobs;

// Role codes in the role table: job * 4 + role.
constexpr int kRoleMain = 0;
constexpr int kRoleSecond = 1;

struct ChaseLaunch {
    const ChaseJob* jobs;
    const int* roleTable;        // [sm * kRoleSlots + k] role codes, -1 = empty
    std::uint32_t* ctl;          // kCtlWords control words
    std::uint32_t* results;      // JobHeader[nJobs] then latencies
    std::uint32_t nJobs;
    std::uint32_t tableRows;     // SM rows in roleTable
    std::uint32_t epoch;         // unique per launch, increasing
    std::uint32_t pad;
    std::uint64_t waitNs;        // longest a chaser waits for its partner
    std::uint64_t texHandles[kTexSlots];  // texture objects of the kTexture main chasers (uniform in the kernel)
};

struct ModuleLaunch {
    const ChaseJob* jobs;
    const int* roleTable;        // [sm * kRoleSlots + k] job indices whose External second runs there
    std::uint32_t* ctl;
    std::uint32_t tableRows;
    std::uint32_t claimEpoch;    // unique per module launch
    std::uint32_t flagEpoch;     // epoch of the main launch these chasers belong to
    std::uint32_t firstElem;     // global element index of this module's first word
    std::uint32_t elemCount;     // words of this module in use
    std::uint32_t pad;
    std::uint64_t waitNs;
};

struct InitRegion {
    std::uint64_t ptr;           // uint32 array
    std::uint32_t elems;
    std::uint32_t strideElems;   // value[i] = (i + stride) mod elems, or i + stride when universal
    std::uint32_t universal;     // 1: no wrap (constant staging shared by all array lengths)
    std::uint32_t pad;
};

// Elements per 64 KiB constant bank.
constexpr std::uint32_t kConstBankElems = 16384;
// Extra constant modules holding a second chaser's array (each its own translation unit).
constexpr int kConstModules = 8;

// ---- host-callable wrappers (defined in the .cu files) ----
// chase_kernel.cu
cudaError_t launchChase(const ChaseLaunch& p, unsigned grid, unsigned block, std::size_t smem, cudaStream_t s);
cudaError_t prepareChaseKernel(int maxDynamicSmem);  // raises the dynamic smem limit, prefers L1
cudaError_t chaseKernelInfo(cudaFuncAttributes* attr);
cudaError_t uploadConstBank0(const void* deviceSrc, std::size_t bytes, cudaStream_t s);
// util_kernels.cu
cudaError_t launchInit(const InitRegion* regions, unsigned count, std::uint32_t maxElems, cudaStream_t s);
cudaError_t launchFlush(const void* buffer, std::size_t bytes, std::uint32_t* sink, unsigned grid, cudaStream_t s);
cudaError_t launchTimerOverhead(std::uint32_t* out, std::uint32_t samples, cudaStream_t s);
cudaError_t launchSmIdScan(std::uint32_t* bitmap, std::uint32_t bitmapWords, unsigned grid, std::uint64_t holdNs,
                           cudaStream_t s);
// bandwidth_kernels.cu
// Copies four deep over the grid past the L1: the first vec16 x 16 bytes of `src` to `dst`.
cudaError_t launchCopy(const void* src, void* dst, std::size_t vec16, std::uint32_t inner, unsigned grid, unsigned block,
                       cudaStream_t s);
// A sweep's path: ld/st.global.cg (past the L1), ld.global.ca or st.global.wb (through it),
// ld.global.nc (the read-only path), tex.1d on a texture object of 16-byte texels, ld.const from
// this module's own constant bank of kBandwidthConstBytes (its contents never matter), or the
// block's own dynamic shared memory of vec16 x 16 bytes (every block sweeps it; `src` unused).
enum ReadPath : std::uint32_t {
    kReadPastL1 = 0, kReadCached = 1, kReadShared = 2, kReadNonCoherent = 3, kReadTexture = 4, kReadConstant = 5
};
constexpr std::size_t kBandwidthConstBytes = 16 << 10;
struct ReadSweep {
    ReadPath path = kReadPastL1;
    int loads = 4;            // 1, 2, 4 or 8 independent loads (stores) in flight per thread
    bool everyBlock = false;  // every block sweeps the whole array, not the grid once
    bool everyWarp = false;   // every warp sweeps the whole array itself (reads)
    bool broadcast = false;   // every lane of a warp loads the same 16 bytes, the warps splitting the array
    std::uint64_t texture = 0;  // kReadTexture: the texture object over `src`
};
// `clocks` (null: none): block 0's thread 0 writes clock64 and %globaltimer at its start and end.
cudaError_t launchRead(const ReadSweep& sweep, const void* src, std::size_t vec16, std::uint32_t inner, std::uint32_t* sink,
                       unsigned long long* clocks, unsigned grid, unsigned block, cudaStream_t s);
// Stores `loads` deep over the path (past the L1, the default write-back store, or the block's
// shared memory) and sweep of `sweep`; `clocks` as for reads.
cudaError_t launchWrite(const ReadSweep& sweep, void* dst, std::size_t vec16, std::uint32_t inner, unsigned long long* clocks,
                        unsigned grid, unsigned block, cudaStream_t s);

// const_module_N.cu, reached through this table (index 0 = first extra module).
struct ConstModuleOps {
    cudaError_t (*upload)(const void* deviceSrc, std::size_t bytes, cudaStream_t s);
    // `smem`: the same dynamic shared memory as the chase launch it runs beside, so both kernels
    // ask for the same L1/shared split and can share an SM.
    cudaError_t (*launch)(const ModuleLaunch& p, unsigned grid, std::size_t smem, cudaStream_t s);
    cudaError_t (*prepare)(int maxDynamicSmem);
};
const ConstModuleOps& constModule(int index);

}  // namespace ts::cudak
