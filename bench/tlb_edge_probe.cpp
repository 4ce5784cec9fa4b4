// toposcope-tlb-edge-probe: the TLB walks of the engine (pairs of loads on one line per page, in
// the backend's translation-walk space) at every page count near a level's edge, repeated, to see
// how sharp the edge is and whether a small step is a level. Prints, per walk: stride, pages,
// repeat, median and mean of the pairs' differences, and the share of pairs above 5, 20 and 47
// cycles. Usage: toposcope-tlb-edge-probe [first-level|last-level|l1|l1-halves|both] [repeats]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "chase_request.hpp"
#include "cuda/cuda_backend.hpp"

namespace {

constexpr std::uint64_t MiB = 1ull << 20;

// Same placement as the engine's tlbWalkLine (engine/benchmarks/tlb_levels.cpp).
std::uint64_t lineOf(std::uint64_t i, std::uint64_t stride, std::uint64_t period) {
    const std::uint64_t at = i * stride;
    const std::uint64_t repeat = period > 0 ? at / period : 0;
    const std::uint64_t slot = period > 0 ? at % period / stride : i;
    return at + ((slot % 128) * 512 + repeat * 128) % stride;
}

struct Walk {
    std::vector<int> diffs;  // first - second, per pair of the timed pass
};

Walk walk(ts::Backend& b, std::uint64_t pages, std::uint64_t stride, std::uint64_t period) {
    ts::SequenceChase r;
    r.space = ts::Space::GlobalL2;
    r.translationWalk = true;
    const int passes = pages < 64 ? 4 : 2;
    for (int p = 0; p < passes; ++p)
        for (std::uint64_t i = 0; i < pages; ++i) {
            r.offsets.push_back(lineOf(i, stride, period));
            r.offsets.push_back(lineOf(i, stride, period) + 64);
        }
    r.timedFrom = static_cast<std::uint32_t>(2 * pages);
    const ts::ChaseResult res = b.chaseSequence(r);
    Walk w;
    for (std::size_t k = 0; k + 1 < res.latencies.size(); k += 2)
        w.diffs.push_back(static_cast<int>(res.latencies[k]) - static_cast<int>(res.latencies[k + 1]));
    return w;
}

double shareAbove(const std::vector<int>& d, int t) {
    return d.empty() ? 0 : static_cast<double>(std::count_if(d.begin(), d.end(), [&](int x) { return x > t; })) / d.size();
}

void print(const char* what, std::uint64_t stride, std::uint64_t pages, int rep, const Walk& w) {
    std::vector<int> s = w.diffs;
    std::sort(s.begin(), s.end());
    double mean = 0;
    for (int x : s) mean += x;
    mean /= std::max<std::size_t>(1, s.size());
    std::printf("%-5s stride %4llu MiB pages %5llu rep %d median %4d mean %6.1f share>5 %.3f >20 %.3f >47 %.3f\n", what,
                static_cast<unsigned long long>(stride / MiB), static_cast<unsigned long long>(pages), rep,
                s.empty() ? 0 : s[s.size() / 2], mean, shareAbove(s, 5), shareAbove(s, 20), shareAbove(s, 47));
}

// Which pages miss (> 47 cycles) in the first timed pass: the same ones each time?
void missPattern(ts::Backend& b, std::uint64_t pages, std::uint64_t stride, std::uint64_t period, int repeats) {
    for (int rep = 0; rep < repeats; ++rep) {
        const Walk w = walk(b, pages, stride, period);
        std::string runs;
        int inRun = 0, first = -1;
        for (std::size_t i = 0; i <= std::min<std::size_t>(pages, w.diffs.size()); ++i) {
            const bool miss = i < pages && i < w.diffs.size() && w.diffs[i] > 47;
            if (miss && inRun == 0) first = static_cast<int>(i);
            if (miss) ++inRun;
            if (!miss && inRun > 0) {
                runs += std::to_string(first) + "+" + std::to_string(inRun) + " ";
                inRun = 0;
            }
        }
        std::printf("pattern pages %llu rep %d: %s\n", static_cast<unsigned long long>(pages), rep, runs.substr(0, 600).c_str());
    }
}

// The L1 knee: loads of one pass over n consecutive lines that miss (over 100 cycles), n near
// the capacity; repeated, to see whether the count per n is the same each time.
void l1Knee(ts::Backend& b, int repeats) {
    for (std::uint32_t lines = 1848; lines <= 2024; lines += 4) {
        std::printf("l1 lines %4u misses:", lines);
        for (int rep = 0; rep < repeats; ++rep) {
            const auto r = b.chase(ts::chaseRequest(ts::Space::Global, lines * 128ull, 128, 2, lines));
            std::printf(" %4lld", static_cast<long long>(std::count_if(r.latencies.begin(), r.latencies.end(), [](std::uint32_t l) { return l > 100; })));
        }
        std::printf("\n");
    }
}

// Lines 0..n-1 (128 B apart) in the L1: `passes` untimed passes, one timed; which of them miss.
std::vector<bool> l1MissMap(ts::Backend& b, const std::vector<std::uint64_t>& lines, int passes = 2) {
    ts::SequenceChase r;
    r.space = ts::Space::Global;
    for (int p = 0; p <= passes; ++p)
        for (std::uint64_t line : lines) r.offsets.push_back(line * 128);
    r.timedFrom = static_cast<std::uint32_t>(passes * lines.size());
    const ts::ChaseResult res = b.chaseSequence(r);
    std::vector<bool> miss;
    for (std::uint32_t l : res.latencies) miss.push_back(l > 100);
    return miss;
}

std::vector<std::uint64_t> firstLines(std::uint64_t n) {
    std::vector<std::uint64_t> v(n);
    for (std::uint64_t i = 0; i < n; ++i) v[i] = i;
    return v;
}

int parity(std::uint64_t x) { return __builtin_popcountll(x) & 1; }

// Is the L1 two halves? Past the first knee exactly half of the lines miss: which ones (a parity
// of some line-index bits?), and where does each half alone stop fitting?
void l1Halves(ts::Backend& b, int repeats) {
    std::vector<bool> plateau;
    for (std::uint64_t n : {1864, 1896, 1932, 1960, 1992, 2024})
        for (int rep = 0; rep < repeats; ++rep) {
            const std::vector<bool> miss = l1MissMap(b, firstLines(n));
            std::string hex;
            int misses = 0;
            for (std::size_t i = 0; i < miss.size(); i += 4) {
                int nib = 0;
                for (std::size_t k = 0; k < 4 && i + k < miss.size(); ++k) nib |= miss[i + k] << k;
                hex += "0123456789abcdef"[nib];
            }
            for (bool m : miss) misses += m;
            std::printf("l1map n %4llu rep %d misses %4d map %s\n", static_cast<unsigned long long>(n), rep, misses, hex.c_str());
            if (n == 1960 && rep == 0) plateau = miss;
        }
    // Masks over line-index bits 0..10 whose parity (or its complement) best says which lines miss.
    std::uint64_t best = 0;
    int bestAgree = 0;
    for (std::uint64_t mask = 1; mask < 2048; ++mask) {
        int agree = 0;
        for (std::size_t i = 0; i < plateau.size(); ++i) agree += (parity(i & mask) == 1) == plateau[i];
        agree = std::max<int>(agree, static_cast<int>(plateau.size()) - agree);
        if (agree > bestAgree) bestAgree = agree, best = mask;
    }
    std::printf("l1 halves: best parity mask 0x%llx agrees on %d of %zu lines\n", static_cast<unsigned long long>(best),
                bestAgree, plateau.size());
    for (int cls = 0; cls < 2; ++cls) {
        std::vector<std::uint64_t> own;
        for (std::uint64_t i = 0; i < 2048; ++i)
            if (parity(i & best) == cls) own.push_back(i);
        for (std::size_t k = 880; k <= own.size(); k += 4) {
            std::printf("l1 half %d lines %4zu misses:", cls, k);
            for (int rep = 0; rep < repeats; ++rep) {
                const std::vector<bool> miss = l1MissMap(b, std::vector<std::uint64_t>(own.begin(), own.begin() + k));
                std::printf(" %4lld", static_cast<long long>(std::count(miss.begin(), miss.end(), true)));
            }
            std::printf("\n");
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "both";
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 3;
    try {
        auto backend = ts::makeCudaBackend(0);
        ts::Backend& b = *backend;
        const auto info = b.queryDevice();
        const ts::TranslationWalkSpace where = b.translationWalkSpace(ts::Space::GlobalL2);
        std::printf("%s, %d SMs, driver %s; walk space %llu GiB, period %llu MiB\n", info.name.c_str(), info.unitCount,
                    info.driver.c_str(), static_cast<unsigned long long>(where.maxBytes >> 30),
                    static_cast<unsigned long long>(where.period / MiB));
        if (mode == "l1" || mode == "both") l1Knee(b, repeats);
        if (mode == "l1-halves") l1Halves(b, repeats);
        if (mode == "first-level" || mode == "both") {
            for (std::uint64_t stride : {2 * MiB, 4 * MiB, 8 * MiB, 16 * MiB, 32 * MiB})
                for (std::uint64_t pages = 1; pages <= 48; ++pages)
                    for (int rep = 0; rep < repeats; ++rep) print("first", stride, pages, rep, walk(b, pages, stride, where.period));
        }
        if (mode == "last-level" || mode == "both") {
            for (std::uint64_t pages = 2040; pages <= 2200; pages += pages >= 2150 && pages < 2185 ? 1 : 8)
                for (int rep = 0; rep < repeats; ++rep) print("last", 32 * MiB, pages, rep, walk(b, pages, 32 * MiB, where.period));
            for (std::uint64_t pages : {2160, 2166, 2168, 2170, 2175}) missPattern(b, pages, 32 * MiB, where.period, repeats);
        }
    } catch (const std::exception& e) {
        std::printf("error: %s\n", e.what());
        return 1;
    }
    return 0;
}
