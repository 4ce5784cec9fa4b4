#pragma once
#include <string>

namespace ts {

// A share as a percentage for messages: "38 %" (decimals 0) or "12.5 %" (decimals 1).
std::string percentText(double share, int decimals = 0);

}  // namespace ts
