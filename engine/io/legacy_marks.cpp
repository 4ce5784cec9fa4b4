#include "io/legacy_marks.hpp"

#include <string_view>

namespace ts {
namespace {

// The words of the /1 and /2 writers, frozen: the engine may word its reasons differently now.
struct LegacyWords {
    Mark mark;
    std::string_view words;
};

constexpr LegacyWords kLegacyWords[] = {
    {Mark::SharedGpu, "shared GPU"},
    {Mark::OccupancyLimited, "the lines it leaves in the cache between our kernels move this capacity"},
    {Mark::Projected, "projected from the whole GPU, not measured inside this instance"},
};

// How those writers began the warning that another process used the GPU.
constexpr std::string_view kLegacySharedGpuWarning = "shared GPU: ";

}  // namespace

std::optional<std::string> sharedGpuFromLegacyWarnings(const std::vector<std::string>& warnings) {
    std::optional<std::string> mark;
    for (const auto& w : warnings)
        if (w.starts_with(kLegacySharedGpuWarning)) mark = w;
    return mark;
}

std::vector<Mark> marksFromLegacyReason(const std::string& reason) {
    std::vector<Mark> marks;
    for (const auto& w : kLegacyWords)
        if (reason.find(w.words) != std::string::npos) marks.push_back(w.mark);
    return marks;
}

}  // namespace ts
