#include "amd/sl1d_cross_check.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace ts::amd {
namespace {

std::string list(const std::vector<int>& cus) {
    std::string s = "{";
    for (std::size_t i = 0; i < cus.size(); ++i) {
        if (i) s += ',';
        s += std::to_string(cus[i]);
    }
    return s + "}";
}

std::vector<int> sorted(std::vector<int> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

// CU -> index of its group; a CU listed twice keeps its first group.
std::map<int, int> indexByCu(const std::vector<std::vector<int>>& groups) {
    std::map<int, int> out;
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (int cu : groups[g]) out.emplace(cu, static_cast<int>(g));
    return out;
}

std::string describe(const std::vector<int>& measured, const std::vector<int>& kfd, const std::vector<int>& cus) {
    if (measured.empty()) return "CUs " + list(cus) + " of KFD sL1d group " + list(kfd) + " were not measured";
    if (kfd.empty()) return "CUs " + list(cus) + " of measured group " + list(measured) + " are in no KFD sL1d group";
    return "measured group " + list(measured) + " and KFD group " + list(kfd) + " share CUs " + list(cus) +
           " but differ";
}

}  // namespace

GroupingCheck crossCheckScalarGroups(const std::vector<std::vector<int>>& measured,
                                     const std::vector<std::vector<int>>& kfd) {
    std::vector<std::vector<int>> m, k;
    for (const auto& g : measured) m.push_back(sorted(g));
    for (const auto& g : kfd) k.push_back(sorted(g));
    const auto mIndex = indexByCu(m), kIndex = indexByCu(k);
    std::set<int> all;
    for (const auto& [cu, g] : mIndex) all.insert(cu);
    for (const auto& [cu, g] : kIndex) all.insert(cu);

    std::map<std::pair<int, int>, std::vector<int>> pairs;  // (measured, kfd) group -> CUs, -1 = none
    for (int cu : all) {
        const auto mi = mIndex.find(cu), ki = kIndex.find(cu);
        pairs[{mi == mIndex.end() ? -1 : mi->second, ki == kIndex.end() ? -1 : ki->second}].push_back(cu);
    }
    GroupingCheck check;
    for (const auto& [key, cus] : pairs) {
        const auto [mg, kg] = key;
        const std::vector<int> mGroup = mg < 0 ? std::vector<int>{} : m[static_cast<std::size_t>(mg)];
        const std::vector<int> kGroup = kg < 0 ? std::vector<int>{} : k[static_cast<std::size_t>(kg)];
        if (mg >= 0 && kg >= 0 && mGroup == kGroup) continue;
        check.disagreements.push_back({mGroup, kGroup, cus, describe(mGroup, kGroup, cus)});
    }
    return check;
}

}  // namespace ts::amd
