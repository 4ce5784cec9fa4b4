#include "backend/sequence_layout.hpp"

#include <algorithm>
#include <unordered_map>

#include "backend/backend.hpp"

namespace ts {
namespace {

constexpr std::uint64_t kVisitLine = 64;  // bytes: 8 words of 8 bytes
constexpr std::uint64_t kMaxOffset = 1ull << 40;
// 16 bytes of chain a load: 128 MiB at most, on the host and the GPU.
constexpr std::size_t kMaxLoads = std::size_t{1} << 23;

std::vector<std::uint64_t> visitOffsets(const std::vector<std::uint64_t>& list, std::uint64_t period,
                                        std::unordered_map<std::uint64_t, std::uint32_t>& visits, const std::string& who) {
    std::vector<std::uint64_t> out;
    out.reserve(list.size());
    for (std::uint64_t offset : list) {
        const std::uint64_t line = offset / kVisitLine;
        const std::uint32_t k = visits[period > 0 ? offset % period / kVisitLine : line]++;
        if (k >= kVisitLine / 8)
            throw BackendError(who + ": sequence chase visits a 64-byte line more than 8 times (offset " +
                               std::to_string(offset) + ")");
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

void validate(const SequenceChase& r, const std::string& who) {
    if (r.offsets.empty()) throw BackendError(who + ": sequence chase without addresses");
    if (r.offsets.size() + r.otherOffsets.size() > kMaxLoads) throw BackendError(who + ": sequence chase too long");
    if (r.timedFrom > r.offsets.size()) throw BackendError(who + ": sequence chase timedFrom beyond the sequence");
    for (const auto* list : {&r.offsets, &r.otherOffsets})
        for (std::uint64_t o : *list)
            if (o >= kMaxOffset) throw BackendError(who + ": sequence chase offset " + std::to_string(o) + " too large");
}

}  // namespace

SequenceLayout layOutSequence(const SequenceChase& r, const std::string& who, std::uint64_t period) {
    validate(r, who);
    SequenceLayout layout;
    std::unordered_map<std::uint64_t, std::uint32_t> visits;
    layout.main = visitOffsets(r.offsets, period, visits, who);
    layout.other = visitOffsets(r.otherOffsets, period, visits, who);
    chainWords(layout.main, layout.words);
    if (!layout.other.empty()) chainWords(layout.other, layout.words);
    for (std::size_t k = 0; k < layout.words.size(); k += 2)
        layout.arrayBytes = std::max(layout.arrayBytes, layout.words[k] + 8);
    layout.timed = static_cast<std::uint32_t>(r.offsets.size() - r.timedFrom);
    return layout;
}

}  // namespace ts
