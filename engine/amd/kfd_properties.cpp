#include "amd/kfd_properties.hpp"

#include <charconv>
#include <sstream>

#include "io/input_error.hpp"
#include "io/input_file.hpp"

namespace ts::amd {

KfdProperties KfdProperties::parse(const std::string& text, const std::string& origin,
                                   std::vector<std::string>& warnings) {
    KfdProperties p;
    p.origin_ = origin;
    std::istringstream in(text);
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::istringstream fields(line);
        std::string name, value, extra;
        fields >> name >> value;
        if (value.empty() || (fields >> extra)) {
            warnings.push_back(origin + ":" + std::to_string(lineNo) + ": not a \"name value\" line: '" +
                               line.substr(0, 60) + "'");
            continue;
        }
        p.raw_[name] = value;
        if (name == "sibling_map") continue;  // a list, read by the cache parser
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (ec != std::errc() || end != value.data() + value.size()) {
            const bool negative = !value.empty() && value[0] == '-';
            warnings.push_back(origin + ": " + cutForMessage(name) + " = '" + value.substr(0, 40) + "' is " +
                               (negative ? "negative" : "not a non-negative integer") + ": ignored");
            continue;
        }
        p.values_[name] = v;
    }
    return p;
}

std::optional<std::uint64_t> KfdProperties::get(const std::string& name, std::uint64_t min, std::uint64_t max,
                                                std::vector<std::string>& warnings) const {
    const auto it = values_.find(name);
    if (it == values_.end()) return std::nullopt;
    if (it->second < min || it->second > max) {
        warnings.push_back(origin_ + ": " + name + " = " + std::to_string(it->second) + " is outside " +
                           std::to_string(min) + ".." + std::to_string(max) + ": ignored");
        return std::nullopt;
    }
    return it->second;
}

std::uint64_t KfdProperties::getOr0(const std::string& name, std::uint64_t max, std::vector<std::string>& warnings) const {
    return get(name, 0, max, warnings).value_or(0);
}

std::optional<std::string> readSmallFile(const std::string& path, std::string* problem) {
    try {
        return readInputFile(path, kMaxSysfsFileBytes, "sysfs attribute");
    } catch (const InputError& e) {
        if (problem) *problem = e.what();
        return std::nullopt;
    }
}

}  // namespace ts::amd
