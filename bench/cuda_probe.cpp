// toposcope-cuda-probe: exercises every primitive of the CUDA backend on a real GPU and prints
// the measured figures (cycles include the timer overhead unless a line says otherwise).
// Usage: toposcope-cuda-probe [device]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "chase_request.hpp"
#include "cuda/cuda_backend.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using ts::chaseRequest;
using ts::Space;

double msSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

struct Stat {
    double median = 0, min = 0, p10 = 0, p90 = 0, max = 0;
    std::size_t n = 0;
};

Stat stat(std::vector<std::uint32_t> v) {
    Stat s;
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    auto at = [&](double q) { return static_cast<double>(v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))]); };
    s.n = v.size();
    s.min = v.front();
    s.max = v.back();
    s.median = at(0.5);
    s.p10 = at(0.1);
    s.p90 = at(0.9);
    return s;
}

double overhead = 0;  // median timer overhead, cycles

void show(const std::string& label, const std::vector<std::uint32_t>& lat, const std::string& note = "") {
    const Stat s = stat(lat);
    std::printf("  %-44s median %6.0f cy (net %6.0f) | min %5.0f p10 %5.0f p90 %5.0f max %6.0f | n=%zu%s%s\n",
                label.c_str(), s.median, s.median - overhead, s.min, s.p10, s.p90, s.max, s.n, note.empty() ? "" : " | ",
                note.c_str());
}

ts::SecondChaser second(Space space, std::uint64_t bytes, std::uint32_t stride, ts::Placement placement,
                        std::uint32_t passes = 1, int warp = 0, int unit = -1, bool same = false) {
    ts::SecondChaser s;
    s.space = space;
    s.arrayBytes = bytes;
    s.strideBytes = stride;
    s.passes = passes;
    s.placement = placement;
    s.warp = warp;
    s.unit = unit;
    s.sameArray = same;
    return s;
}

double fractionAbove(const std::vector<std::uint32_t>& lat, double threshold) {
    if (lat.empty()) return 0;
    std::size_t k = 0;
    for (auto v : lat) k += v > threshold;
    return static_cast<double>(k) / static_cast<double>(lat.size());
}

constexpr std::uint64_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;

int failures = 0;
void section(const char* title, const std::function<void()>& body) {
    std::printf("\n== %s\n", title);
    const auto t = Clock::now();
    try {
        body();
    } catch (const std::exception& e) {
        ++failures;
        std::printf("  FAILED: %s\n", e.what());
    }
    std::printf("  (%.1f ms)\n", msSince(t));
}

}  // namespace

int main(int argc, char** argv) {
    const auto start = Clock::now();
    const int device = argc > 1 ? std::atoi(argv[1]) : 0;
    std::printf("toposcope-cuda-probe: %d CUDA device(s)\n", ts::cudaDeviceCount());
    std::unique_ptr<ts::Backend> backend;
    try {
        const auto t = Clock::now();
        backend = ts::makeCudaBackend(device);
        std::printf("backend created in %.1f ms\n", msSince(t));
    } catch (const ts::BackendError& e) {
        std::printf("no CUDA backend: %s\n", e.what());
        return 1;
    }
    ts::Backend& b = *backend;
    ts::DeviceInfo info;

    section("device", [&] {
        info = b.queryDevice();
        std::printf("  %s, %s, CC %d.%d, %d SMs, warp %d, %d FP32 cores/SM\n", info.name.c_str(), info.arch.c_str(),
                    info.ccMajor, info.ccMinor, info.unitCount, info.warpSize, info.coresPerUnit);
        std::printf("  clock %llu kHz, memory clock %llu kHz, bus %d bit\n",
                    static_cast<unsigned long long>(info.clockKhz), static_cast<unsigned long long>(info.memoryClockKhz),
                    info.memoryBusWidthBits);
        std::printf("  L2 %llu B, persisting L2 max %llu B, shared/SM %llu B, shared/block (opt-in) %llu B, reserved/block %llu B\n",
                    static_cast<unsigned long long>(info.l2SizeBytes),
                    static_cast<unsigned long long>(info.persistingL2MaxBytes),
                    static_cast<unsigned long long>(info.sharedPerUnitBytes),
                    static_cast<unsigned long long>(info.sharedPerBlockBytes),
                    static_cast<unsigned long long>(info.reservedSharedPerBlockBytes));
        std::printf("  constant %llu B, global %llu B, regs/block %d, regs/SM %d, threads/block %d, threads/SM %d, blocks/SM %d\n",
                    static_cast<unsigned long long>(info.totalConstBytes),
                    static_cast<unsigned long long>(info.totalGlobalBytes), info.regsPerBlock, info.regsPerUnit,
                    info.maxThreadsPerBlock, info.maxThreadsPerUnit, info.maxBlocksPerUnit);
        std::printf("  concurrent kernels %d, cooperative launch %d, driver '%s', backend '%s', physical ids %s\n",
                    info.concurrentKernels, info.cooperativeLaunch, info.driver.c_str(), info.backend.c_str(),
                    info.physicalUnitIds.empty() ? "identity" : "mapped");
        for (const auto& [k, v] : info.extra) std::printf("  extra %-32s %s\n", k.c_str(), v.c_str());
        for (Space s : {Space::Global, Space::GlobalL2, Space::ReadOnly, Space::Texture, Space::Constant, Space::Shared,
                        Space::Vector})
            std::printf("  supports %-10s %d, maxArrayBytes %llu\n", std::string(ts::toString(s)).c_str(), b.supports(s),
                        static_cast<unsigned long long>(b.maxArrayBytes(s)));
    });
    const int units = std::max(1, info.unitCount);
    const int lastUnit = units - 1;

    section("timer overhead (two back-to-back %clock reads)", [&] {
        const auto v = b.measureTimerOverhead(4096);
        overhead = stat(v).median;
        const Stat s = stat(v);
        std::printf("  overhead median %.0f cy, min %.0f, p90 %.0f, max %.0f (n=%zu)\n", s.median, s.min, s.p90, s.max, s.n);
    });

    double l1Hit = 0, l2Hit = 0;
    section("latencies, warm (1 warm-up pass, 256 timed loads, unit 0)", [&] {
        auto run = [&](const std::string& label, const ts::ChaseRequest& r) {
            const auto res = b.chase(r);
            show(label, res.latencies, "SM " + std::to_string(res.ranOnUnit));
            return stat(res.latencies).median;
        };
        l1Hit = run("Global   16 KiB s32 (L1 hit)", chaseRequest(Space::Global, 16 * KiB, 32));
        run("Global    1 MiB s32 (L1 miss)", chaseRequest(Space::Global, 1 * MiB, 32));
        run("ReadOnly 16 KiB s32", chaseRequest(Space::ReadOnly, 16 * KiB, 32));
        run("ReadOnly  1 MiB s32", chaseRequest(Space::ReadOnly, 1 * MiB, 32));
        run("Texture  16 KiB s32", chaseRequest(Space::Texture, 16 * KiB, 32));
        run("Texture   1 MiB s32", chaseRequest(Space::Texture, 1 * MiB, 32));
        run("Constant  1 KiB s64 (constant L1)", chaseRequest(Space::Constant, 1 * KiB, 64));
        run("Constant 32 KiB s64 (constant L1.5)", chaseRequest(Space::Constant, 32 * KiB, 64));
        run("Constant 64 KiB s64", chaseRequest(Space::Constant, 64 * KiB, 64));
        run("Shared   16 KiB s32", chaseRequest(Space::Shared, 16 * KiB, 32));
        run("Shared   max (opt-in) s4", chaseRequest(Space::Shared, b.maxArrayBytes(Space::Shared), 4, 1, 1024));
        l2Hit = run("GlobalL2  1 MiB s32 (L2 hit)", chaseRequest(Space::GlobalL2, 1 * MiB, 32));
        run("GlobalL2 16 MiB s256 (L2 hit)", chaseRequest(Space::GlobalL2, 16 * MiB, 256));
    });

    section("cold chases (no warm-up; L2 flushed first)", [&] {
        auto run = [&](const std::string& label, const ts::ChaseRequest& r) {
            const auto res = b.chase(r);
            show(label, res.latencies, "first " + std::to_string(res.latencies.empty() ? 0 : res.latencies[0]));
        };
        run("Global   16 KiB s32 cold", chaseRequest(Space::Global, 16 * KiB, 32, 0, 256));
        run("GlobalL2 256 MiB s256 cold (DRAM)", chaseRequest(Space::GlobalL2, 256 * MiB, 256, 0, 1024));
        run("GlobalL2 s256 x2048 cold (4 KiB-page local)", chaseRequest(Space::GlobalL2, 256ull * 2048, 256, 0, 2048));
        run("GlobalL2 s4KiB x2048 cold (2 MiB-page local)", chaseRequest(Space::GlobalL2, 4 * KiB * 512, 4 * KiB, 0, 512));
        const std::uint64_t pageStride = 2 * MiB + 256;
        run("GlobalL2 s(2MiB+256) x2048 cold (TLB miss)", chaseRequest(Space::GlobalL2, pageStride * 2048, pageStride, 0, 2048));
        run("GlobalL2 s(32MiB+256) x256 cold (TLB miss)", chaseRequest(Space::GlobalL2, (32 * MiB + 256) * 256, 32 * MiB + 256, 0, 256));
    });

    section("L1 size sweep: 64 sizes 128..317 KiB, Global s128, ONE chaseBatch (units 0..63)", [&] {
        std::vector<ts::ChaseRequest> rs;
        for (int i = 0; i < 64; ++i) rs.push_back(chaseRequest(Space::Global, (128 + 3 * i) * KiB, 128, 1, 512, i % units));
        const auto t = Clock::now();
        const auto res = b.chaseBatch(rs);
        const double ms = msSince(t);
        const double threshold = (l1Hit + l2Hit) / 2;
        std::printf("  batch wall time %.2f ms for %zu requests (miss threshold %.0f cy)\n", ms, rs.size(), threshold);
        for (std::size_t i = 0; i < res.size(); ++i)
            std::printf("  %3llu KiB  median %5.0f  miss %5.1f%%  SM %d\n",
                        static_cast<unsigned long long>(rs[i].arrayBytes / KiB), stat(res[i].latencies).median,
                        100 * fractionAbove(res[i].latencies, threshold), res[i].ranOnUnit);
        const auto t2 = Clock::now();
        (void)b.chaseBatch(rs);
        std::printf("  same batch again (arrays already initialised): %.2f ms\n", msSince(t2));
    });

    section("SM pinning", [&] {
        for (int u : {0, 1, 66, 131}) {
            const int unit = std::min(u, lastUnit);
            const auto res = b.chase(chaseRequest(Space::Global, 16 * KiB, 32, 1, 32, unit));
            std::printf("  unit %3d -> ranOnUnit %3d (physical id %d)\n", unit, res.ranOnUnit, info.physicalId(unit));
        }
        std::vector<ts::ChaseRequest> rs;
        for (int u = 0; u < units; ++u) rs.push_back(chaseRequest(Space::Global, 16 * KiB, 32, 1, 64, u));
        const auto t = Clock::now();
        const auto res = b.chaseBatch(rs);
        int wrong = 0;
        for (int u = 0; u < units; ++u) wrong += res[static_cast<std::size_t>(u)].ranOnUnit != info.physicalId(u);
        std::printf("  batch of %d (one per SM): %.2f ms, %d on the wrong SM\n", units, msSince(t), wrong);
    });

    section("launch cost", [&] {
        auto kernelSeconds = [&] { return ts::cudaLaunchStats(b)->chaseKernelSeconds; };
        auto t = Clock::now();
        for (int i = 0; i < 200; ++i) (void)b.measureTimerOverhead(1);
        std::printf("  round trip of a trivial kernel (timer overhead, 1 sample): %.1f us\n", msSince(t) * 1000 / 200);
        auto r = chaseRequest(Space::Global, 16 * KiB, 32, 1, 1);
        (void)b.chase(r);
        const int n = 200;
        double k0 = kernelSeconds();
        t = Clock::now();
        for (int i = 0; i < n; ++i) (void)b.chase(r);
        std::printf("  single chase (Global 16 KiB, 1 warm-up pass, 1 load): %.1f us each, kernel %.1f us\n",
                    msSince(t) * 1000 / n, (kernelSeconds() - k0) * 1e6 / n);
        r.recordLoads = 256;
        k0 = kernelSeconds();
        t = Clock::now();
        for (int i = 0; i < n; ++i) (void)b.chase(r);
        std::printf("  single chase (Global 16 KiB, 1 warm-up pass, 256 loads): %.1f us each, kernel %.1f us\n",
                    msSince(t) * 1000 / n, (kernelSeconds() - k0) * 1e6 / n);
        r.warmupPasses = 0;
        k0 = kernelSeconds();
        t = Clock::now();
        for (int i = 0; i < 50; ++i) (void)b.chase(r);
        std::printf("  cold single chase (L2 flush first, 256 loads): %.1f us each, kernel %.1f us\n",
                    msSince(t) * 1000 / 50, (kernelSeconds() - k0) * 1e6 / 50);
        std::vector<ts::ChaseRequest> rs;
        for (int u = 0; u < units; ++u) rs.push_back(chaseRequest(Space::Global, 16 * KiB, 32, 1, 256, u));
        k0 = kernelSeconds();
        t = Clock::now();
        for (int i = 0; i < 20; ++i) (void)b.chaseBatch(rs);
        std::printf("  batch of %d chases (16 KiB, 256 loads each): %.1f us per batch, kernel %.1f us\n", units,
                    msSince(t) * 1000 / 20, (kernelSeconds() - k0) * 1e6 / 20);
    });

    section("constant sweep 1..64 KiB s64, ONE chaseBatch (units 0..6)", [&] {
        std::vector<ts::ChaseRequest> rs;
        int u = 0;
        for (std::uint64_t kb : {1, 2, 4, 8, 16, 32, 64}) rs.push_back(chaseRequest(Space::Constant, kb * KiB, 64, 1, 256, u++));
        const auto res = b.chaseBatch(rs);
        for (std::size_t i = 0; i < rs.size(); ++i)
            show("Constant " + std::to_string(rs[i].arrayBytes / KiB) + " KiB", res[i].latencies,
                 "SM " + std::to_string(res[i].ranOnUnit));
    });

    section("SameThread sharing (second chaser 512 KiB s32, 1 pass)", [&] {
        auto pair = [&](Space main, Space fill) {
            const auto alone = b.chase(chaseRequest(main, 16 * KiB, 32)).latencies;
            auto r = chaseRequest(main, 16 * KiB, 32);
            r.second = second(fill, 512 * KiB, 32, ts::Placement::SameThread);
            const auto res = b.chase(r);
            show(std::string(ts::toString(main)) + " 16 KiB alone", alone);
            show(std::string(ts::toString(main)) + " after " + std::string(ts::toString(fill)) + " fill", res.latencies,
                 "second on SM " + std::to_string(res.secondRanOnUnit));
        };
        pair(Space::Texture, Space::Global);
        pair(Space::Global, Space::Texture);
        pair(Space::ReadOnly, Space::Global);
        pair(Space::Global, Space::GlobalL2);
        pair(Space::Constant, Space::Global);
    });

    section("OtherWarp (Global 16 KiB main; Global 512 KiB s32 second on another warp)", [&] {
        for (int w : {1, 2, 4, 31}) {
            auto r = chaseRequest(Space::Global, 16 * KiB, 32);
            r.second = second(Space::Global, 512 * KiB, 32, ts::Placement::OtherWarp, 1, w);
            const auto res = b.chase(r);
            show("warp " + std::to_string(w), res.latencies, "second SM " + std::to_string(res.secondRanOnUnit));
        }
        auto r = chaseRequest(Space::Global, 16 * KiB, 32);
        r.second = second(Space::Global, 8 * KiB, 32, ts::Placement::OtherWarp, 1, 1);
        show("warp 1, small 8 KiB second (control)", b.chase(r).latencies);
    });

    section("OtherUnit, sameArray, GlobalL2 256 KiB s128: filler unit fills cold array, reader times it", [&] {
        for (int filler : {0, 66}) {
            for (int u : {0, 1, 33, 66, 99, 131}) {
                const int reader = std::min(u, lastUnit);
                auto r = chaseRequest(Space::GlobalL2, 256 * KiB, 128, 0, 256, reader);
                r.second = second(Space::GlobalL2, 256 * KiB, 128, ts::Placement::OtherUnit, 1, 0, std::min(filler, lastUnit), true);
                const auto res = b.chase(r);
                show("reader " + std::to_string(reader) + " filler " + std::to_string(filler), res.latencies,
                     "SMs " + std::to_string(res.ranOnUnit) + "/" + std::to_string(res.secondRanOnUnit));
            }
        }
        for (int u : {0, 33, 66, 99, 131}) {
            const int unit = std::min(u, lastUnit);
            show("self-warmed GlobalL2 1 MiB, unit " + std::to_string(unit),
                 b.chase(chaseRequest(Space::GlobalL2, 1 * MiB, 32, 1, 256, unit)).latencies);
        }
        auto r = chaseRequest(Space::Global, 16 * KiB, 32, 1, 256, 0);
        r.second = second(Space::Global, 512 * KiB, 32, ts::Placement::OtherUnit, 1, 0, 1, false);
        show("Global 16 KiB unit 0, 512 KiB fill on unit 1 (control)", b.chase(r).latencies);
    });

    section("constant second chaser in the extra modules (runs beside the main kernel)", [&] {
        auto run = [&](const std::string& label, Space main, std::uint64_t mainBytes, std::uint64_t secondBytes,
                       std::uint32_t passes) {
            auto r = chaseRequest(main, mainBytes, 64);
            if (secondBytes) r.second = second(Space::Constant, secondBytes, 64, ts::Placement::SameThread, passes);
            const auto res = b.chase(r);
            show(label, res.latencies, "second SM " + std::to_string(res.secondRanOnUnit));
        };
        run("Constant 32 KiB alone", Space::Constant, 32 * KiB, 0, 0);
        run("Constant 32 KiB + const 1 KiB (control)", Space::Constant, 32 * KiB, 1 * KiB, 1);
        run("Constant 32 KiB + const 96 KiB x2", Space::Constant, 32 * KiB, 96 * KiB, 2);
        run("Constant 32 KiB + const 256 KiB", Space::Constant, 32 * KiB, 256 * KiB, 1);
        run("Constant  1 KiB alone", Space::Constant, 1 * KiB, 0, 0);
        run("Constant  1 KiB + const 96 KiB", Space::Constant, 1 * KiB, 96 * KiB, 1);
        run("Global   16 KiB + const 1 KiB (L1 control)", Space::Global, 16 * KiB, 1 * KiB, 1);
        run("Global   16 KiB + const 96 KiB", Space::Global, 16 * KiB, 96 * KiB, 1);
        auto r = chaseRequest(Space::Constant, 32 * KiB, 64);
        r.second = second(Space::Constant, 96 * KiB, 64, ts::Placement::OtherUnit, 2, 0, 1);
        const auto res = b.chase(r);
        show("Constant 32 KiB + const 96 KiB on unit 1", res.latencies, "second SM " + std::to_string(res.secondRanOnUnit));
    });

    section("other paths (each passes the backend's self-checks)", [&] {
        auto r = chaseRequest(Space::Shared, 16 * KiB, 32);
        r.second = second(Space::Shared, 8 * KiB, 64, ts::Placement::SameThread, 2);
        show("Shared 16 KiB + separate shared 8 KiB (SameThread)", b.chase(r).latencies);
        r.second = second(Space::Shared, 16 * KiB, 128, ts::Placement::OtherWarp, 1, 3, -1, true);
        show("Shared 16 KiB + sameArray s128 (OtherWarp 3)", b.chase(r).latencies);
        r = chaseRequest(Space::Global, 16 * KiB, 32);
        r.second = second(Space::Shared, 64 * KiB, 32, ts::Placement::OtherUnit, 1, 0, 5);
        auto res = b.chase(r);
        show("Global 16 KiB + shared 64 KiB on unit 5", res.latencies, "second SM " + std::to_string(res.secondRanOnUnit));
        r.second = second(Space::Texture, 0, 64, ts::Placement::SameThread, 1, 0, -1, true);
        show("Global 16 KiB + Texture sameArray s64", b.chase(r).latencies);
        r.second = second(Space::GlobalL2, 0, 96, ts::Placement::OtherUnit, 3, 0, 0, true);
        res = b.chase(r);
        show("Global 16 KiB + GlobalL2 sameArray s96 on own unit", res.latencies,
             "SMs " + std::to_string(res.ranOnUnit) + "/" + std::to_string(res.secondRanOnUnit));
        r = chaseRequest(Space::Constant, 8 * KiB, 64);
        r.second = second(Space::Constant, 0, 192, ts::Placement::SameThread, 1, 0, -1, true);
        show("Constant 8 KiB + Constant sameArray s192", b.chase(r).latencies);
        r = chaseRequest(Space::ReadOnly, 20 * KiB, 36, 2, 300, -1);
        res = b.chase(r);
        show("ReadOnly 20 KiB s36, unit -1 (any)", res.latencies, "SM " + std::to_string(res.ranOnUnit));
        std::vector<ts::ChaseRequest> rs;
        for (int i = 0; i < 6; ++i) rs.push_back(chaseRequest(i % 2 ? Space::Texture : Space::Global, (8 + 4 * i) * KiB, 32, 1, 64, i % 3));
        rs.push_back(chaseRequest(Space::Constant, 4 * KiB, 64, 1, 64, 0));
        rs.push_back(chaseRequest(Space::Constant, 4 * KiB, 128, 1, 64, 1));
        const auto before = ts::cudaLaunchStats(b)->chaseLaunches;
        const auto all = b.chaseBatch(rs);
        std::printf("  batch of %zu with repeated units and two constant strides: %llu launches, units:", rs.size(),
                    static_cast<unsigned long long>(ts::cudaLaunchStats(b)->chaseLaunches - before));
        for (const auto& x : all) std::printf(" %d(%.0f)", x.ranOnUnit, stat(x.latencies).median);
        std::printf("\n");
    });

    section("bandwidth (best of 5; GiB/s)", [&] {
        const std::uint64_t dram = std::min<std::uint64_t>(4 * GiB, info.totalGlobalBytes / 4);
        const std::uint64_t l2 = info.l2SizeBytes / 2;
        for (auto target : {ts::BandwidthTarget::DeviceMemory, ts::BandwidthTarget::L2}) {
            for (auto op : {ts::BandwidthOp::Read, ts::BandwidthOp::Write, ts::BandwidthOp::Copy}) {
                ts::BandwidthRequest r;
                r.target = target;
                r.op = op;
                r.bytes = target == ts::BandwidthTarget::L2 ? l2 : dram;
                r.repetitions = 5;
                const auto t = Clock::now();
                const auto res = b.bandwidth(r);
                std::printf("  %-6s %-5s %8.1f MiB: %8.1f GiB/s (%.1f GB/s), %.3f ms/pass%s (%.1f ms)\n",
                            target == ts::BandwidthTarget::L2 ? "L2" : "DRAM",
                            op == ts::BandwidthOp::Read ? "read" : op == ts::BandwidthOp::Write ? "write" : "copy",
                            static_cast<double>(r.bytes) / MiB, res.gibPerSecond, res.gibPerSecond * 1.073741824,
                            res.seconds * 1e3,
                            op == ts::BandwidthOp::Copy
                                ? ("; cudaMemcpy " + std::to_string(res.vendorCopyGibPerSecond) + " GiB/s").c_str()
                                : "",
                            msSince(t));
            }
        }
        // The chase arrays were overwritten: the next chase must re-initialise and still pass its self-check.
        show("Global 16 KiB after bandwidth (re-init)", b.chase(chaseRequest(Space::Global, 16 * KiB, 32)).latencies);
    });

    section("errors (each must be a BackendError)", [&] {
        auto expect = [&](const char* what, const std::function<void()>& f) {
            try {
                f();
                ++failures;
                std::printf("  %-34s NO ERROR (wrong)\n", what);
            } catch (const ts::BackendError& e) {
                std::printf("  %-34s ok: %s\n", what, e.what());
            }
        };
        expect("AMD space", [&] { (void)b.chase(chaseRequest(Space::Vector, 16 * KiB, 32)); });
        expect("unit out of range", [&] { (void)b.chase(chaseRequest(Space::Global, 16 * KiB, 32, 1, 16, units + 5)); });
        expect("constant array > 64 KiB", [&] { (void)b.chase(chaseRequest(Space::Constant, 128 * KiB, 64)); });
        expect("odd stride", [&] { (void)b.chase(chaseRequest(Space::Global, 16 * KiB, 6)); });
        expect("shared sameArray on OtherUnit", [&] {
            auto r = chaseRequest(Space::Shared, 16 * KiB, 32);
            r.second = second(Space::Shared, 16 * KiB, 32, ts::Placement::OtherUnit, 1, 0, 1, true);
            (void)b.chase(r);
        });
        expect("invalid device index", [&] { (void)ts::makeCudaBackend(99); });
        expect("bandwidth too small", [&] {
            ts::BandwidthRequest r;
            r.bytes = 16;
            (void)b.bandwidth(r);
        });
        show("still usable afterwards", b.chase(chaseRequest(Space::Global, 16 * KiB, 32)).latencies);
    });

    if (const auto s = ts::cudaLaunchStats(b))
        std::printf("\nlaunch stats: chase %llu, retries %llu, init %llu, const uploads %llu, L2 flushes %llu, modules %llu, bandwidth %llu\n",
                    static_cast<unsigned long long>(s->chaseLaunches), static_cast<unsigned long long>(s->placementRetries),
                    static_cast<unsigned long long>(s->initLaunches), static_cast<unsigned long long>(s->constUploads),
                    static_cast<unsigned long long>(s->l2Flushes), static_cast<unsigned long long>(s->moduleLaunches),
                    static_cast<unsigned long long>(s->bandwidthLaunches));
    if (const auto s = ts::cudaLaunchStats(b))
        std::printf("chase host wall %.1f ms, chase kernels (GPU) %.1f ms\n", s->chaseWallSeconds * 1e3,
                    s->chaseKernelSeconds * 1e3);
    std::printf("\nwall time of everything: %.1f ms; %d section failure(s)\n", msSince(start), failures);
    return failures == 0 ? 0 : 2;
}
