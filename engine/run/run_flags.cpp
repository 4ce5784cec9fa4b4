#include "run/run_flags.hpp"

#include "io/input_error.hpp"

namespace ts {

DiscoveryOptions discoveryOptions(const RunFlags& flags) {
    DiscoveryOptions options;
    options.groups = flags.groups;
    if (!flags.only.empty()) {
        std::string error;
        if (!parseGroups(flags.only, options.groups, error)) throw InputError("--only: " + error);
    }
    for (const auto& group : flags.groups)
        if (std::string error; !parseGroups(group, options.groups, error)) throw InputError("benchmark group: " + error);
    if (!flags.with.empty()) {
        std::set<std::string> extra;
        std::string error;
        if (!parseGroups(flags.with, extra, error)) throw InputError("--with: " + error);
        options.named = options.groups;
        options.named.insert(extra.begin(), extra.end());
        if (options.groups.empty()) options.groups = defaultGroups();  // so that the extra groups join it
        options.groups.insert(extra.begin(), extra.end());
    }
    options.elements = flags.elements;
    if (!(flags.waitForIdleSeconds >= 0)) throw InputError("--wait-for-idle needs a number of seconds, 0 or more");
    options.waitForIdleSeconds = flags.waitForIdleSeconds;
    options.exclusive = flags.exclusive;
    if (flags.tlbWalkBytes < kMinTlbWalkBytes || flags.tlbWalkBytes > kMaxTlbWalkBytes)
        throw InputError("--tlb-walk-gib needs 1 to 128 (GiB)");
    options.tlbWalkBytes = flags.tlbWalkBytes;
    return options;
}

}  // namespace ts
