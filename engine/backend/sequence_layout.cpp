#include "backend/sequence_layout.hpp"

#include <algorithm>
#include <bit>

#include "backend/backend.hpp"

namespace ts {
namespace {

constexpr std::uint64_t kVisitLine = 64;  // bytes: 8 words of 8 bytes
constexpr std::uint64_t kMaxOffset = 1ull << 40;
// 16 bytes of chain a load: 128 MiB at most, on the host and the GPU.
constexpr std::size_t kMaxLoads = std::size_t{1} << 23;

// How often each 64-byte line was visited so far, in an open-addressing table of at least twice
// as many slots as loads: a node-based map spent more time allocating than the simulator spent
// on the chase itself.
class VisitCounter {
public:
    explicit VisitCounter(std::size_t loads)
        : bits_(static_cast<unsigned>(std::bit_width(std::max<std::size_t>(2 * loads, 16) - 1))),
          keys_(std::size_t{1} << bits_, kEmpty), counts_(std::size_t{1} << bits_, 0) {}

    // The visits of `line` before this one.
    std::uint32_t visit(std::uint64_t line) {
        const std::size_t mask = keys_.size() - 1;
        std::size_t at = static_cast<std::size_t>((line * 0x9e3779b97f4a7c15ull) >> (64 - bits_));
        while (keys_[at] != kEmpty && keys_[at] != line) at = (at + 1) & mask;
        keys_[at] = line;
        return counts_[at]++;
    }

private:
    static constexpr std::uint64_t kEmpty = ~0ull;  // no line number: offsets stay below 2^40
    unsigned bits_;
    std::vector<std::uint64_t> keys_;
    std::vector<std::uint32_t> counts_;
};

std::vector<std::uint64_t> visitOffsets(const std::vector<std::uint64_t>& list, std::uint64_t period,
                                        VisitCounter& visits, const std::string& who) {
    std::vector<std::uint64_t> out;
    out.reserve(list.size());
    for (std::uint64_t offset : list) {
        const std::uint64_t line = offset / kVisitLine;
        const std::uint32_t k = visits.visit(period > 0 ? offset % period / kVisitLine : line);
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

void checkSequence(const SequenceChase& r, const std::string& who, std::uint64_t period) {
    validate(r, who);
    VisitCounter visits(r.offsets.size() + r.otherOffsets.size());
    (void)visitOffsets(r.offsets, period, visits, who);
    (void)visitOffsets(r.otherOffsets, period, visits, who);
}

SequenceLayout layOutSequence(const SequenceChase& r, const std::string& who, std::uint64_t period) {
    validate(r, who);
    SequenceLayout layout;
    VisitCounter visits(r.offsets.size() + r.otherOffsets.size());
    layout.main = visitOffsets(r.offsets, period, visits, who);
    layout.other = visitOffsets(r.otherOffsets, period, visits, who);
    layout.words.reserve(2 * (layout.main.size() + layout.other.size()));
    chainWords(layout.main, layout.words);
    if (!layout.other.empty()) chainWords(layout.other, layout.words);
    for (std::size_t k = 0; k < layout.words.size(); k += 2)
        layout.arrayBytes = std::max(layout.arrayBytes, layout.words[k] + 8);
    layout.timed = static_cast<std::uint32_t>(r.offsets.size() - r.timedFrom);
    return layout;
}

}  // namespace ts
