#include "backend/fault_injection.hpp"

#include <algorithm>
#include <cmath>

#include "model/byte_text.hpp"
#include "sim/rng.hpp"

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
    : FaultInjectingBackend(*inner, std::move(faults)) {
    owned_ = std::move(inner);
}

FaultInjectingBackend::FaultInjectingBackend(Backend& inner, std::vector<Fault> faults) : inner_(inner) {
    for (auto& f : checked(std::move(faults))) faults_.push_back({std::move(f), 0});
    if (std::any_of(faults_.begin(), faults_.end(), [](const Armed& a) { return a.fault.sizeIsL2; }))
        l2Bytes_ = inner_.queryDevice().l2SizeBytes;
}

std::vector<std::string> FaultInjectingBackend::neverFired() const {
    std::vector<std::string> out;
    for (const auto& a : faults_)
        if (!a.fired) out.push_back(a.fault.text);
    return out;
}

DeviceInfo FaultInjectingBackend::queryDevice() {
    DeviceInfo info = inner_.queryDevice();
    std::string names;
    for (const auto& a : faults_) names += (names.empty() ? "" : ",") + a.fault.text;
    info.extra["injectedFaults"] = names;
    return info;
}

double FaultInjectingBackend::admit(const std::string& group, std::uint64_t bytes, const std::string& what) {
    if (!lost_.empty()) throw BackendError("the CUDA backend is unusable after an earlier failure: " + lost_, true);
    ++calls_;
    Armed* hitBy = nullptr;
    double factor = 1;
    for (auto& a : faults_) {
        const Fault& f = a.fault;
        if (f.kind == FaultKind::OutOfMemory) {
            const std::uint64_t limit = f.sizeIsL2 ? l2Bytes_ : f.minBytes;
            if (limit > 0 && bytes >= limit && !hitBy) hitBy = &a;
            continue;
        }
        if (f.kind == FaultKind::NoGpu || f.kind == FaultKind::OldDriver) continue;
        if (f.calls.group != "any" && f.calls.group != group) continue;
        const std::uint64_t n = ++a.seen;
        if (n < f.calls.first || n > f.calls.last) continue;
        if (f.kind == FaultKind::Interference) {
            factor *= f.factor;
            a.fired = true;
        } else if (!hitBy) {
            hitBy = &a;
        }
    }
    if (!hitBy) return factor;
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
    return inner_.measureTimerOverhead(samples);
}

ChaseResult FaultInjectingBackend::chase(const ChaseRequest& request) {
    const std::uint64_t bytes = std::max(request.arrayBytes, request.second ? request.second->arrayBytes : 0);
    const double factor = admit(groupOf(request.space), bytes, "pointer chase");
    ChaseResult result = inner_.chase(request);
    slowDown(result, factor);
    return result;
}

std::vector<ChaseResult> FaultInjectingBackend::chaseBatch(const std::vector<ChaseRequest>& requests) {
    // One launch: a fault in any of its chases fails the whole batch.
    std::vector<double> factors;
    for (const auto& r : requests)
        factors.push_back(admit(groupOf(r.space), std::max(r.arrayBytes, r.second ? r.second->arrayBytes : 0),
                                "pointer chase"));
    auto results = inner_.chaseBatch(requests);
    for (std::size_t i = 0; i < results.size() && i < factors.size(); ++i) slowDown(results[i], factors[i]);
    return results;
}

BandwidthResult FaultInjectingBackend::bandwidth(const BandwidthRequest& request) {
    const std::uint64_t bytes = request.op == BandwidthOp::Copy ? 2 * request.bytes : request.bytes;
    const double factor = admit("bandwidth", bytes, "bandwidth kernel");
    BandwidthResult result = inner_.bandwidth(request);
    result.seconds *= factor;
    result.gibPerSecond /= factor;
    result.vendorCopyGibPerSecond /= factor;
    return result;
}

}  // namespace ts
