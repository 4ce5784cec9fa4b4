#include "hip/sequence_chase.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "hip/hip_error.hpp"
#include "sequence_api.hpp"

namespace ts::hipb {
namespace {

constexpr std::uint64_t kVisitLine = 64;            // bytes: 8 words of 8 bytes
constexpr std::uint64_t kMaxOffset = 1ull << 40;
constexpr std::size_t kMaxLoads = std::size_t{1} << 22;
constexpr std::uint64_t kWaitTicks = 200'000'000;   // 2 s of the 100 MHz clock

std::vector<std::uint64_t> visitOffsets(const std::vector<std::uint64_t>& list,
                                        std::unordered_map<std::uint64_t, std::uint32_t>& visits) {
    std::vector<std::uint64_t> out;
    out.reserve(list.size());
    for (std::uint64_t offset : list) {
        const std::uint64_t line = offset / kVisitLine;
        const std::uint32_t k = visits[line]++;
        if (k >= kVisitLine / 8)
            throw BackendError("hip: sequence chase visits a 64-byte line more than 8 times (offset " + std::to_string(offset) + ")");
        out.push_back(line * kVisitLine + 8ull * k);
    }
    return out;
}

void chainWords(const std::vector<std::uint64_t>& at, std::vector<std::uint64_t>& words) {
    for (std::size_t k = 0; k < at.size(); ++k) {
        words.push_back(at[k]);
        words.push_back(at[(k + 1) % at.size()]);
    }
}

void validate(const SequenceChase& r) {
    if (r.space != Space::Vector && r.space != Space::VectorL2)
        throw BackendError("hip: sequence chases run in the vector spaces only, not \"" + std::string(toString(r.space)) + "\"");
    if (r.offsets.empty()) throw BackendError("hip: sequence chase without addresses");
    if (r.offsets.size() + r.otherOffsets.size() > kMaxLoads) throw BackendError("hip: sequence chase too long");
    if (r.timedFrom > r.offsets.size()) throw BackendError("hip: sequence chase timedFrom beyond the sequence");
    for (const auto* list : {&r.offsets, &r.otherOffsets})
        for (std::uint64_t o : *list)
            if (o >= kMaxOffset) throw BackendError("hip: sequence chase offset " + std::to_string(o) + " too large");
}

}  // namespace

ChaseResult SequenceChaser::run(const SequenceChase& r) {
    validate(r);
    std::unordered_map<std::uint64_t, std::uint32_t> visits;
    const std::vector<std::uint64_t> main = visitOffsets(r.offsets, visits);
    const std::vector<std::uint64_t> other = visitOffsets(r.otherOffsets, visits);
    std::vector<std::uint64_t> words;
    chainWords(main, words);
    if (!other.empty()) chainWords(other, words);
    std::uint64_t top = 0;
    for (std::size_t k = 0; k < words.size(); k += 2) top = std::max(top, words[k] + 8);
    array_.reserve(top, "the sequence chase array");

    const auto timed = static_cast<std::uint32_t>(r.offsets.size() - r.timedFrom);
    const std::size_t listBytes = words.size() * sizeof(std::uint64_t);
    const std::size_t ctlOff = (listBytes + 255) / 256 * 256;
    scratch_.reserve(ctlOff + 256 + 4ull * timed, "the sequence chase scratch buffer");
    flush_.reserve(flushBytes_, "the L2 flush buffer");
    auto* bytes = scratch_.as<std::uint8_t>();
    check(hipMemcpy(bytes, words.data(), listBytes, hipMemcpyHostToDevice), "uploading a sequence chase");
    check(hipk::launchScatter(array_.address(), reinterpret_cast<const hipk::ScatterWord*>(bytes),
                              static_cast<std::uint32_t>(words.size() / 2), nullptr),
          "writing a sequence chain");
    check(hipMemset(bytes + ctlOff, 0, 256), "clearing sequence control words");
    check(hipMemset(flush_.get(), 0x5a, flush_.size()), "L2 flush");  // cold loads come from DRAM
    check(hipDeviceSynchronize(), "before a sequence chase");

    auto* ctl = reinterpret_cast<std::uint32_t*>(bytes + ctlOff);
    const hipk::SequenceParams p{array_.address(), main.front(), other.empty() ? 0 : other.front(),
                                 ctl + 64, ctl, kWaitTicks, r.timedFrom, timed,
                                 static_cast<std::uint32_t>(other.size()), r.space == Space::VectorL2 ? 1u : 0u};
    check(hipk::launchSequence(p, nullptr), "sequence chase launch");
    check(hipDeviceSynchronize(), "sequence chase kernel");
    std::vector<std::uint32_t> out(64 + timed);
    check(hipMemcpy(out.data(), ctl, out.size() * 4, hipMemcpyDeviceToHost), "reading sequence chase results");

    if (out[hipk::kSeqFinal] != static_cast<std::uint32_t>(main.front()))
        throw BackendError("hip: sequence chase chain did not end where it started: the array was overwritten");
    if (!other.empty() && (out[hipk::kSeqOtherUnit] == 0 || (out[hipk::kSeqStatus] & 1u)))
        throw BackendError("hip: the other-unit walk of a sequence chase did not run beside the main one");
    ChaseResult result;
    result.ranOnUnit = static_cast<int>(out[hipk::kSeqMainUnit]) - 1;  // raw HW_ID, not a logical unit
    result.secondRanOnUnit = other.empty() ? -1 : static_cast<int>(out[hipk::kSeqOtherUnit]) - 1;
    result.latencies.assign(out.begin() + 64, out.end());
    return result;
}

}  // namespace ts::hipb
