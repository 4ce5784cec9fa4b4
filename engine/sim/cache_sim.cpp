// Cache model of the simulated backend: one CacheSim per cache instance.
//
// Measured speed (g++ 12 -O2 Release, one core of the project's 2-core AMD EPYC (Zen 4) VM;
// a loop of access() calls over an array at 2^40, several passes, figures vary ~2x run to run):
//   fully associative LRU, 240 KiB, 128 B lines / 32 B sectors (H100 L1):
//     fits, stride 32: 94-190 M loads/s;  2x capacity, stride 128 (all misses): 36-45 M loads/s
//   fully associative LRU, 25 MiB (one H100 L2 segment):
//     fits, stride 128: 58-105 M loads/s;  2x capacity, stride 128 (all misses): 37-56 M loads/s
//   16-way LRU, 8 MiB: fits 56-88 M loads/s, all misses 28-32 M loads/s
//   whole SimBackend::chase on h100, global loads through L1 + segmented L2, 26 MB at stride 32:
//     27-60 M loads/s; a chase of a 4 KiB array costs ~5 us, one of 240 KiB ~0.1 ms.
#include "sim/cache_sim.hpp"

#include <bit>
#include <stdexcept>

#include "sim/fully_assoc_cache.hpp"
#include "sim/set_assoc_cache.hpp"

namespace ts::sim_detail {

namespace {

const CacheGeometry& checked(const CacheGeometry& g) {
    const bool valid = std::has_single_bit(g.line) && std::has_single_bit(g.sector) && g.sector <= g.line &&
                       g.line / g.sector <= 32 && g.size >= g.line && g.size % g.line == 0;
    if (!valid) throw std::invalid_argument("CacheSim: invalid geometry");
    return g;
}

}  // namespace

CacheSim::CacheSim(const CacheGeometry& geometry)
    : geometry_(checked(geometry)),
      lineShift_(static_cast<unsigned>(std::countr_zero(geometry_.line))),
      sectorShift_(static_cast<unsigned>(std::countr_zero(geometry_.sector))),
      sectorIndexMask_(geometry_.line / geometry_.sector - 1) {}

std::unique_ptr<CacheSim> makeCacheSim(const CacheGeometry& geometry, std::uint64_t seed) {
    if (geometry.ways == 0) return std::make_unique<FullyAssocCache>(geometry, seed);
    return std::make_unique<SetAssocCache>(geometry, seed);
}

}  // namespace ts::sim_detail
