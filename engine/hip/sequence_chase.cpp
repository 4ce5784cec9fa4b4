#include "hip/sequence_chase.hpp"

#include <string>

#include "backend/sequence_layout.hpp"
#include "hip/hip_error.hpp"
#include "sequence_api.hpp"

namespace ts::hipb {
namespace {

constexpr std::uint64_t kWaitTicks = 200'000'000;  // 2 s of the 100 MHz clock

void checkSpace(const SequenceChase& r) {
    if (r.space != Space::Vector && r.space != Space::VectorL2)
        throw BackendError("hip: sequence chases run in the vector spaces only, not \"" + std::string(toString(r.space)) + "\"");
}

}  // namespace

ChaseResult SequenceChaser::run(const SequenceChase& r) {
    checkSpace(r);
    const SequenceLayout layout = layOutSequence(r, "hip");
    const std::vector<std::uint64_t>& main = layout.main;
    const std::vector<std::uint64_t>& other = layout.other;
    const std::vector<std::uint64_t>& words = layout.words;
    const std::uint32_t timed = layout.timed;
    array_.reserve(layout.arrayBytes, "the sequence chase array");

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
