#include "hip/chase_launcher.hpp"

#include <algorithm>

#include "backend/chase_check.hpp"
#include "hip/hip_error.hpp"
#include "launch_api.hpp"

namespace ts::hipb {
namespace {

constexpr int kAttempts = 3;
constexpr std::uint64_t kTicksPerSecond = 100'000'000;  // s_memrealtime

[[noreturn]] void reject(const std::string& problem) { throw BackendError("hip: chase: " + problem); }

std::uint32_t pathOf(Space s) {
    switch (s) {
        case Space::Vector: return hipk::kVector;
        case Space::VectorL2: return hipk::kVectorL2;
        case Space::Scalar: return hipk::kScalar;
        default: return hipk::kLds;  // checkChaseRequest let only the four AMD spaces through
    }
}

}  // namespace

struct ChaseLauncher::Plan {
    hipk::ChaseParams params{};
    unsigned threads = hipk::kWaveSize;
    std::size_t ldsBytes = 0, secondLdsBytes = 0;
    int mainUnit = -1, secondUnit = -1;  // physical CU slots, -1 = anywhere / none
    bool cold = false;
    std::uint32_t mainStride = 0;
    Placement placement = Placement::SameThread;
    bool hasSecond = false;
};

ChaseLauncher::Plan ChaseLauncher::plan(const ChaseRequest& r) {
    checkChaseRequest(r, limits_);
    Plan p;
    auto& c = p.params;
    const auto& units = pinning_.physicalUnits();
    auto physical = [&](int unit) { return unit < 0 ? -1 : units[static_cast<std::size_t>(unit)]; };
    c.main.path = pathOf(r.space);
    c.main.elems = static_cast<std::uint32_t>(r.arrayBytes / 4);
    c.main.strideElems = r.strideBytes / 4;
    c.main.loads = walkLoads(r.warmupPasses, r.arrayBytes, r.strideBytes);
    c.recordLoads = r.recordLoads;
    c.recordEvery = r.recordEvery;
    p.mainUnit = physical(r.unit);
    p.cold = (r.warmupPasses == 0 || r.flushL2First) && r.space != Space::Lds;
    p.mainStride = c.main.strideElems;

    std::uint32_t ldsElems = c.main.path == hipk::kLds ? c.main.elems : 0;
    c.secondMode = hipk::kNoSecond;
    if (r.second) {
        const SecondChaser& s = *r.second;
        const SecondArray array = secondArrayOf(r);
        p.hasSecond = true;
        p.placement = s.placement;
        c.second.path = pathOf(s.space);
        c.second.elems = static_cast<std::uint32_t>(array.bytes / 4);
        c.second.strideElems = static_cast<std::uint32_t>(array.strideBytes / 4);
        c.second.loads = walkLoads(s.passes, array.bytes, array.strideBytes);
        if (c.second.path == hipk::kLds) {
            if (s.sameArray) {
                c.second.ldsOffsetElems = 0;
            } else {
                c.second.ldsOffsetElems = s.placement == Placement::OtherUnit ? 0 : ldsElems;
                if (s.placement != Placement::OtherUnit) ldsElems += c.second.elems;
            }
            p.secondLdsBytes = std::size_t{c.second.ldsOffsetElems + c.second.elems} * 4;
        }
        switch (s.placement) {
            case Placement::SameThread: c.secondMode = hipk::kSameWave; break;
            case Placement::OtherWarp:
                c.secondMode = hipk::kOtherWave;
                c.secondWave = static_cast<std::uint32_t>(s.warp);
                p.threads = static_cast<unsigned>(s.warp + 1) * hipk::kWaveSize;
                break;
            case Placement::OtherUnit:
                c.secondMode = hipk::kOtherUnit;
                p.secondUnit = physical(s.unit);
                break;
        }
        // Generous: one second plus a microsecond per load of the other side's walk.
        const std::uint64_t walk = std::max(c.main.loads, c.second.loads);
        c.timeoutTicks = kTicksPerSecond + walk * (kTicksPerSecond / 1'000'000);
    }
    c.timesInLds = (std::uint64_t{ldsElems} + r.recordLoads) * 4 <= hipk::kLdsBytes ? 1 : 0;
    c.timesLdsOffsetElems = ldsElems;
    p.ldsBytes = std::size_t{ldsElems + (c.timesInLds ? r.recordLoads : 0)} * 4;
    return p;
}

void ChaseLauncher::prepareMainArray(const Plan& p) {
    const auto& m = p.params.main;
    if (m.path == hipk::kLds) return;
    mainArray_.reserve(std::size_t{m.elems} * 4, "the main chase array");
    const std::uint64_t key[3] = {mainArray_.address(), m.elems, m.strideElems};
    if (!std::equal(key, key + 3, initialisedFor_)) {
        check(hipk::launchInitChase(mainArray_.as<std::uint32_t>(), m.elems, m.strideElems, nullptr), "init launch");
        std::copy(key, key + 3, initialisedFor_);
    }
}

std::string ChaseLauncher::attempt(const Plan& plan, ChaseResult& out) {
    hipk::ChaseParams c = plan.params;
    c.epoch = ++epoch_;
    c.flags = flags_.address();
    c.results = results_.address();
    check(hipMemset(results_.get(), 0, sizeof(hipk::ResultHeader)), "clearing the result header");
    if (plan.cold) check(hipMemset(flush_.get(), static_cast<int>(c.epoch & 0xff), flush_.size()), "L2 flush");
    check(hipDeviceSynchronize(), "before a chase");

    check(hipMemset(flags_.get(), 0, flags_.size()), "clearing chase flags");
    hipStream_t secondStream = c.secondMode == hipk::kOtherUnit ? pinning_.streamFor(plan.secondUnit) : nullptr;
    hipStream_t mainStream = plan.mainUnit >= 0 ? pinning_.streamFor(plan.mainUnit) : nullptr;
    if (c.secondMode == hipk::kOtherUnit) {
        check(hipk::launchChase(c, hipk::kRoleSecond, hipk::kWaveSize, plan.secondLdsBytes, secondStream), "second launch");
        ++launches_;
    }
    check(hipk::launchChase(c, hipk::kRoleMain, plan.threads, plan.ldsBytes, mainStream), "chase launch");
    ++launches_;
    check(hipDeviceSynchronize(), "chase kernel");

    std::vector<std::uint32_t> raw(sizeof(hipk::ResultHeader) / 4 + c.recordLoads);
    check(hipMemcpy(raw.data(), results_.get(), raw.size() * 4, hipMemcpyDeviceToHost), "reading chase results");
    hipk::ResultHeader h;
    std::copy(raw.begin(), raw.begin() + sizeof h / 4, reinterpret_cast<std::uint32_t*>(&h));
    if (h.epoch != c.epoch) return "the main wave did not report";
    out.latencies.assign(raw.begin() + sizeof h / 4, raw.end());
    out.ranOnUnit = pinning_.physicalOf({h.mainHwId, h.mainXccId});
    out.secondRanOnUnit = -1;
    if (plan.mainUnit >= 0 && out.ranOnUnit != plan.mainUnit)
        return "the main wave ran on CU " + std::to_string(out.ranOnUnit) + " instead of " + std::to_string(plan.mainUnit);
    if (!plan.hasSecond) return "";
    if (c.secondMode == hipk::kSameWave) {
        out.secondRanOnUnit = out.ranOnUnit;
        return "";
    }
    if (h.secondEpoch != c.epoch) return "the second wave did not report";
    out.secondRanOnUnit = pinning_.physicalOf({h.secondHwId, h.secondXccId});
    if (c.secondMode == hipk::kOtherWave) return "";
    if (out.secondRanOnUnit != plan.secondUnit)
        return "the second wave ran on CU " + std::to_string(out.secondRanOnUnit) + " instead of " +
               std::to_string(plan.secondUnit);
    if (h.status & hipk::kStatusNoWarmSignal) return "the second wave never saw the main wave's warm-up end";
    if (h.status & hipk::kStatusPartnerLate) return "the main wave timed out waiting for the second";
    return "";
}

ChaseResult ChaseLauncher::run(const ChaseRequest& request) {
    const Plan p = plan(request);
    prepareMainArray(p);
    if (p.hasSecond && !request.second->sameArray && p.params.second.path != hipk::kLds)
        secondArray_.reserve(std::size_t{p.params.second.elems} * 4, "the second chase array");
    flags_.reserve(hipk::kFlagWords * 4, "chase flags");
    results_.reserve(sizeof(hipk::ResultHeader) + std::size_t{request.recordLoads} * 4, "chase results");
    if (p.cold) flush_.reserve(flushBytes_, "the L2 flush buffer");

    Plan launched = p;
    if (p.hasSecond && p.params.second.path != hipk::kLds)
        launched.params.second.array = request.second->sameArray ? mainArray_.address() : secondArray_.address();
    if (p.params.main.path != hipk::kLds) launched.params.main.array = mainArray_.address();

    std::string problem;
    for (int a = 0; a < kAttempts; ++a) {
        ChaseResult result;
        problem = attempt(launched, result);
        if (problem.empty()) return result;
        ++retries_;
    }
    throw BackendError("hip: chase: " + problem + " (" + std::to_string(kAttempts) + " attempts)");
}

std::vector<std::uint32_t> ChaseLauncher::timerOverhead(int samples) {
    if (samples <= 0 || samples > (1 << 20)) reject("timer overhead: " + std::to_string(samples) + " samples");
    results_.reserve(std::size_t(samples) * 4, "timer samples");
    check(hipk::launchTimerOverhead(results_.as<std::uint32_t>(), static_cast<std::uint32_t>(samples), nullptr),
          "timer overhead launch");
    std::vector<std::uint32_t> out(static_cast<std::size_t>(samples));
    check(hipMemcpy(out.data(), results_.get(), out.size() * 4, hipMemcpyDeviceToHost), "reading timer samples");
    return out;
}

}  // namespace ts::hipb
