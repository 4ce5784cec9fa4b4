// The one validation of a chase request (backend/chase_check.hpp): the same rules for every
// backend, each backend's limits as data.
#include <gtest/gtest.h>

#include <string>

#include "backend/chase_check.hpp"

namespace ts {
namespace {

ChaseLimits nvidiaLike() {
    ChaseLimits l;
    l.backend = "test";
    for (Space s : {Space::Global, Space::GlobalL2, Space::ReadOnly}) l.set(s, 1ull << 30, true);
    l.set(Space::Texture, 1ull << 28);
    l.set(Space::Constant, 65536);
    l.set(Space::Shared, 49152);
    l.secondConstantBytes = 8 * 65536;
    l.scratchpadBytesPerBlock = 49152;
    l.units = 4;
    l.warpsPerBlock = 32;
    return l;
}

ChaseRequest chaseOf(Space space, std::uint64_t bytes, std::uint32_t stride) {
    ChaseRequest r;
    r.space = space;
    r.arrayBytes = bytes;
    r.strideBytes = stride;
    return r;
}

std::string problemOf(const ChaseRequest& r, const ChaseLimits& l) {
    try {
        checkChaseRequest(r, l);
    } catch (const BackendError& e) {
        return e.what();
    }
    return "";
}

TEST(ChaseCheck, AWellFormedRequestPasses) {
    const ChaseLimits l = nvidiaLike();
    EXPECT_EQ(problemOf(chaseOf(Space::Global, 4096, 128), l), "");
    auto any = chaseOf(Space::Global, 4096, 128);
    any.unit = -1;
    EXPECT_EQ(problemOf(any, l), "");
}

TEST(ChaseCheck, EveryMessageNamesTheBackendAndTheRequest) {
    const std::string m = problemOf(chaseOf(Space::Global, 4096, 0), nvidiaLike());
    EXPECT_EQ(m.rfind("test: ", 0), 0u) << m;
    EXPECT_NE(m.find("global chase of 4096 B, stride 0 B, unit 0"), std::string::npos) << m;
}

TEST(ChaseCheck, TheMainArrayFollowsItsSpacesLimits) {
    const ChaseLimits l = nvidiaLike();
    EXPECT_NE(problemOf(chaseOf(Space::Vector, 4096, 128), l), "");        // no such space here
    EXPECT_NE(problemOf(chaseOf(Space::Global, 4098, 128), l), "");        // not whole words
    EXPECT_NE(problemOf(chaseOf(Space::Global, 4096, 6), l), "");
    EXPECT_NE(problemOf(chaseOf(Space::Global, 4096, 8192), l), "");       // stride past the array
    EXPECT_NE(problemOf(chaseOf(Space::Constant, 65536 + 64, 64), l), "");  // one bank
    EXPECT_EQ(problemOf(chaseOf(Space::Constant, 65536, 64), l), "");
    EXPECT_NE(problemOf(chaseOf(Space::Texture, (1ull << 28) + 128, 128), l), "");
    auto unit = chaseOf(Space::Global, 4096, 128);
    unit.unit = 4;
    EXPECT_NE(problemOf(unit, l), "");
    unit.unit = -2;
    EXPECT_NE(problemOf(unit, l), "");
    auto every = chaseOf(Space::Global, 4096, 128);
    every.recordEvery = 0;
    EXPECT_NE(problemOf(every, l), "");
}

TEST(ChaseCheck, BlockAccessAndPermutationsOnlyWhereTheBackendHasThem) {
    ChaseLimits l = nvidiaLike();
    auto r = chaseOf(Space::Global, 4096, 128);
    r.blockWarmup = true;
    EXPECT_EQ(problemOf(r, l), "");
    r.space = Space::Texture;
    EXPECT_NE(problemOf(r, l), "");
    l.set(Space::Global, 1ull << 30, false);  // a backend without block reads (HIP)
    r.space = Space::Global;
    EXPECT_NE(problemOf(r, l), "");

    auto p = chaseOf(Space::Global, 40 * 128, 128);
    p.permutationStepBytes = 7 * 128;  // 7 co-prime with 40
    EXPECT_EQ(problemOf(p, nvidiaLike()), "");
    p.permutationStepBytes = 8 * 128;
    EXPECT_NE(problemOf(p, nvidiaLike()), "");
    p.permutationStepBytes = 7 * 128 + 4;
    EXPECT_NE(problemOf(p, nvidiaLike()), "");
}

TEST(ChaseCheck, SecondChasersPlacementAndArrays) {
    ChaseLimits l = nvidiaLike();
    auto r = chaseOf(Space::Global, 4096, 128);
    r.second = SecondChaser{.space = Space::Global, .arrayBytes = 8192, .strideBytes = 128,
                            .placement = Placement::OtherWarp, .warp = 0};
    EXPECT_EQ(problemOf(r, l), "");
    l.firstOtherWarp = 1;  // HIP: wave 0 is the main chaser
    EXPECT_NE(problemOf(r, l), "");
    r.second->warp = 31;
    EXPECT_EQ(problemOf(r, l), "");
    r.second->warp = 32;
    EXPECT_NE(problemOf(r, l), "");

    r.second = SecondChaser{.space = Space::Global, .arrayBytes = 8192, .strideBytes = 128,
                            .placement = Placement::OtherUnit, .unit = 3};
    EXPECT_EQ(problemOf(r, l), "");
    r.second->unit = 0;  // the main chaser's own unit: one block after the other
    EXPECT_EQ(problemOf(r, l), "");
    r.second->unit = 3;
    r.unit = -1;
    EXPECT_EQ(problemOf(r, l), "");
    l.otherUnitOnPinnedQueues = true;  // HIP: both sides on queues pinned to their units
    EXPECT_NE(problemOf(r, l), "");
    r.unit = 3;
    EXPECT_NE(problemOf(r, l), "");
    r.unit = 0;
    EXPECT_EQ(problemOf(r, l), "");

    auto block = chaseOf(Space::Global, 4096, 128);
    block.second = SecondChaser{.space = Space::Global, .strideBytes = 128, .placement = Placement::OtherUnit,
                                .unit = 2, .sameArray = true, .blockRead = true};
    EXPECT_EQ(problemOf(block, nvidiaLike()), "");
    block.second->placement = Placement::SameThread;
    EXPECT_NE(problemOf(block, nvidiaLike()), "");
}

TEST(ChaseCheck, ASameArraySecondChaserReadsTheMainChasersMemory) {
    const ChaseLimits l = nvidiaLike();
    auto r = chaseOf(Space::Global, 4096, 128);
    r.second = SecondChaser{.space = Space::Texture, .sameArray = true};
    EXPECT_EQ(problemOf(r, l), "");  // texture reads device memory too
    r.second->space = Space::Constant;
    EXPECT_NE(problemOf(r, l), "");
    auto shared = chaseOf(Space::Shared, 4096, 4);
    shared.second = SecondChaser{.space = Space::Shared, .sameArray = true};
    EXPECT_EQ(problemOf(shared, l), "");
    shared.second->placement = Placement::OtherUnit;  // another SM cannot see this block's memory
    shared.second->unit = 1;
    EXPECT_NE(problemOf(shared, l), "");
    auto larger = chaseOf(Space::Global, 4096, 128);
    larger.second = SecondChaser{.space = Space::Global, .arrayBytes = 8192, .sameArray = true};
    EXPECT_NE(problemOf(larger, l), "");
}

TEST(ChaseCheck, ConstantSecondChasersSpreadOverBanksAndScratchpadsShareABlock) {
    const ChaseLimits l = nvidiaLike();
    auto r = chaseOf(Space::Constant, 4096, 64);
    r.second = SecondChaser{.space = Space::Constant, .arrayBytes = 4 * 65536, .strideBytes = 64};
    EXPECT_EQ(problemOf(r, l), "");
    r.second->arrayBytes = 8 * 65536 + 64;
    EXPECT_NE(problemOf(r, l), "");

    auto s = chaseOf(Space::Shared, 32768, 4);
    s.second = SecondChaser{.space = Space::Shared, .arrayBytes = 16384, .strideBytes = 4};
    EXPECT_EQ(problemOf(s, l), "");
    s.second->arrayBytes = 16384 + 4;
    EXPECT_NE(problemOf(s, l), "");
    s.second->placement = Placement::OtherUnit;  // in the other block's own scratchpad
    s.second->unit = 1;
    EXPECT_EQ(problemOf(s, l), "");
}

TEST(ChaseCheck, WalksStayWithinTheCountersAndTheBudget) {
    ChaseLimits l = nvidiaLike();
    auto r = chaseOf(Space::Global, 1ull << 30, 4);
    r.warmupPasses = 16;  // 2^32 loads
    EXPECT_NE(problemOf(r, l), "");
    r.blockWarmup = true;  // a block read is not a walk
    EXPECT_EQ(problemOf(r, l), "");
    auto timed = chaseOf(Space::Global, 4096, 128);
    timed.recordLoads = 1u << 16;
    timed.recordEvery = 1u << 16;
    EXPECT_NE(problemOf(timed, l), "");

    auto small = chaseOf(Space::Global, 4096, 128);  // 32 loads a pass
    small.warmupPasses = 2;
    small.recordLoads = 64;
    EXPECT_EQ(totalLoadsOf(small), 128u);
    l.maxTotalLoads = 127;
    EXPECT_NE(problemOf(small, l), "");
    l.maxTotalLoads = 128;
    l.minRecordLoads = 65;
    EXPECT_NE(problemOf(small, l), "");
}

}  // namespace
}  // namespace ts
