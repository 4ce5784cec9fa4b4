#include "benchmarks/targets.hpp"

namespace ts {

std::string CacheTarget::idPrefix() const { return std::string(toString(element)); }

std::vector<CacheTarget> cacheTargets(Vendor vendor) {
    if (vendor == Vendor::Nvidia) {
        return {
            {Element::L1, Space::Global, "L1", "l1", std::nullopt, true},
            {Element::Texture, Space::Texture, "Texture", "texture", std::nullopt, true},
            {Element::ReadOnly, Space::ReadOnly, "Read Only", "readonly", std::nullopt, true},
            {Element::ConstantL1, Space::Constant, "Constant L1", "constant", std::nullopt, true},
            {Element::ConstantL15, Space::Constant, "Constant L1.5", "constant", Element::ConstantL1, false},
            {Element::L2, Space::GlobalL2, "L2", "l2", std::nullopt, false},
        };
    }
    return {
        {Element::VL1, Space::Vector, "L1", "l1", std::nullopt, true},
        // sL1d is shared by groups of CUs, so sweeps on different CUs would disturb each other.
        {Element::SL1D, Space::Scalar, "Scalar L1", "scalar", std::nullopt, false},
        {Element::L2, Space::VectorL2, "L2", "l2", std::nullopt, false},
        {Element::L3, Space::VectorL2, "L3", "l2", Element::L2, false},
    };
}

const CacheTarget* findTarget(const std::vector<CacheTarget>& targets, Element element) {
    for (const auto& t : targets)
        if (t.element == element) return &t;
    return nullptr;
}

bool measuredForSharing(const CacheTarget& target) { return !target.above && !bypassesUnitCaches(target.space); }

}  // namespace ts
