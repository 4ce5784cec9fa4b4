#include "model/count_text.hpp"

namespace ts {

std::string countText(std::int64_t count) {
    static const std::string kNarrowSpace = "\u202F";
    const std::string digits = std::to_string(count < 0 ? -static_cast<std::uint64_t>(count) : static_cast<std::uint64_t>(count));
    std::string out = count < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += kNarrowSpace;
        out += digits[i];
    }
    return out;
}

}  // namespace ts
