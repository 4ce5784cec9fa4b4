#include <algorithm>
#include <set>

#include "amd/kfd_topology.hpp"

namespace ts::amd {
namespace {

std::string cuList(const std::vector<int>& cus) {
    std::string s = "{";
    for (std::size_t i = 0; i < cus.size(); ++i) {
        if (i) s += ',';
        s += std::to_string(cus[i]);
    }
    return s + "}";
}

// Level-1 data caches in listing order, cut into passes over the CUs.
std::vector<std::vector<const KfdCache*>> levelOnePasses(const KfdNode& node) {
    std::vector<std::vector<const KfdCache*>> passes;
    std::set<int> covered;
    for (const auto& c : node.caches) {
        if (c.level != 1 || !c.isData() || c.cus.empty()) continue;
        const bool repeats = std::any_of(c.cus.begin(), c.cus.end(), [&](int cu) { return covered.count(cu) != 0; });
        const bool newKind = !passes.empty() && (passes.back().front()->sizeBytes != c.sizeBytes ||
                                                 passes.back().front()->lineBytes != c.lineBytes ||
                                                 passes.back().front()->type != c.type);
        if (passes.empty() || repeats || newKind) {
            passes.emplace_back();
            covered.clear();
        }
        passes.back().push_back(&c);
        covered.insert(c.cus.begin(), c.cus.end());
    }
    return passes;
}

void takeOuterLevels(KfdNode& node) {
    for (const auto& c : node.caches) {
        if (!c.isData()) continue;
        if (c.level == 2) {
            ++node.l2Instances;
            node.l2Bytes = c.sizeBytes;
            node.l2LineBytes = c.lineBytes;
        } else if (c.level == 3) {
            ++node.l3Instances;
            node.l3Bytes = c.sizeBytes;
            node.l3LineBytes = c.lineBytes;
        }
    }
}

}  // namespace

void classifyCaches(KfdNode& node, std::vector<std::string>& warnings) {
    const std::string where = node.path + "/caches";
    takeOuterLevels(node);
    const auto passes = levelOnePasses(node);
    if (passes.empty()) {
        if (!node.caches.empty()) warnings.push_back(where + ": no level-1 data cache with a CU sibling map");
        return;
    }
    const auto& vector = passes.front();
    node.vectorL1Bytes = vector.front()->sizeBytes;
    node.vectorL1LineBytes = vector.front()->lineBytes;
    for (const KfdCache* c : vector) {
        if (c->cus.size() != 1)
            warnings.push_back(where + "/" + std::to_string(c->index) + ": a vector L1 shared by CUs " + cuList(c->cus));
        node.activeCus.insert(node.activeCus.end(), c->cus.begin(), c->cus.end());
    }
    std::sort(node.activeCus.begin(), node.activeCus.end());
    const int units = node.computeUnits();
    if (units > 0 && static_cast<int>(node.activeCus.size()) != units)
        warnings.push_back(where + ": " + std::to_string(node.activeCus.size()) + " CUs have a vector L1, but simd_count / "
                           "simd_per_cu says " + std::to_string(units));
    if (passes.size() < 2) {
        warnings.push_back(where + ": no scalar L1 data cache listed");
        return;
    }
    const auto& scalar = passes[1];
    node.scalarL1dBytes = scalar.front()->sizeBytes;
    node.scalarL1dLineBytes = scalar.front()->lineBytes;
    std::set<int> active(node.activeCus.begin(), node.activeCus.end());
    for (const KfdCache* c : scalar) {
        for (int cu : c->cus)
            if (!active.count(cu))
                warnings.push_back(where + "/" + std::to_string(c->index) + ": sL1d sibling CU " + std::to_string(cu) +
                                   " has no vector L1 (inactive CU listed as a sibling)");
        node.scalarL1dGroups.push_back(c->cus);
    }
    std::sort(node.scalarL1dGroups.begin(), node.scalarL1dGroups.end());
}

}  // namespace ts::amd
