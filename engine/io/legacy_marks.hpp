// Reports before toposcope-report/3 (and sessions before toposcope-session/2) kept an
// attribute's marks only in its reason. This is the one place that reads reason text: it turns
// the words those writers used into marks as a file is loaded.
#pragma once
#include <vector>

#include "model/attribute.hpp"

namespace ts {

std::vector<Mark> marksFromLegacyReason(const std::string& reason);

}  // namespace ts
