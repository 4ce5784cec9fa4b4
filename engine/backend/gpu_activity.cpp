#include "backend/gpu_activity.hpp"

namespace ts {

std::string describeProcess(const ForeignProcess& p) {
    return std::to_string(p.pid) + (p.name.empty() ? "" : " " + p.name) + " (" + p.kind + ")";
}

std::string describeProcesses(const std::vector<ForeignProcess>& ps) {
    std::string text;
    for (const auto& p : ps) text += (text.empty() ? "" : ", ") + describeProcess(p);
    return text;
}

}  // namespace ts
