#include "model/attribute_marks.hpp"

#include <array>
#include <utility>

namespace ts {
namespace {

struct MarkNames {
    Mark mark;
    std::string_view id;
    std::string_view display;
};

constexpr std::array<MarkNames, 3> kMarks{{
    {Mark::SharedGpu, "sharedGpu", "shared GPU"},
    {Mark::OccupancyLimited, "occupancyLimited", "limited by a neighbour's occupancy"},
    {Mark::Projected, "projected", "projected"},
}};

const MarkNames& namesOf(Mark m) {
    for (const auto& n : kMarks)
        if (n.mark == m) return n;
    return kMarks.front();
}

}  // namespace

std::string_view toString(Mark m) { return namesOf(m).id; }
std::string_view displayName(Mark m) { return namesOf(m).display; }

std::optional<Mark> markFromString(std::string_view id) {
    for (const auto& n : kMarks)
        if (n.id == id) return n.mark;
    return std::nullopt;
}

void markAttribute(Attribute& a, Mark m, const std::string& sentence) {
    if (!a.hasMark(m)) a.marks.push_back(m);
    if (!sentence.empty()) a.reason = a.reason.empty() ? sentence : a.reason + "; " + sentence;
}

}  // namespace ts
