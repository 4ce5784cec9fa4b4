#pragma once
// Compares a measured sL1d CU grouping with the driver's own (the KFD sibling maps).
#include <string>
#include <vector>

namespace ts::amd {

struct GroupingDisagreement {
    std::vector<int> measured;  // the measured group involved; empty: the CUs were not measured
    std::vector<int> kfd;       // the KFD group involved; empty: the CUs are in no KFD group
    std::vector<int> cus;       // the CUs this disagreement is about
    std::string message;
};

struct GroupingCheck {
    bool agrees() const { return disagreements.empty(); }
    std::vector<GroupingDisagreement> disagreements;
};

// Both groupings are lists of physical CU slots. Every CU in either grouping is looked up
// in both; each distinct (measured group, KFD group) pair that is not an exact match is
// one disagreement, so a split, a merge, an unmeasured CU and a CU unknown to the driver
// are all reported, each once.
GroupingCheck crossCheckScalarGroups(const std::vector<std::vector<int>>& measured,
                                     const std::vector<std::vector<int>>& kfd);

}  // namespace ts::amd
