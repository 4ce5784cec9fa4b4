// Measured sL1d groups against the KFD sibling maps: every disagreement is reported once.
#include <gtest/gtest.h>

#include "amd/sl1d_cross_check.hpp"

using namespace ts::amd;

TEST(KfdCrossCheck, EqualGroupingsAgreeWhateverTheOrder) {
    const auto check = crossCheckScalarGroups({{1, 0}, {3}, {5, 4}}, {{4, 5}, {0, 1}, {3}});
    EXPECT_TRUE(check.agrees());
}

TEST(KfdCrossCheck, ASplitGroupIsReportedPerPart) {
    const auto check = crossCheckScalarGroups({{0}, {1}, {3}}, {{0, 1}, {3}});
    ASSERT_EQ(check.disagreements.size(), 2u);
    EXPECT_EQ(check.disagreements[0].measured, (std::vector<int>{0}));
    EXPECT_EQ(check.disagreements[0].kfd, (std::vector<int>{0, 1}));
    EXPECT_EQ(check.disagreements[1].cus, (std::vector<int>{1}));
    EXPECT_NE(check.disagreements[0].message.find("differ"), std::string::npos);
}

TEST(KfdCrossCheck, AMergedGroupIsReportedPerKfdGroup) {
    const auto check = crossCheckScalarGroups({{0, 1, 3}}, {{0, 1}, {3}});
    ASSERT_EQ(check.disagreements.size(), 2u);
    EXPECT_EQ(check.disagreements[0].cus, (std::vector<int>{0, 1}));
    EXPECT_EQ(check.disagreements[1].cus, (std::vector<int>{3}));
}

TEST(KfdCrossCheck, UnmeasuredAndUnknownCusAreReported) {
    const auto check = crossCheckScalarGroups({{0, 1}, {7}}, {{0, 1}, {4, 5}});
    ASSERT_EQ(check.disagreements.size(), 2u);
    const auto& unmeasured = check.disagreements[0];
    EXPECT_TRUE(unmeasured.measured.empty());
    EXPECT_EQ(unmeasured.cus, (std::vector<int>{4, 5}));
    EXPECT_NE(unmeasured.message.find("were not measured"), std::string::npos);
    const auto& unknown = check.disagreements[1];
    EXPECT_TRUE(unknown.kfd.empty());
    EXPECT_EQ(unknown.cus, (std::vector<int>{7}));
    EXPECT_NE(unknown.message.find("in no KFD sL1d group"), std::string::npos);
}

TEST(KfdCrossCheck, EmptyInputsAgree) {
    EXPECT_TRUE(crossCheckScalarGroups({}, {}).agrees());
    EXPECT_EQ(crossCheckScalarGroups({}, {{0, 1}}).disagreements.size(), 1u);
}
