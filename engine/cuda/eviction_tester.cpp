#include "cuda/eviction_tester.hpp"

#include <algorithm>
#include <string>

#include "chase_abi.hpp"
#include "cuda/cuda_error.hpp"
#include "cuda/sequence_chase.hpp"
#include "sequence_abi.hpp"

namespace ts::cuda {

std::uint32_t EvictionTester::run(const EvictionTest& t) {
    if (t.chosen.size() > cudak::kMaxEvictionChosen)
        throw BackendError("eviction test: more than " + std::to_string(cudak::kMaxEvictionChosen) + " chosen lines");
    if (t.lineBytes == 0 || (t.passes == 0 || (t.prefix > 0 && (t.pool.bits == 0 || t.pool.bits > 40 || t.prefix > t.pool.count))))
        throw BackendError("eviction test: malformed pool");
    std::uint64_t span = t.prefix > 0 ? (1ull << t.pool.bits) * t.lineBytes : t.lineBytes;
    for (std::uint64_t c : t.chosen) span = std::max(span, c + t.lineBytes);
    span = std::max(span, t.refresh + t.lineBytes);
    ctx_.enter();
    array_.reserve(span, 2u << 20, "sequence chase array");
    out_.reserve(256, 256, "eviction test result");
    hostOut_.reserve(256, "eviction test result");
    const cudaStream_t stream = ctx_.mainStream();
    ctx_.useChaseL2Fetch();  // no neighbouring sectors fetched along

    cudak::EvictionLaunch p{};
    p.base = reinterpret_cast<std::uint64_t>(array_.data());
    p.lineBytes = t.lineBytes;
    p.seed = t.pool.seed;
    p.prefix = t.prefix;
    p.out = reinterpret_cast<std::uint32_t*>(out_.data());
    p.bits = t.pool.bits;
    p.chosenCount = static_cast<std::uint32_t>(t.chosen.size());
    p.space = sequenceSpaceCode(t.space, "eviction test");
    p.refresh = t.refresh;
    p.passes = t.passes;
    std::copy(t.chosen.begin(), t.chosen.end(), p.chosen);
    check(cudaMemsetAsync(out_.data(), 0, 256, stream), "clearing an eviction test result");
    check(cudak::launchEviction(p, stream), "launching an eviction test");
    check(cudaMemcpyAsync(hostOut_.data(), out_.data(), 16, cudaMemcpyDeviceToHost, stream), "reading an eviction test result");
    check(cudaEventRecord(ctx_.doneEvent(), stream), "recording an event");
    waitForEvent(ctx_.doneEvent(), 10.0 + 1e-8 * static_cast<double>(t.prefix) * t.passes, "eviction test");
    const auto* out = reinterpret_cast<const std::uint32_t*>(hostOut_.data());
    if (out[1] == 0) throw BackendError("eviction test: the kernel did not time the target");
    return out[0];
}

}  // namespace ts::cuda
