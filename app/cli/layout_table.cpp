#include "layout_table.hpp"

#include <algorithm>
#include <iomanip>
#include <set>
#include <string>

#include "model/attribute_names.hpp"

namespace ts::cli {
namespace {

// "0-1, 16-17, 32-33": runs of consecutive ids.
std::string ranges(const std::vector<int>& ids) {
    std::string text;
    for (std::size_t i = 0; i < ids.size();) {
        std::size_t j = i;
        while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
        text += (text.empty() ? "" : ", ") + std::to_string(ids[i]) + (j > i ? "-" + std::to_string(ids[j]) : "");
        i = j + 1;
    }
    return text;
}

}  // namespace

void printLayoutTable(std::ostream& out, const Topology& topology) {
    const Attribute* gpcs = topology.find(Element::Compute, attr::gpcs);
    if (!gpcs || !gpcs->isDecided() || gpcs->groups.empty()) return;
    const Attribute* tpcs = topology.find(Element::Compute, attr::tpcs);
    const bool pairs = tpcs && tpcs->isDecided();
    out << "\nSM layout (" << (gpcs->lowerBound ? "at least " : "") << gpcs->groups.size() << " GPCs, confidence "
        << std::fixed << std::setprecision(2) << gpcs->confidence << std::defaultfloat << "; thread-block clusters):\n";
    std::set<int> placed;
    for (std::size_t g = 0; g < gpcs->groups.size(); ++g) {
        const auto& sms = gpcs->groups[g];
        placed.insert(sms.begin(), sms.end());
        out << "  GPC " << std::setw(2) << std::left << g << std::right << " " << std::setw(3) << sms.size() << " SMs";
        if (pairs) {
            const auto inThis = std::count_if(tpcs->groups.begin(), tpcs->groups.end(), [&](const std::vector<int>& t) {
                return std::find(sms.begin(), sms.end(), t.front()) != sms.end();
            });
            out << ", " << std::setw(2) << inThis << " TPCs";
        }
        out << ": " << ranges(sms) << '\n';
    }
    std::vector<int> left;
    for (int u = 0; u < topology.device.unitCount; ++u)
        if (!placed.count(topology.device.physicalId(u))) left.push_back(topology.device.physicalId(u));
    std::sort(left.begin(), left.end());
    if (!left.empty()) out << "  in no GPC found: " << ranges(left) << " (only clusters of two ran there)\n";
}

}  // namespace ts::cli
