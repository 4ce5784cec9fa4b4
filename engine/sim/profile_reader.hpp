#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace ts::sim_detail {

using Json = nlohmann::json;

std::string childPath(const std::string& path, std::string_view key);  // "compute" + "sm_count"
std::string indexPath(const std::string& path, std::size_t index);     // "caches" + 2 -> "caches[2]"

// Reads typed values out of a profile's JSON tree. Every error it raises is a ProfileError
// that names the origin and the dotted path of the field.
class ProfileReader {
public:
    ProfileReader(std::string origin, bool strict, std::vector<std::string>* warnings);

    const std::string& origin() const { return origin_; }
    [[noreturn]] void fail(const std::string& path, const std::string& problem) const;

    // Unknown keys of `object`: a warning, or an error under "strict": true.
    void checkKeys(const Json& object, const std::string& path, std::initializer_list<std::string_view> known) const;

    const Json& require(const Json& object, const std::string& path, std::string_view key) const;
    static const Json* find(const Json& object, std::string_view key);

    void expectObject(const Json& value, const std::string& path) const;
    void expectArray(const Json& value, const std::string& path) const;
    std::uint64_t integer(const Json& value, const std::string& path, std::uint64_t min, std::uint64_t max) const;
    double number(const Json& value, const std::string& path, double min, double max) const;
    std::string string(const Json& value, const std::string& path) const;  // non-empty
    bool boolean(const Json& value, const std::string& path) const;

    // Shorthands for a member `key` of `object` at `path`.
    std::uint64_t requireInt(const Json& object, const std::string& path, std::string_view key,
                             std::uint64_t min, std::uint64_t max) const;
    std::uint64_t optionalInt(const Json& object, const std::string& path, std::string_view key,
                              std::uint64_t min, std::uint64_t max, std::uint64_t fallback) const;
    double requireNumber(const Json& object, const std::string& path, std::string_view key, double min, double max) const;
    double optionalNumber(const Json& object, const std::string& path, std::string_view key, double min, double max,
                          double fallback) const;
    std::string requireString(const Json& object, const std::string& path, std::string_view key) const;

private:
    std::string origin_;
    bool strict_;
    std::vector<std::string>* warnings_;
};

// A short rendering of a JSON value for error messages.
std::string describe(const Json& value);

}  // namespace ts::sim_detail
