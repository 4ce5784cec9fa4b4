#include "analysis/cluster_layout.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>


namespace ts {
namespace {

// A unit must have run in a cluster of two this often before its partner counts as found.
constexpr int kLeastPairings = 3;

std::string countText(std::size_t n, const std::string& noun) {
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string idList(const std::vector<int>& ids, std::size_t shown = 8) {
    std::string text;
    for (std::size_t i = 0; i < ids.size() && i < shown; ++i) text += (i ? ", " : "") + std::to_string(ids[i]);
    if (ids.size() > shown) text += " and " + std::to_string(ids.size() - shown) + " more";
    return text;
}

void sortGroups(std::vector<std::vector<int>>& groups) {
    for (auto& g : groups) std::sort(g.begin(), g.end());
    std::sort(groups.begin(), groups.end());
}

GroupFinding findTpcs(const std::vector<ClusterSample>& clusters, const std::vector<int>& units, int launches) {
    std::map<int, std::map<int, int>> partners;  // unit -> partner -> clusters of two together
    for (const auto& c : clusters)
        if (c.size == 2 && c.units.size() == 2 && c.units[0] != c.units[1]) {
            ++partners[c.units[0]][c.units[1]];
            ++partners[c.units[1]][c.units[0]];
        }
    GroupFinding f;
    const int least = std::max(kLeastPairings, launches / 2);
    std::vector<int> unseen, wandering;
    std::set<std::pair<int, int>> pairs;
    for (int u : units) {
        const auto it = partners.find(u);
        int seen = 0;
        if (it != partners.end())
            for (const auto& [p, n] : it->second) seen += n;
        if (seen < least) unseen.push_back(u);
        else if (it->second.size() > 1) wandering.push_back(u);
        else pairs.insert(std::minmax(u, it->second.begin()->first));
    }
    if (!wandering.empty()) {
        f.reason = "clusters of two took changing partners (units " + idList(wandering) +
                   "): they are not bound to TPCs of two SMs";
        return f;
    }
    for (const auto& [a, b] : pairs) f.groups.push_back({a, b});
    sortGroups(f.groups);
    if (!unseen.empty()) {
        f.reason = countText(unseen.size(), "unit") + " (" + idList(unseen) + ") ran in fewer than " + std::to_string(least) +
                   " clusters of two";
        if (f.groups.empty()) return f;
        f.atLeast = true;
    }
    f.decided = true;
    f.confidence = unseen.empty() ? 0.9 : 0.5;
    f.reason = (f.reason.empty() ? "" : f.reason + "; ") + "each of " + std::to_string(2 * pairs.size()) +
               " units ran every cluster of two (" + std::to_string(launches) +
               " launches) with one and the same partner";
    return f;
}

struct UnionFind {
    std::map<int, int> parent;
    int find(int x) {
        auto it = parent.find(x);
        if (it == parent.end()) return parent[x] = x;
        if (it->second == x) return x;
        return it->second = find(it->second);
    }
    void join(int a, int b) { parent[find(a)] = find(b); }
};

// Units joined by the clusters of launches before `untilLaunch`, the groups of more than two.
std::vector<std::vector<int>> joinedGroups(const std::vector<ClusterSample>& clusters, const std::vector<int>& units,
                                           int untilLaunch) {
    UnionFind uf;
    for (int u : units) uf.find(u);
    for (const auto& c : clusters)
        if (c.launch < untilLaunch)
            for (std::size_t i = 1; i < c.units.size(); ++i) uf.join(c.units[0], c.units[i]);
    std::map<int, std::vector<int>> byRoot;
    for (int u : units) byRoot[uf.find(u)].push_back(u);
    std::vector<std::vector<int>> groups;
    for (auto& [root, members] : byRoot)
        if (members.size() > 2) groups.push_back(members);
    sortGroups(groups);
    return groups;
}

GroupFinding findGpcs(const std::vector<ClusterSample>& clusters, const std::vector<int>& units, int launches) {
    GroupFinding f;
    int largest = 0;
    for (const auto& c : clusters) largest = std::max(largest, c.size);
    if (largest < 3) {
        f.reason = "no cluster of more than two blocks ran";
        return f;
    }
    f.groups = joinedGroups(clusters, units, launches);
    if (f.groups.empty()) {
        f.reason = "no cluster joined more than two units";
        return f;
    }
    std::set<int> placed;
    for (const auto& g : f.groups) placed.insert(g.begin(), g.end());
    std::vector<int> left;
    for (int u : units)
        if (!placed.count(u)) left.push_back(u);
    // The groups of the first half of the launches must be those of all: else more launches
    // could still join two of them.
    const bool settled = joinedGroups(clusters, units, (launches + 1) / 2) == f.groups;
    std::vector<std::size_t> sizes;
    for (const auto& g : f.groups) sizes.push_back(g.size());
    const auto [fewest, most] = std::minmax_element(sizes.begin(), sizes.end());
    f.decided = true;
    f.confidence = settled ? 0.9 : 0.5;
    f.atLeast = !left.empty();
    f.reason = countText(f.groups.size(), "group") + " of " + std::to_string(*fewest) + " to " + std::to_string(*most) +
               " units that clusters of up to " + std::to_string(largest) + " blocks joined (a cluster runs in one GPC)";
    if (!left.empty())
        f.reason += "; " + countText(left.size(), "unit") + " (" + idList(left) +
                    ") ran in no cluster larger than two: which GPC holds them is not known, so there are at least " +
                    std::to_string(f.groups.size());
    if (!settled) f.reason += "; the groups of the first half of the launches were fewer or smaller: more launches may join some";
    return f;
}

}  // namespace

ClusterLayout analyseClusterLayout(const std::vector<ClusterSample>& clusters, const std::vector<int>& units, int launches) {
    return {findTpcs(clusters, units, launches), findGpcs(clusters, units, launches)};
}

}  // namespace ts
