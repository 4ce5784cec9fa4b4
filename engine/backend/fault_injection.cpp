#include "backend/fault_injection.hpp"

#include <algorithm>
#include <cmath>

#include "model/byte_text.hpp"
#include "backend/rng.hpp"

namespace ts {
namespace {

// Every injected message says so, so that no report passes one off as a real failure.
constexpr const char* kInjected = " [injected]";

std::string groupOf(Space space) {
    switch (space) {
        case Space::Global:
        case Space::Vector: return "l1";
        case Space::GlobalL2:
        case Space::VectorL2: return "l2";
        case Space::Texture: return "texture";
        case Space::ReadOnly: return "readonly";
        case Space::Constant: return "constant";
        case Space::Shared:
        case Space::Lds: return "shared";
        case Space::Scalar: return "scalar";
    }
    return "any";
}

// The texts the CUDA backend gives for the same failures (engine/cuda/cuda_error.cpp).
std::string outOfMemory(std::uint64_t bytes, const std::string& what) {
    return "out of device memory allocating " + std::to_string(bytes) + " bytes (" + bytesText(bytes) + ") for " + what +
           kInjected;
}
std::string illegalAddress(const std::string& what) {
    return "CUDA error while " + what + ": cudaErrorIllegalAddress (an illegal memory access was encountered)" + kInjected;
}
std::string watchdog(const std::string& what) {
    return what + ": the GPU did not finish within 10 s (kernel hung or far too slow); the CUDA backend cannot be used any more" +
           kInjected;
}

void throwCreationFaults(const std::vector<Fault>& faults) {
    for (const auto& f : faults) {
        if (f.kind == FaultKind::NoGpu) throw BackendError(std::string("no CUDA-capable GPU found") + kInjected);
        if (f.kind == FaultKind::OldDriver)
            throw BackendError(std::string("the NVIDIA driver is too old: it supports an older CUDA than this build needs") +
                               kInjected);
    }
}

std::vector<Fault> checked(std::vector<Fault> faults) {
    throwCreationFaults(faults);
    return faults;
}

}  // namespace

std::string unreachableFaults(const std::vector<Fault>& faults, const Backend& backend) {
    std::string out;
    for (const auto& f : faults) {
        if (f.kind == FaultKind::NoGpu || f.kind == FaultKind::OldDriver || f.kind == FaultKind::OutOfMemory) continue;
        const std::string& group = f.calls.group;
        if (group == "any" || group == "bandwidth") continue;
        bool served = false;
        for (Space space : {Space::Global, Space::Vector, Space::GlobalL2, Space::VectorL2, Space::Texture, Space::ReadOnly,
                            Space::Constant, Space::Shared, Space::Lds, Space::Scalar})
            served = served || (groupOf(space) == group && backend.supports(space));
        if (served) continue;
        out += std::string(out.empty() ? "" : "; ") + f.text + ": this device has no " + group + " loads" +
               (group == "scalar" ? " (NVIDIA GPUs have no scalar cache)" : "") + ", so no call would ever meet it";
    }
    return out;
}

FaultInjectingBackend::FaultInjectingBackend(std::unique_ptr<Backend> inner, std::vector<Fault> faults)
    : ForwardingBackend(std::move(inner)) {
    arm(std::move(faults));
}

FaultInjectingBackend::FaultInjectingBackend(Backend& inner, std::vector<Fault> faults) : ForwardingBackend(inner) {
    arm(std::move(faults));
}

void FaultInjectingBackend::arm(std::vector<Fault> faults) {
    for (auto& f : checked(std::move(faults))) faults_.push_back({std::move(f), 0});
    if (std::any_of(faults_.begin(), faults_.end(), [](const Armed& a) { return a.fault.sizeIsL2; }))
        l2Bytes_ = inner().queryDevice().l2SizeBytes;
}

std::vector<std::string> FaultInjectingBackend::neverFired() const {
    std::vector<std::string> out;
    for (const auto& a : faults_) {
        // These act on what the driver reports, not on a device call.
        if (a.fault.kind == FaultKind::IdleContext || a.fault.kind == FaultKind::Blind) continue;
        if (!a.fired) out.push_back(a.fault.text);
    }
    return out;
}

DeviceInfo FaultInjectingBackend::queryDevice() {
    DeviceInfo info = inner().queryDevice();
    std::string names;
    for (const auto& a : faults_) names += (names.empty() ? "" : ",") + a.fault.text;
    info.extra["injectedFaults"] = names;
    return info;
}

FaultInjectingBackend::Effect FaultInjectingBackend::admit(const std::string& group, std::uint64_t bytes,
                                                          const std::string& what, std::uint64_t loads) {
    if (!lost_.empty()) throw BackendError("the CUDA backend is unusable after an earlier failure: " + lost_, true);
    ++calls_;
    Armed* hitBy = nullptr;
    Effect effect;
    sim_detail::Rng rng(sim_detail::mixSeed(0x5a1ceu, calls_));
    for (auto& a : faults_) {
        const Fault& f = a.fault;
        if (f.kind == FaultKind::OutOfMemory) {
            const std::uint64_t limit = f.sizeIsL2 ? l2Bytes_ : f.minBytes;
            if (limit > 0 && bytes >= limit && !hitBy) hitBy = &a;
            continue;
        }
        if (f.kind == FaultKind::NoGpu || f.kind == FaultKind::OldDriver || f.kind == FaultKind::IdleContext ||
            f.kind == FaultKind::Blind)
            continue;
        if (f.calls.group != "any" && f.calls.group != group) continue;
        const std::uint64_t n = ++a.seen;
        if (n < f.calls.first || n > f.calls.last) continue;
        switch (f.kind) {
            case FaultKind::Interference:
            case FaultKind::Mps: effect.factor *= f.factor; a.fired = true; break;
            case FaultKind::Evict: effect.slice = Slice::Evict; a.fired = true; break;
            case FaultKind::Preempt: effect.slice = Slice::Timed; a.fired = true; break;
            case FaultKind::Neighbour: {
                const std::uint64_t period = f.onCalls + f.offCalls;
                const bool on = f.onCalls == 0 || (n - f.calls.first) % period < f.onCalls;
                if (!on) break;
                a.fired = true;
                if (group == "bandwidth") {
                    effect.factor *= 2;  // half the time slices are the neighbour's
                    break;
                }
                // A chase longer than a slice is always pre-empted; a short one may fall between slices.
                const double u = rng.unit();
                if (loads > kLongChaseLoads || u < 1.0 / 3) effect.slice = Slice::Timed;
                else if (u < 2.0 / 3) effect.slice = Slice::Warmup;
                break;
            }
            default:
                if (!hitBy) hitBy = &a;
        }
    }
    if (!hitBy) return effect;
    hitBy->fired = true;
    const Fault* hit = &hitBy->fault;
    switch (hit->kind) {
        case FaultKind::OutOfMemory: throw BackendError(outOfMemory(bytes, what));
        case FaultKind::KernelFault: throw BackendError(illegalAddress(what));
        case FaultKind::DeviceLost: lost_ = illegalAddress(what); break;
        default: lost_ = watchdog(what); break;
    }
    throw BackendError(lost_, true);
}

void FaultInjectingBackend::slowDown(ChaseResult& result, double factor) {
    if (factor == 1) return;
    // Another process's loads queue in front of ours: every load slower, some much slower.
    sim_detail::Rng rng(sim_detail::mixSeed(0x1f7e4cu, calls_));
    for (auto& cycles : result.latencies) {
        const double spread = 1.0 + 0.2 * (rng.unit() - 0.5);
        cycles = static_cast<std::uint32_t>(std::lround(static_cast<double>(cycles) * factor * spread));
    }
}

std::vector<std::uint32_t> FaultInjectingBackend::measureTimerOverhead(int samples) {
    if (!lost_.empty()) throw BackendError("the CUDA backend is unusable after an earlier failure: " + lost_, true);
    return inner().measureTimerOverhead(samples);
}

std::uint64_t FaultInjectingBackend::loadsOf(const ChaseRequest& r) {
    // A block warm-up has 8 loads of each of its 1024 threads in flight, in the time of one dependent load.
    std::uint64_t perPass = r.strideBytes ? r.arrayBytes / r.strideBytes : 0;
    if (r.blockWarmup) perPass /= 8192;
    return std::uint64_t{r.warmupPasses} * perPass + std::uint64_t{r.recordLoads} * std::max<std::uint32_t>(1, r.recordEvery);
}

// A time slice of another context during our warm-up evicts what the warm-up loaded: the timed
// pass starts from cold caches (the inner chase without warm-up). A backend that watches the
// untimed part sees the slice there as one long step (Slice::Warmup); `evict` leaves no trace
// at all (Slice::Evict: what a concurrent MPS client's traffic does). Inside the timed pass,
// one load waits out the neighbour's whole slice and the loads after it find the caches cold
// (taken from a cold run of the same chase, from the same position on).
ChaseResult FaultInjectingBackend::chaseWith(const ChaseRequest& request, const Effect& effect) {
    ChaseResult result;
    if (effect.slice == Slice::None) {
        result = inner().chase(request);
    } else {
        ChaseRequest cold = request;
        cold.warmupPasses = 0;
        result = inner().chase(cold);
        if (effect.slice == Slice::Warmup && result.untimedWatched)
            result.maxUntimedStep = std::max(result.maxUntimedStep, kSliceCycles);
        if (effect.slice == Slice::Timed && !result.latencies.empty()) {
            const ChaseResult warm = inner().chase(request);
            sim_detail::Rng rng(sim_detail::mixSeed(0x9a9u, calls_));
            const auto at = static_cast<std::size_t>(rng.unit() * static_cast<double>(result.latencies.size()));
            for (std::size_t i = 0; i < at && i < warm.latencies.size(); ++i) result.latencies[i] = warm.latencies[i];
            result.latencies[std::min(at, result.latencies.size() - 1)] += kSliceCycles;
        }
    }
    slowDown(result, effect.factor);
    return result;
}

ChaseResult FaultInjectingBackend::chase(const ChaseRequest& request) {
    const std::uint64_t bytes = std::max(request.arrayBytes, request.second ? request.second->arrayBytes : 0);
    return chaseWith(request, admit(groupOf(request.space), bytes, "pointer chase", loadsOf(request)));
}

std::vector<ChaseResult> FaultInjectingBackend::chaseBatch(const std::vector<ChaseRequest>& requests) {
    // One launch: a fault in any of its chases fails the whole batch.
    std::vector<Effect> effects;
    for (const auto& r : requests)
        effects.push_back(admit(groupOf(r.space), std::max(r.arrayBytes, r.second ? r.second->arrayBytes : 0),
                                "pointer chase", loadsOf(r)));
    const bool plain = std::all_of(effects.begin(), effects.end(), [](const Effect& e) { return e.slice == Slice::None; });
    if (plain) {
        auto results = inner().chaseBatch(requests);
        for (std::size_t i = 0; i < results.size() && i < effects.size(); ++i) slowDown(results[i], effects[i].factor);
        return results;
    }
    std::vector<ChaseResult> results;
    for (std::size_t i = 0; i < requests.size(); ++i) results.push_back(chaseWith(requests[i], effects[i]));
    return results;
}

void FaultInjectingBackend::pause(std::chrono::milliseconds duration) {
    bool simulated = false;
    for (auto& a : faults_)
        if (a.fault.kind == FaultKind::Neighbour) {
            a.seen += static_cast<std::uint64_t>(duration.count());
            simulated = true;
        }
    if (!simulated) inner().pause(duration);
}

GpuActivity FaultInjectingBackend::activity() {
    GpuActivity a = inner().activity();
    bool any = false;
    for (const auto& armed : faults_) {
        const Fault& f = armed.fault;
        if (f.kind == FaultKind::Blind) return {false, std::string("the driver's process list is unavailable") + kInjected, {}, -1};
        if (f.kind == FaultKind::IdleContext) {
            a.others.push_back({1717, std::string("Xorg") + kInjected, "graphics", 64ull << 20});
            any = true;
        } else if (f.kind == FaultKind::Neighbour || f.kind == FaultKind::Evict || f.kind == FaultKind::Preempt) {
            a.others.push_back({4242, std::string("neighbour") + kInjected, "compute", 4ull << 30});
            // Busy while its window of calls is open (and, coming and going, while on).
            const std::uint64_t next = armed.seen + 1;
            const bool open = next >= f.calls.first && next <= f.calls.last;
            const bool on = f.kind != FaultKind::Neighbour || f.onCalls == 0 ||
                            (next - f.calls.first) % (f.onCalls + f.offCalls) < f.onCalls;
            if (open && on) a.utilisationPercent = 100;
            any = true;
        } else if (f.kind == FaultKind::Mps) {
            a.others.push_back({4243, std::string("mps-client") + kInjected, "mps", 1ull << 30});
            a.utilisationPercent = 100;
            any = true;
        }
    }
    if (any) {
        a.known = true;
        a.problem.clear();
        if (a.utilisationPercent < 0) a.utilisationPercent = 0;
    }
    return a;
}

BandwidthResult FaultInjectingBackend::bandwidth(const BandwidthRequest& request) {
    const std::uint64_t bytes = request.op == BandwidthOp::Copy ? 2 * request.bytes : request.bytes;
    const double factor = admit("bandwidth", bytes, "bandwidth kernel").factor;
    BandwidthResult result = inner().bandwidth(request);
    result.seconds *= factor;
    result.gibPerSecond /= factor;
    result.vendorCopyGibPerSecond /= factor;
    return result;
}

}  // namespace ts
