#include "model/percent_text.hpp"

#include <cmath>
#include <cstdio>

namespace ts {

std::string percentText(double share, int decimals) {
    if (decimals <= 0) return std::to_string(std::lround(100 * share)) + " %";
    char text[40];
    std::snprintf(text, sizeof text, "%.*f %%", decimals, 100 * share);
    return text;
}

}  // namespace ts
