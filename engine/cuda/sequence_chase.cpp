#include "cuda/sequence_chase.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "cuda/cuda_error.hpp"
#include "sequence_abi.hpp"
#include "chase_abi.hpp"

namespace ts::cuda {
namespace {

constexpr std::uint64_t kVisitLine = 64;          // bytes: 8 words of 8 bytes
constexpr std::uint64_t kMaxOffset = 1ull << 40;
constexpr std::size_t kMaxLoads = std::size_t{1} << 22;
constexpr std::uint64_t kWaitNs = 2'000'000'000;  // 2 s for the other side to show up

std::uint32_t spaceCode(Space s) {
    switch (s) {
        case Space::Global: return cudak::kGlobal;
        case Space::GlobalL2: return cudak::kGlobalL2;
        case Space::ReadOnly: return cudak::kReadOnly;
        default: throw BackendError("sequence chase: space \"" + std::string(toString(s)) + "\" is not supported by the CUDA backend");
    }
}

// The byte offsets a list really loads: the k-th visit of a 64-byte line reads its k-th word.
std::vector<std::uint64_t> visitOffsets(const std::vector<std::uint64_t>& list,
                                        std::unordered_map<std::uint64_t, std::uint32_t>& visits) {
    std::vector<std::uint64_t> out;
    out.reserve(list.size());
    for (std::uint64_t offset : list) {
        const std::uint64_t line = offset / kVisitLine;
        const std::uint32_t k = visits[line]++;
        if (k >= kVisitLine / 8)
            throw BackendError("sequence chase: a 64-byte line is visited more than 8 times (offset " + std::to_string(offset) + ")");
        out.push_back(line * kVisitLine + 8ull * k);
    }
    return out;
}

// (offset, next) pairs of one chain; the last load points back to the first.
void chainWords(const std::vector<std::uint64_t>& at, std::vector<std::uint64_t>& words) {
    for (std::size_t k = 0; k < at.size(); ++k) {
        words.push_back(at[k]);
        words.push_back(at[(k + 1) % at.size()]);
    }
}

void validate(const SequenceChase& r) {
    if (r.offsets.empty()) throw BackendError("sequence chase: no addresses");
    if (r.offsets.size() + r.otherOffsets.size() > kMaxLoads) throw BackendError("sequence chase: too many loads");
    if (r.timedFrom > r.offsets.size()) throw BackendError("sequence chase: timedFrom beyond the sequence");
    for (const auto* list : {&r.offsets, &r.otherOffsets})
        for (std::uint64_t o : *list)
            if (o >= kMaxOffset) throw BackendError("sequence chase: offset " + std::to_string(o) + " too large");
}

}  // namespace

ChaseResult SequenceChaser::run(const SequenceChase& r) {
    validate(r);
    const std::uint32_t space = spaceCode(r.space);
    ctx_.enter();
    std::unordered_map<std::uint64_t, std::uint32_t> visits;
    const std::vector<std::uint64_t> main = visitOffsets(r.offsets, visits);
    const std::vector<std::uint64_t> other = visitOffsets(r.otherOffsets, visits);
    std::vector<std::uint64_t> words;
    chainWords(main, words);
    if (!other.empty()) chainWords(other, words);
    std::uint64_t top = 0;
    for (std::size_t k = 0; k < words.size(); k += 2) top = std::max(top, words[k] + 8);
    array_.reserve(top, 2u << 20, "sequence chase array");

    const auto timed = static_cast<std::uint32_t>(r.offsets.size() - r.timedFrom);
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
    check(cudak::launchScatter(reinterpret_cast<std::uint64_t>(array_.data()),
                               reinterpret_cast<const cudak::ScatterWord*>(scratch_.data()),
                               static_cast<std::uint32_t>(words.size() / 2), stream),
          "writing a sequence chain");
    check(cudaMemsetAsync(scratch_.data() + ctlOff, 0, 256, stream), "clearing sequence control words");
    ctx_.useChaseL2Fetch();
    ctx_.enqueueL2Flush(stream);  // cold loads must come from DRAM, not from an earlier chase

    auto* ctl = reinterpret_cast<std::uint32_t*>(scratch_.data() + ctlOff);
    const cudak::SequenceLaunch p{reinterpret_cast<std::uint64_t>(array_.data()), main.front(),
                                  other.empty() ? 0 : other.front(), reinterpret_cast<std::uint32_t*>(scratch_.data() + timesOff),
                                  ctl, kWaitNs, r.timedFrom, timed, static_cast<std::uint32_t>(other.size()), space};
    check(cudak::launchSequence(p, stream), "launching a sequence chase");
    check(cudaMemcpyAsync(hostOut_.data(), scratch_.data() + ctlOff, outBytes, cudaMemcpyDeviceToHost, stream),
          "reading sequence chase results");
    check(cudaEventRecord(ctx_.doneEvent(), stream), "recording an event");
    waitForEvent(ctx_.doneEvent(), 10.0 + 2e-6 * static_cast<double>(r.offsets.size() + r.otherOffsets.size()), "sequence chase");
    return collect(r, main.front(), other.empty(), timed);
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
