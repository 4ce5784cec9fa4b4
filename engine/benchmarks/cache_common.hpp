#pragma once
// Small helpers shared by the cache benchmarks.
#include <cstdint>
#include <string>
#include <vector>

#include "benchmarks/attributes.hpp"  // undecided()
#include "benchmarks/run_context.hpp"
#include "benchmarks/targets.hpp"

namespace ts {

std::uint64_t alignDown(std::uint64_t bytes, std::uint64_t align);
std::string seriesId(const CacheTarget& target, const std::string& benchmark);

// Every GPU page is a multiple of it; pages start on its multiples.
inline constexpr std::uint32_t kSmallestPageBytes = 4096;
// The stride of a chase that must not pay for translation: a quarter of the smallest page (4 KiB),
// so the loads that start a page (a TLB miss each where the TLB reaches less than the chase) stay
// a minority that the median passes over. A 2 KiB stride (an L2 line read as 1 KiB) read memory
// 23 cycles slow; an 8 KiB one (an L2 line read as 8 KiB under random replacement) put a TLB miss
// on every load of the L2's hit chase and read its latency at the walk's cost above the truth.
inline constexpr std::uint32_t kMostInPageStride = 1024;
// Whether load `k` of a chase from a page-aligned start at `stride` begins a 4 KiB page: the one
// load of each page that a cold TLB charges, whatever the page size (every page starts at one).
bool startsAPage(std::size_t k, std::uint32_t stride);
// The loads of such a chase that no TLB miss can have slowed: those that do not start a page.
std::vector<std::uint32_t> inPageLoads(const std::vector<std::uint32_t>& loads, std::uint32_t stride);

// Stride that walks one line per load (the line if known, else the fetch granularity), at most
// kMostInPageStride: one load a line either way for every line size a GPU has.
std::uint32_t lineStride(const RunContext& ctx, const CacheTarget& target);
// The stride of a fill that must meet another in the cache (sharing, amount): the fetch
// granularity, so that it touches every line whatever the line size. At a line size read too
// large, a hashed index can put two fills' lines in disjoint sets (one on the even lines' sets,
// one on the odd), and no fill then evicts the other.
std::uint32_t fillStride(const RunContext& ctx, const CacheTarget& target);
// What the second fill of such a test walks, in sizes of the cache: four times it, so that one
// cache keeps next to none of the first fill whatever its index and policy. A second fill of 3/4
// (1.5 x the cache together) left most of the first in set-associative hashed caches whose size
// read below their capacity, or under random replacement: CU groups split (28 % of the random
// set-associative GPUs of the calibration benchmark), copies per unit over-counted, one cache
// read as two (issue 34). Twice it did too once the size of such a cache read its contiguous
// knee, which a hashed index can put at a third of the capacity (a direct-mapped L1 of 219 KiB
// whose knee is 64 KiB: its three paths read as three caches at 1.0).
inline constexpr double kEvictingFill = 4.0;
// kEvictingFill x `cacheBytes` at `stride` in `target`'s space, at least one stride and at most one
// chaser's reach (constant fills stay in one bank: beyond it the CUDA backend walks extra modules,
// whose kernels starting on the SM invalidate the L1 under test; a bank on top of a 3/4 fill still
// overflows a cache the two would share).
std::uint64_t evictingFillBytes(RunContext& ctx, const CacheTarget& target, double cacheBytes, std::uint32_t stride);

// The array a chase with `stride` must exceed to miss every time in the cache in front of
// `target`: twice that cache's size, scaled by stride / its line (a cache of C bytes in lines
// of L holds C/L tags, so a stride s > L makes it look s/L times larger). 0 without one.
std::uint64_t passAboveBytes(const RunContext& ctx, const CacheTarget& target, std::uint32_t stride);

// A chase over `totalBytes`. Where that exceeds `splitAboveBytes` (constant memory: one
// bank), a full first array is warmed, a second chaser on the same thread walks the rest
// in other banks, and the first array is timed: under LRU it survives exactly when the
// whole fits, as a single array would.
ChaseRequest chaseOver(Space space, std::uint64_t totalBytes, std::uint32_t stride, std::uint64_t splitAboveBytes);

// Every how many loads of a pass of `loadsPerPass` one is timed, for `recordLoads` timed loads
// spread over the pass, at `strideBytes` a load. Never a spacing of a whole number of 4 KiB
// (then one fewer): on a power-of-two array that puts every timed load on the first line of a
// page, and where a TLB reaches less than the array each of them pays a miss that the loads
// between them do not, a step of the median that no cache makes (a simulated 16 MiB L2 read as
// 8 MiB where a TLB reached 8 MiB).
std::uint32_t timedLoadSpacing(std::uint64_t loadsPerPass, std::uint32_t recordLoads, std::uint32_t strideBytes);

// Unit `filler` warms `bytes` at `stride` with L1-bypassing loads; unit `reader` then times up to
// 256 of its lines cold: near hits where the two share an L2 segment, far hits where they do not.
std::vector<std::uint32_t> readFilledBy(RunContext& ctx, const CacheTarget& target, int reader, int filler,
                                        std::uint64_t bytes, std::uint32_t stride);
// The array of such a reading: a quarter of the L2 knee `kneeBytes` (what one unit keeps of its
// segment), at most 256 KiB.
std::uint64_t segmentReadBytes(double kneeBytes, std::uint32_t stride);
// The largest array one chaser may walk in this target's space.
std::uint64_t chaserLimit(RunContext& ctx, const CacheTarget& target);

}  // namespace ts
