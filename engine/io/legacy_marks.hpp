// Reports before toposcope-report/3 (and sessions before toposcope-session/2) kept an
// attribute's marks only in its reason, and the run's shared-GPU mark only in a warning. This is
// the one place that reads reason or warning text: it turns the words those writers used into
// marks as a file is loaded.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/attribute.hpp"

namespace ts {

std::vector<Mark> marksFromLegacyReason(const std::string& reason);
// The run's shared-GPU mark (Topology::sharedGpu): the last warning those writers began with it.
std::optional<std::string> sharedGpuFromLegacyWarnings(const std::vector<std::string>& warnings);

}  // namespace ts
