// Which units form a TPC and a GPC, from where thread-block clusters ran (docs/methods.md,
// "SM layout"): a cluster's blocks all run in one GPC, and a cluster of two takes one TPC.
#pragma once
#include <string>
#include <vector>

namespace ts {

// One cluster of one launch: the unit (SM id) of each of its blocks.
struct ClusterSample {
    int size = 0;
    int launch = 0;
    std::vector<int> units;
};

struct GroupFinding {
    bool decided = false;
    double confidence = 0;
    std::vector<std::vector<int>> groups;  // unit ids, each group ascending, groups by first id
    bool atLeast = false;                  // more groups may exist than found (units left out)
    std::string reason;
};

struct ClusterLayout {
    GroupFinding tpcs;
    GroupFinding gpcs;
};

// `units`: every unit id of the device; `launches`: launches per cluster size. A TPC is the pair
// every unit takes in every cluster of two it ran in; a GPC a set of units that clusters join
// (union over every cluster of every size), once it holds more than one TPC.
ClusterLayout analyseClusterLayout(const std::vector<ClusterSample>& clusters, const std::vector<int>& units, int launches);

}  // namespace ts
