#include "cuda/sequence_chase.hpp"

#include <algorithm>
#include <string>

#include "backend/sequence_layout.hpp"
#include "cuda/cuda_error.hpp"
#include "sequence_abi.hpp"
#include "chase_abi.hpp"

namespace ts::cuda {
namespace {

constexpr std::uint64_t kWaitNs = 2'000'000'000;  // 2 s for the other side to show up
constexpr std::uint64_t kAliasedSpan = 512ull << 30;  // addresses a translation walk may span

}  // namespace

std::uint32_t sequenceSpaceCode(Space s, const char* what) {
    switch (s) {
        case Space::Global: return cudak::kGlobal;
        case Space::GlobalL2: return cudak::kGlobalL2;
        case Space::ReadOnly: return cudak::kReadOnly;
        default: throw BackendError(std::string(what) + ": space \"" + std::string(toString(s)) + "\" is not supported by the CUDA backend");
    }
}

ChaseResult SequenceChaser::run(const SequenceChase& r) {
    const bool aliased = r.translationWalk && aliased_.period() > 0;
    const SequenceLayout layout = layOutSequence(r, "cuda", aliased ? aliased_.period() : 0);
    const std::vector<std::uint64_t>& main = layout.main;
    const std::vector<std::uint64_t>& other = layout.other;
    const std::vector<std::uint64_t>& words = layout.words;
    const std::uint32_t timed = layout.timed;
    const std::uint32_t space = sequenceSpaceCode(r.space, "sequence chase");
    ctx_.enter();
    if (aliased && layout.arrayBytes > kAliasedSpan) throw BackendError("cuda: sequence chase spans more than the aliased range");
    std::byte* const base = aliased ? aliased_.reserve(layout.arrayBytes) : reserveArray(layout.arrayBytes);

    const std::size_t ctlOff = roundUp(words.size() * sizeof(std::uint64_t), 256);
    const std::size_t timesOff = ctlOff + 256;
    const std::size_t outBytes = 256 + 4ull * timed;
    scratch_.reserve(timesOff + 4ull * timed, 1u << 20, "sequence chase scratch");
    hostOut_.reserve(std::max(outBytes, words.size() * sizeof(std::uint64_t)), "sequence chase results");
    const cudaStream_t stream = ctx_.mainStream();
    std::copy(words.begin(), words.end(), reinterpret_cast<std::uint64_t*>(hostOut_.data()));
    check(cudaMemcpyAsync(scratch_.data(), hostOut_.data(), words.size() * sizeof(std::uint64_t), cudaMemcpyHostToDevice,
                          stream),
          "uploading a sequence chase");
    check(cudak::launchScatter(reinterpret_cast<std::uint64_t>(base),
                               reinterpret_cast<const cudak::ScatterWord*>(scratch_.data()),
                               static_cast<std::uint32_t>(words.size() / 2), stream),
          "writing a sequence chain");
    auto* ctl = reinterpret_cast<std::uint32_t*>(scratch_.data() + ctlOff);
    cudak::SequenceLaunch p{reinterpret_cast<std::uint64_t>(base), main.front(), other.empty() ? 0 : other.front(),
                            reinterpret_cast<std::uint32_t*>(scratch_.data() + timesOff), ctl, kWaitNs, r.timedFrom, timed,
                            static_cast<std::uint32_t>(other.size()), space, 0, 0};
    if (!other.empty()) placeOnUnits(p, r.unit, r.otherUnit);
    launchUntilPlaced(p, ctlOff, outBytes, static_cast<double>(r.offsets.size() + r.otherOffsets.size()));
    return collect(r, main.front(), other.empty(), timed);
}

std::uint64_t SequenceChaser::maxArrayBytes() {
    constexpr std::uint64_t kMargin = 1ull << 30;
    ctx_.enter();
    std::size_t free = 0, total = 0;
    check(cudaMemGetInfo(&free, &total), "asking for the free device memory");
    const std::uint64_t usable = static_cast<std::uint64_t>(free) + array_.size();
    return usable > kMargin ? (usable - kMargin) / 10 * 9 : 0;
}

// With another unit, both chasers run on the SMs of the units asked (scope experiments).
void SequenceChaser::placeOnUnits(cudak::SequenceLaunch& p, int unit, int otherUnit) const {
    if (unit < 0 || unit >= ctx_.smCount() || otherUnit < 0 || otherUnit >= ctx_.smCount() || unit == otherUnit)
        throw BackendError("sequence chase: units " + std::to_string(unit) + " and " + std::to_string(otherUnit) +
                           " are not two SMs of this GPU");
    p.mainSm = static_cast<std::uint32_t>(ctx_.physicalSm(unit)) + 1;
    p.otherSm = static_cast<std::uint32_t>(ctx_.physicalSm(otherUnit)) + 1;
}

// A placed launch whose blocks missed one of its SMs is repeated with more blocks (twice).
void SequenceChaser::launchUntilPlaced(const cudak::SequenceLaunch& p, std::size_t ctlOff, std::size_t outBytes,
                                       double loads) {
    const bool placed = p.mainSm != 0;
    const cudaStream_t stream = ctx_.mainStream();
    const auto* out = reinterpret_cast<const std::uint32_t*>(hostOut_.data());
    for (unsigned attempt = 0;; ++attempt) {
        check(cudaMemsetAsync(scratch_.data() + ctlOff, 0, 256, stream), "clearing sequence control words");
        ctx_.useChaseL2Fetch();
        ctx_.enqueueL2Flush(stream);  // cold loads must come from DRAM, not from an earlier chase
        const unsigned blocks = placed ? static_cast<unsigned>(ctx_.smCount()) * (2u << attempt) : cudak::kSequenceBlocks;
        check(cudak::launchSequence(p, blocks, stream), "launching a sequence chase");
        check(cudaMemcpyAsync(hostOut_.data(), scratch_.data() + ctlOff, outBytes, cudaMemcpyDeviceToHost, stream),
              "reading sequence chase results");
        check(cudaEventRecord(ctx_.doneEvent(), stream), "recording an event");
        waitForEvent(ctx_.doneEvent(), 10.0 + 2e-6 * loads, "sequence chase");
        if (!placed || (out[cudak::kSeqMainSm] == p.mainSm && out[cudak::kSeqOtherSm] == p.otherSm)) return;
        if (attempt == 2)
            throw BackendError("sequence chase: no block of " + std::to_string(blocks) + " ran on SM " +
                               std::to_string(out[cudak::kSeqMainSm] == p.mainSm ? p.otherSm - 1 : p.mainSm - 1));
    }
}

TranslationWalkSpace SequenceChaser::translationWalkSpace() {
    const std::uint64_t period = aliased_.period();
    return period > 0 ? TranslationWalkSpace{kAliasedSpan, period} : TranslationWalkSpace{maxArrayBytes(), 0};
}

std::byte* SequenceChaser::reserveArray(std::uint64_t bytes) {
    array_.reserve(bytes, 2u << 20, "sequence chase array");
    return array_.data();
}

void SequenceChaser::releaseArray() {
    ctx_.enter();
    check(cudaDeviceSynchronize(), "waiting for the GPU before freeing the sequence chase array");
    array_.release();
    aliased_.release();
}

ChaseResult SequenceChaser::collect(const SequenceChase& r, std::uint64_t first, bool alone, std::uint32_t timed) const {
    const auto* out = reinterpret_cast<const std::uint32_t*>(hostOut_.data());
    if (out[cudak::kSeqFinal] != static_cast<std::uint32_t>(first))
        throw BackendError("sequence chase: the chain did not end where it started (" + std::to_string(r.offsets.size()) +
                           " loads): the array was overwritten");
    if (!alone && (out[cudak::kSeqOtherSm] == 0 || (out[cudak::kSeqStatus] & 1u)))
        throw BackendError("sequence chase: the other-unit walk did not run beside the main one");
    ChaseResult result;
    result.ranOnUnit = static_cast<int>(out[cudak::kSeqMainSm]) - 1;
    result.secondRanOnUnit = alone ? -1 : static_cast<int>(out[cudak::kSeqOtherSm]) - 1;
    result.latencies.assign(out + 64, out + 64 + timed);
    return result;
}

}  // namespace ts::cuda
