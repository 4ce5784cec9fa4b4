// Is the H100's L1 a modulo-indexed cache whose set count the non-power-of-two capacity hides?
// Outside the engine, like tlb_probe.cu. One thread builds nothing: the host writes a pointer
// chain over the chosen lines, the kernel walks it twice through the L1 (ld.global.ca) and times
// the second pass; a load above 100 cycles missed the L1.
// Prints, for lines at power-of-two strides, how many fit; for each set of a 512-set modulo
// index, whether 4 lines at a 64 KiB stride fit; and the longest consecutive run that fits, each
// with 0, 16 and 64 KiB of dynamic shared memory per block (the carveout moves with it).
// Usage: l1_sets_probe
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

namespace {

constexpr std::uint64_t kLine = 128;
constexpr unsigned kMissCycles = 100;

__global__ void walk(const std::uint64_t* start, unsigned n, unsigned* out) {
    extern __shared__ std::uint32_t dyn[];
    __shared__ std::uint32_t sink;
    const std::uint64_t* p = start;
    for (unsigned k = 0; k < n; ++k) asm volatile("ld.global.ca.u64 %0, [%0];" : "+l"(p));
    unsigned misses = 0;
    for (unsigned k = 0; k < n; ++k) {
        const long long t0 = clock64();
        asm volatile("ld.global.ca.u64 %0, [%0];" : "+l"(p));
        sink = static_cast<std::uint32_t>(reinterpret_cast<std::uint64_t>(p));  // waits for the load
        const long long t1 = clock64();
        misses += static_cast<unsigned>(t1 - t0) > kMissCycles;
    }
    if (reinterpret_cast<std::uint64_t>(p) == 1) dyn[0] = sink;  // keeps the dynamic window in use
    out[0] = misses;
}

void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}

struct Prober {
    char* dev = nullptr;
    unsigned* out = nullptr;
    std::vector<std::uint64_t> host;
    std::size_t smem = 0;

    // Second-pass misses over these line numbers (twice, the smaller of the two).
    unsigned misses(const std::vector<std::uint64_t>& lines) {
        std::uint64_t top = 0;
        for (std::uint64_t l : lines) top = std::max(top, l);
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const std::uint64_t next = lines[(i + 1) % lines.size()];
            const std::uint64_t value = reinterpret_cast<std::uint64_t>(dev) + next * kLine;
            check(cudaMemcpy(dev + lines[i] * kLine, &value, 8, cudaMemcpyHostToDevice), "chain");
        }
        unsigned best = ~0u;
        for (int r = 0; r < 2; ++r) {
            walk<<<1, 1, smem>>>(reinterpret_cast<const std::uint64_t*>(dev + lines[0] * kLine), static_cast<unsigned>(lines.size()), out);
            check(cudaDeviceSynchronize(), "walk");
            unsigned m = 0;
            check(cudaMemcpy(&m, out, 4, cudaMemcpyDeviceToHost), "out");
            best = std::min(best, m);
        }
        return best;
    }
    std::vector<std::uint64_t> strided(std::uint64_t first, std::uint64_t stride, unsigned n) {
        std::vector<std::uint64_t> v;
        for (unsigned k = 0; k < n; ++k) v.push_back(first + k * stride);
        return v;
    }
};

}  // namespace

int main() {
    Prober p;
    check(cudaMalloc(&p.dev, 64ull << 20), "array");
    check(cudaMalloc(&p.out, 16), "out");
    check(cudaFuncSetAttribute(walk, cudaFuncAttributePreferredSharedMemoryCarveout, 0), "carveout");
    check(cudaFuncSetAttribute(walk, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 << 10), "smem");
    for (std::size_t smem : {std::size_t{0}, std::size_t{16} << 10, std::size_t{64} << 10}) {
        p.smem = smem;
        std::printf("== dynamic shared memory %zu KiB\n", smem >> 10);
        for (std::uint64_t stride : {64ull, 128ull, 256ull, 512ull, 1024ull, 2048ull}) {
            std::printf("stride %4llu lines:", static_cast<unsigned long long>(stride));
            for (unsigned n = 1; n <= 12; ++n) std::printf(" %u:%u", n, p.misses(p.strided(0, stride, n)));
            std::printf("\n");
        }
        // Sets whose 4 lines at a 512-line stride do not fit (a modulo-512 index would put them in one set).
        std::vector<int> short3;
        for (std::uint64_t set = 0; set < 512; ++set)
            if (p.misses(p.strided(set, 512, 4)) > 0) short3.push_back(static_cast<int>(set));
        std::printf("sets (mod 512) where 4 lines at 512-line stride miss: %zu:", short3.size());
        for (std::size_t k = 0; k < short3.size(); ++k)
            if (k == 0 || short3[k] != short3[k - 1] + 1) std::printf(" %d", short3[k]);
            else if (k + 1 == short3.size() || short3[k + 1] != short3[k] + 1) std::printf("-%d", short3[k]);
        std::printf("\n");
        std::uint64_t lo = 1024, hi = 3000;
        while (hi - lo > 1) {
            const std::uint64_t mid = (lo + hi) / 2;
            (p.misses(p.strided(0, 1, static_cast<unsigned>(mid))) == 0 ? lo : hi) = mid;
        }
        std::printf("longest consecutive run that fits: %llu lines; misses at 1960: %u, 2048: %u, 2100: %u\n",
                    static_cast<unsigned long long>(lo), p.misses(p.strided(0, 1, 1960)), p.misses(p.strided(0, 1, 2048)),
                    p.misses(p.strided(0, 1, 2100)));
    }
    return 0;
}
