#include "model/build_info.hpp"

#include "toposcope_build_values.hpp"

namespace ts {
namespace {

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> items;
    std::string item;
    for (char c : text + ";") {
        if (c != ';' && c != ',') {
            item += c;
        } else if (!item.empty()) {
            items.push_back(item);
            item.clear();
        }
    }
    return items;
}

std::string joined(const std::vector<std::string>& items, const char* none) {
    if (items.empty()) return none;
    std::string text;
    for (const auto& i : items) text += (text.empty() ? "" : ", ") + i;
    return text;
}

}  // namespace

const BuildInfo& buildInfo() {
    static const BuildInfo info{TOPOSCOPE_VERSION, TOPOSCOPE_BUILD_COMMIT, splitList(TOPOSCOPE_BUILD_BACKENDS),
                                splitList(TOPOSCOPE_BUILD_CUDA_ARCHS), splitList(TOPOSCOPE_BUILD_HIP_ARCHS)};
    return info;
}

std::string versionText(const std::string& program) {
    const BuildInfo& b = buildInfo();
    return program + " " + b.version + "\ncommit: " + b.commit + "\nbackends: " + joined(b.backends, "none") +
           "\nCUDA architectures: " + joined(b.cudaArchitectures, "none (no CUDA backend)") +
           "\nHIP architectures: " + joined(b.hipArchitectures, "none (no HIP backend)");
}

}  // namespace ts
