#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace ts {

// Writes pretty JSON to `path` ("-" = stdout) through a temporary file and a rename,
// so a full disk or a crash never leaves half a file. Throws std::runtime_error.
void writeJsonFile(const nlohmann::json& json, const std::string& path);

// The same for any text.
void writeTextFile(const std::string& text, const std::string& path);

// Reads and parses a JSON file; InputError names the file and the problem.
nlohmann::json readJsonFile(const std::string& path);

}  // namespace ts
