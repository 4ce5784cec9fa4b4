// The benchmark groups a user can select (toposcope-cli --only, the GUI's benchmark tree): the one
// table of them, which the CLI's help and messages, the run flags and the GUI all read.
#pragma once
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "model/space.hpp"

namespace ts {

struct BenchmarkGroup {
    std::string_view id;     // "l1": what --only takes
    std::string_view title;  // "L1 cache", in English (the GUI translates it, context ts::gui::Catalog)
    bool onNvidia = true;
    bool onAmd = true;
    // Runs only when named (--only, the GUI's tree): it costs more than the default run may grow by.
    bool optIn = false;
    bool existsOn(Vendor v) const { return v == Vendor::Nvidia ? onNvidia : onAmd; }
};

// Every group, in the order the GUI lists them.
const std::vector<BenchmarkGroup>& benchmarkGroups();
const BenchmarkGroup* findBenchmarkGroup(std::string_view id);
// "l1, l2, texture, ...": the ids for help texts and messages.
std::string benchmarkGroupIds();
// "roofline": the opt-in groups' ids, for help texts.
std::string optInGroupIds();
// The default run's groups spelled out (every group but the opt-in ones), so others can join them.
std::set<std::string> defaultGroups();
// Whether a run of `groups` (empty: the default run) includes `group`.
bool runsGroup(const std::set<std::string>& groups, std::string_view group);
// The memory elements a group measures on a device of `vendor`, in the order shown.
std::vector<Element> groupElements(const BenchmarkGroup& group, Vendor vendor);

// Parses "l1,l2,sharing"; on an unknown name returns false and sets `error`.
bool parseGroups(const std::string& csv, std::set<std::string>& groups, std::string& error);

}  // namespace ts
