#include "model/fleet_comparison.hpp"

namespace ts {

std::size_t FleetComparison::outlierCount() const {
    std::size_t n = 0;
    for (const auto& row : cells)
        for (const auto& c : row) n += c.outlier ? 1 : 0;
    return n;
}

std::size_t FleetComparison::outlierAttributeCount() const {
    std::size_t n = 0;
    for (std::size_t a = 0; a < attributes.size(); ++a) {
        bool any = false;
        for (const auto& row : cells) any = any || (a < row.size() && row[a].outlier);
        n += any ? 1 : 0;
    }
    return n;
}

const FleetCell* FleetComparison::cell(int member, int attribute) const {
    if (member < 0 || attribute < 0 || member >= static_cast<int>(cells.size())) return nullptr;
    const auto& row = cells[static_cast<std::size_t>(member)];
    if (attribute >= static_cast<int>(row.size())) return nullptr;
    return &row[static_cast<std::size_t>(attribute)];
}

std::vector<int> FleetComparison::outlierAttributes(int member) const {
    std::vector<int> out;
    for (int a = 0; a < static_cast<int>(attributes.size()); ++a)
        if (const FleetCell* c = cell(member, a); c && c->outlier) out.push_back(a);
    return out;
}

}  // namespace ts
