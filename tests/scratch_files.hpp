#pragma once
// A fresh folder under the system's temporary directory; files written and read whole.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include <nlohmann/json.hpp>

namespace ts::test {

// A path under the temporary directory that no other test process uses at the same time (two
// test runs at once, or two tests of one run, do not clean each other's files away).
inline std::filesystem::path uniqueTempPath(const std::string& name) {
    return std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
}

inline std::filesystem::path scratchDir(const std::string& prefix, const std::string& name) {
    const std::filesystem::path dir = uniqueTempPath(prefix + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

inline void writeBytes(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

inline std::string bytesOf(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline nlohmann::json readJson(const std::filesystem::path& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

}  // namespace ts::test
