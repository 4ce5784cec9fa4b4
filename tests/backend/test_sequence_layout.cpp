// The sequence chase's host-side layout that the CUDA and HIP backends share.
#include <gtest/gtest.h>

#include "backend/backend.hpp"
#include "backend/sequence_layout.hpp"

namespace ts {
namespace {

TEST(SequenceLayout, RevisitsOfALineUseItsNextWord) {
    SequenceChase r;
    r.offsets = {0, 4096, 8, 4096};  // line 0 twice (the second visit is its word 1), line 64 twice
    r.timedFrom = 1;
    const SequenceLayout l = layOutSequence(r, "test");
    EXPECT_EQ(l.main, (std::vector<std::uint64_t>{0, 4096, 8, 4104}));
    EXPECT_TRUE(l.other.empty());
    // (offset, next) pairs closing the chain on its first load.
    EXPECT_EQ(l.words, (std::vector<std::uint64_t>{0, 4096, 4096, 8, 8, 4104, 4104, 0}));
    EXPECT_EQ(l.arrayBytes, 4112u);
    EXPECT_EQ(l.timed, 3u);
}

TEST(SequenceLayout, TheOtherChainFollowsAndSharesTheVisitCount) {
    SequenceChase r;
    r.offsets = {0, 64};
    r.otherUnit = 3;
    r.otherOffsets = {0};
    const SequenceLayout l = layOutSequence(r, "test");
    EXPECT_EQ(l.other, (std::vector<std::uint64_t>{8}));  // line 0's second visit overall
    ASSERT_EQ(l.words.size(), 6u);
    EXPECT_EQ(l.words[4], 8u);
    EXPECT_EQ(l.words[5], 8u);  // a chain of one load points at itself
}

// In a translation walk's space, offsets a period apart are one line of memory: its words are
// shared out as a line's visits are, and more than eight visits are refused as for one line.
TEST(SequenceLayout, OffsetsAPeriodApartShareTheirLinesWords) {
    constexpr std::uint64_t period = 64ull << 20;
    SequenceChase r;
    r.offsets = {128, period + 128, 3 * period + 128 + 16, 256};
    const SequenceLayout l = layOutSequence(r, "test", period);
    EXPECT_EQ(l.main, (std::vector<std::uint64_t>{128, period + 136, 3 * period + 144, 256}));
    EXPECT_EQ(l.arrayBytes, 3 * period + 152);
    SequenceChase nine;
    for (std::uint64_t k = 0; k < 9; ++k) nine.offsets.push_back(k * period + 64);
    EXPECT_NO_THROW(layOutSequence(nine, "test"));
    EXPECT_THROW(layOutSequence(nine, "test", period), BackendError);
}

TEST(SequenceLayout, RefusesWhatNoChainCanCarry) {
    SequenceChase empty;
    EXPECT_THROW(layOutSequence(empty, "test"), BackendError);
    SequenceChase tooMany;
    tooMany.offsets.assign(9, 128);  // nine visits of one 64-byte line
    try {
        layOutSequence(tooMany, "cuda");
        FAIL() << "nine visits of one line were accepted";
    } catch (const BackendError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("cuda: ", 0), 0u) << e.what();
    }
    SequenceChase far;
    far.offsets = {1ull << 41};
    EXPECT_THROW(layOutSequence(far, "test"), BackendError);
    SequenceChase late;
    late.offsets = {0};
    late.timedFrom = 2;
    EXPECT_THROW(layOutSequence(late, "test"), BackendError);
}

}  // namespace
}  // namespace ts
