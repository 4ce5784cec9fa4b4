#include "value_text.hpp"

#include <cmath>
#include <cstdint>
#include <iomanip>
#include <sstream>

#include "model/byte_text.hpp"
#include "model/attribute_names.hpp"

namespace ts::cli {

std::string valueText(const Attribute& a) {
    std::ostringstream v;
    const bool whole = std::isfinite(a.value) && a.value == std::floor(a.value) && std::fabs(a.value) < 9.0e15;
    if (whole) v << static_cast<long long>(a.value);
    else v << std::setprecision(6) << a.value;
    if (!a.unit.empty()) v << ' ' << a.unit;
    if (whole && a.unit == unit::bytes && a.value >= 1024.0 * 1024.0)
        v << " (" << bytesText(static_cast<std::uint64_t>(a.value)) << ')';
    return v.str();
}

}  // namespace ts::cli
