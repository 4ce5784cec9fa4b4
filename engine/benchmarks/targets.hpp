#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/space.hpp"

namespace ts {

// A cache reached by pointer chases in one logical space.
struct CacheTarget {
    Element element;
    Space space;
    std::string title;              // MT4G benchmark prefix: "L1", "Constant L1.5", "Scalar L1"
    std::string group;              // CLI group: l1, texture, readonly, constant, l2, scalar
    std::optional<Element> above;   // the cache in front of it on the same path, measured first
    bool unitPrivate = false;       // first level private to one SM/CU: batchable across units
    std::string idPrefix() const;   // series id prefix, e.g. "constant_l15"
};

std::vector<CacheTarget> cacheTargets(Vendor vendor);
const CacheTarget* findTarget(const std::vector<CacheTarget>& targets, Element element);
// The "sharing" group measures it: a first cache on its path that a unit's own loads reach.
bool measuredForSharing(const CacheTarget& target);

}  // namespace ts
