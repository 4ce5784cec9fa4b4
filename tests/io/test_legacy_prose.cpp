// Reasons of older recordings in today's words (issue 37, item 9): what the H100 and H200
// sessions of docs/results say, as the window and the sheet show them once loaded.
#include <gtest/gtest.h>

#include "io/legacy_prose.hpp"
#include "io/mt4g_json_read.hpp"

namespace ts {
namespace {

TEST(LegacyProse, OlderEngineWordsBecomeTodays) {
    EXPECT_EQ(proseOfLegacyReason("K-S D=1.000 between rows [0,24) and [24,44), p=2.44e-11 after 43 splits"),
              "K-S D=1.000 between rows 1-24 and 25-44, p=2.44e-11 after 43 splits");
    EXPECT_EQ(proseOfLegacyReason("capacity model fits best with 128 B lines and 250368 B effective capacity "
                                  "(measured 250368 B); probability 1.000 among line sizes 32..8192 B"),
              "capacity model fits best with 128 B lines and 244.5 KiB effective capacity (measured 244.5 KiB); "
              "probability 1.000 among line sizes 32 B to 8 KiB");
    EXPECT_EQ(proseOfLegacyReason("which span 24660992-26664960 B (26664960 B at +0 MiB)"),
              "which span 23.52 MiB to 25.43 MiB (25.43 MiB at +0 MiB)");
    EXPECT_EQ(proseOfLegacyReason("the knee 29360128 B is 0.466667 of the API's"), "the knee 28 MiB is 0.467 of the API's");
    EXPECT_EQ(proseOfLegacyReason("needs 2..32 decided ways"), "needs 2 to 32 decided ways");
    EXPECT_EQ(proseOfLegacyReason("sector model fits best with 32 B; smaller strides give stride/missFraction = 32.0 B"),
              "sector model fits best with 32 B; at smaller strides, the stride over the share of loads that missed gives 32 B");
    EXPECT_EQ(proseOfLegacyReason("sweep 262144 KiB .. 524288 KiB"), "sweep 256 MiB to 512 MiB");
}

TEST(LegacyProse, TodaysReasonsPassUnchanged) {
    for (const char* today : {"K-S D=1.000 between rows 1-7 and 8-40, p=0.00248 after 39 splits; step 77.74 = 25.1 noise widths",
                              "the median of 5 placements of the array, which span 23.52 MiB to 25.43 MiB",
                              "4\u202F194\u202F304 lines of 64 B, 16 ways lru in 262144 sets", "HIP 6.3.42134", "no numbers at all"})
        EXPECT_EQ(proseOfLegacyReason(today), today);
}

// MT4G writes the driver's version as the runtime returns it (issue 37, item 9: "60342134").
TEST(LegacyProse, Mt4gDriverVersionsAreVersions) {
    EXPECT_EQ(readMt4gJsonFile(TOPOSCOPE_TEST_DATA "/mt4g/AMD Instinct MI210.json").device.driver, "HIP 6.3.42134");
}

}  // namespace
}  // namespace ts
