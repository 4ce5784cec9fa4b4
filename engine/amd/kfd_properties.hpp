#pragma once
// Reading one KFD sysfs "properties" file: lines of "name value", the value a decimal integer.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ts::amd {

class KfdProperties {
public:
    // Parses `text`; lines that are not "name integer" become warnings naming `origin`.
    static KfdProperties parse(const std::string& text, const std::string& origin, std::vector<std::string>& warnings);

    bool has(const std::string& name) const { return values_.count(name) != 0; }
    // The value when present and within [min, max]; otherwise nullopt, and a warning when
    // present but out of range.
    std::optional<std::uint64_t> get(const std::string& name, std::uint64_t min, std::uint64_t max,
                                     std::vector<std::string>& warnings) const;
    // Like get, but 0 when absent or out of range.
    std::uint64_t getOr0(const std::string& name, std::uint64_t max, std::vector<std::string>& warnings) const;
    const std::map<std::string, std::string>& raw() const { return raw_; }
    const std::string& origin() const { return origin_; }

private:
    std::string origin_;
    std::map<std::string, std::string> raw_;        // every "name value" line, value as text
    std::map<std::string, std::uint64_t> values_;   // the values that are non-negative integers
};

// sysfs attributes hold at most a page (4 KiB); a 1 MiB limit refuses only what is not one.
constexpr std::uint64_t kMaxSysfsFileBytes = 1u << 20;

// Reads a small sysfs file; nullopt, and the reason in `problem`, when it is missing, not a
// regular file or larger than kMaxSysfsFileBytes.
std::optional<std::string> readSmallFile(const std::string& path, std::string* problem = nullptr);

}  // namespace ts::amd
