// Plain data shared by the HIP kernels and the host code that launches them. No HIP
// headers here, so plain C++ translation units can include it.
#pragma once
#include <cstdint>

namespace ts::hipk {

// Load path of one chaser.
enum Path : std::uint32_t {
    kVector = 0,    // global_load_dword: vL1, then L2
    kVectorL2 = 1,  // global_load_dword glc (gfx90a) / sc1 (gfx94x): misses the vL1
    kScalar = 2,    // s_load_dword: sL1d, then L2
    kLds = 3,       // ds_read_b32 on the block's dynamic LDS
};

enum SecondMode : std::uint32_t {
    kNoSecond = 0,
    kSameWave = 1,   // the main wave, right after its warm-up
    kOtherWave = 2,  // wave `secondWave` of the main block
    kOtherUnit = 3,  // a second launch, one wave, on another CU's pinned queue
};

// Bits of ResultHeader::status.
enum Status : std::uint32_t {
    kStatusPartnerLate = 1u << 0,    // main: the OtherUnit second never reported done
    kStatusNoWarmSignal = 1u << 1,   // second: the main's warm-up signal never came
};

// Roles of a chase launch.
enum Role : std::uint32_t { kRoleMain = 0, kRoleSecond = 1 };

struct Chaser {
    std::uint64_t array;          // device address (global paths)
    std::uint32_t path;           // Path
    std::uint32_t elems;          // array length in 4-byte elements
    std::uint32_t strideElems;
    std::uint32_t loads;          // main: warm-up loads; second: loads of its walk
    std::uint32_t ldsOffsetElems; // kLds: where its array starts in dynamic LDS
    std::uint32_t pad;
};

// One chase. The main chaser follows the values it loads (every element holds the index of
// the next); the second computes its indices, (i + stride) mod elems, so it can walk the main
// array with another stride (sameArray), and keeps each loaded value alive in a sink.
struct ChaseParams {
    Chaser main;
    Chaser second;
    std::uint32_t recordLoads;
    std::uint32_t secondMode;        // SecondMode
    std::uint32_t secondWave;        // kOtherWave
    std::uint32_t epoch;             // unique per launch: stale flags and headers are recognisable
    std::uint32_t timesInLds;        // 1: latencies buffered in LDS, 0: stored to `results` at once
    std::uint32_t timesLdsOffsetElems;
    std::uint32_t recordEvery;       // time every n-th load of the timed pass
    std::uint32_t pad;
    std::uint64_t flags;             // uint32[kFlagWords] in device memory
    std::uint64_t results;           // ResultHeader, then recordLoads latencies (uint32)
    std::uint64_t timeoutTicks;      // s_memrealtime ticks (100 MHz) one side waits for the other
};

constexpr std::uint32_t kFlagWarm = 0;  // main finished its warm-up (epoch)
constexpr std::uint32_t kFlagDone = 1;  // OtherUnit second finished its walk (epoch)
constexpr std::uint32_t kFlagWords = 2;

struct ResultHeader {
    std::uint32_t epoch;       // the main wrote this launch's results
    std::uint32_t mainHwId;    // s_getreg HW_REG_HW_ID of the main wave
    std::uint32_t mainXccId;   // HW_REG_XCC_ID (gfx94x), else 0
    std::uint32_t secondEpoch; // the second wave ran in this launch
    std::uint32_t secondHwId;
    std::uint32_t secondXccId;
    std::uint32_t status;      // Status bits, main and second together
    std::uint32_t sink;        // keeps the second's loads and the final index alive
};
static_assert(sizeof(ResultHeader) == 32, "ResultHeader must stay 32 bytes");

constexpr std::uint32_t kWaveSize = 64;
constexpr std::uint32_t kLdsBytes = 65536;  // dynamic LDS one block may use (gfx90a, gfx94x)

// One wave's identity, written by the probe kernel.
struct WaveIdentity {
    std::uint32_t hwId;
    std::uint32_t xccId;
};

}  // namespace ts::hipk
