#pragma once
// What a front end's flags ask of a discovery run, and the one place they become DiscoveryOptions.
#include <cstdint>
#include <set>
#include <string>

#include "benchmarks/discovery.hpp"

namespace ts {

struct RunFlags {
    std::string only;               // --only: comma list of groups; empty with no `groups`: the default run
    std::string with;               // --with: comma list of groups run beside the default ones (or --only's)
    std::set<std::string> groups;   // groups chosen another way (the GUI's tree); joined with `only`
    std::set<Element> elements;     // the caches to measure (the GUI's tree); empty: all
    double waitForIdleSeconds = 0;  // --wait-for-idle
    bool exclusive = false;         // --exclusive
    std::uint64_t tlbWalkBytes = kDefaultTlbWalkBytes;  // --tlb-walk-gib, in bytes
};

inline constexpr std::uint64_t kMinTlbWalkBytes = 1ull << 30;
inline constexpr std::uint64_t kMaxTlbWalkBytes = 128ull << 30;

// Throws InputError naming the flag (an unknown group, --with of a group --only already names, a walk outside 1-128 GiB, a negative wait).
DiscoveryOptions discoveryOptions(const RunFlags& flags);

}  // namespace ts
