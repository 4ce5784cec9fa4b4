#include "sim/profile_reader.hpp"

#include <cmath>
#include <utility>

#include "io/input_file.hpp"
#include "io/json_input.hpp"
#include "sim/profile.hpp"

namespace ts::sim_detail {

std::string childPath(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string indexPath(const std::string& path, std::size_t index) {
    return path + "[" + std::to_string(index) + "]";
}

std::string describe(const Json& value) { return describeJson(value); }

ProfileReader::ProfileReader(std::string origin, bool strict, std::vector<std::string>* warnings)
    : origin_(std::move(origin)), strict_(strict), warnings_(warnings) {}

void ProfileReader::fail(const std::string& path, const std::string& problem) const {
    throw ProfileError(origin_ + ": " + (path.empty() ? std::string() : path + ": ") + problem);
}

void ProfileReader::checkKeys(const Json& object, const std::string& path,
                              std::initializer_list<std::string_view> known) const {
    for (const auto& [key, value] : object.items()) {
        bool isKnown = false;
        for (std::string_view k : known) isKnown = isKnown || k == key;
        if (isKnown) continue;
        const std::string where = childPath(path, cutForMessage(key));
        if (strict_) fail(where, "unknown key (not allowed under \"strict\": true)");
        if (warnings_) warnings_->push_back(origin_ + ": " + where + ": unknown key, ignored");
    }
}

const Json* ProfileReader::find(const Json& object, std::string_view key) {
    auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json& ProfileReader::require(const Json& object, const std::string& path, std::string_view key) const {
    const Json* value = find(object, key);
    if (!value) fail(childPath(path, key), "missing required key");
    return *value;
}

void ProfileReader::expectObject(const Json& value, const std::string& path) const {
    if (!value.is_object()) fail(path, "expected an object, got " + describe(value));
}

void ProfileReader::expectArray(const Json& value, const std::string& path) const {
    if (!value.is_array()) fail(path, "expected an array, got " + describe(value));
}

std::uint64_t ProfileReader::integer(const Json& value, const std::string& path, std::uint64_t min,
                                     std::uint64_t max) const {
    const std::string kind = min >= 1 ? "a positive integer" : "a non-negative integer";
    if (value.is_number_unsigned()) {
        const auto v = value.get<std::uint64_t>();
        if (v < min) fail(path, min == 1 ? "expected " + kind + ", got " + describe(value)
                                         : "must be at least " + std::to_string(min) + ", got " + describe(value));
        if (v > max) fail(path, "must be at most " + std::to_string(max) + ", got " + describe(value));
        return v;
    }
    if (value.is_number_integer()) fail(path, "expected " + kind + ", got " + describe(value));  // negative
    if (value.is_number_float()) {
        const double d = value.get<double>();
        // 1.98e6 is fine; 1.5 is not.
        if (std::isfinite(d) && d >= 0 && d == std::floor(d) && d <= 1.8e19) {
            const auto v = static_cast<std::uint64_t>(d);
            if (v >= min && v <= max) return v;
            if (v > max) fail(path, "must be at most " + std::to_string(max) + ", got " + describe(value));
        }
    }
    fail(path, "expected " + kind + ", got " + describe(value));
}

double ProfileReader::number(const Json& value, const std::string& path, double min, double max) const {
    if (!value.is_number()) fail(path, "expected a number, got " + describe(value));
    const double d = value.get<double>();
    if (!std::isfinite(d) || d < min || d > max) {
        auto text = [](double x) {
            std::string s = std::to_string(x);
            while (s.size() > 1 && s.back() == '0') s.pop_back();
            if (!s.empty() && s.back() == '.') s.pop_back();
            return s;
        };
        fail(path, "must be between " + text(min) + " and " + text(max) + ", got " + describe(value));
    }
    return d;
}

std::string ProfileReader::string(const Json& value, const std::string& path) const {
    if (!value.is_string()) fail(path, "expected a string, got " + describe(value));
    auto s = value.get<std::string>();
    if (s.empty()) fail(path, "must not be empty");
    return s;
}

bool ProfileReader::boolean(const Json& value, const std::string& path) const {
    if (!value.is_boolean()) fail(path, "expected true or false, got " + describe(value));
    return value.get<bool>();
}

std::uint64_t ProfileReader::requireInt(const Json& object, const std::string& path, std::string_view key,
                                        std::uint64_t min, std::uint64_t max) const {
    return integer(require(object, path, key), childPath(path, key), min, max);
}

std::uint64_t ProfileReader::optionalInt(const Json& object, const std::string& path, std::string_view key,
                                         std::uint64_t min, std::uint64_t max, std::uint64_t fallback) const {
    const Json* value = find(object, key);
    return value ? integer(*value, childPath(path, key), min, max) : fallback;
}

double ProfileReader::requireNumber(const Json& object, const std::string& path, std::string_view key, double min,
                                    double max) const {
    return number(require(object, path, key), childPath(path, key), min, max);
}

double ProfileReader::optionalNumber(const Json& object, const std::string& path, std::string_view key, double min,
                                     double max, double fallback) const {
    const Json* value = find(object, key);
    return value ? number(*value, childPath(path, key), min, max) : fallback;
}

std::string ProfileReader::requireString(const Json& object, const std::string& path, std::string_view key) const {
    return string(require(object, path, key), childPath(path, key));
}

}  // namespace ts::sim_detail
