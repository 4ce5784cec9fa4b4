#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace ts {

class OutputFile;

// Writes pretty JSON to `path` ("-" = stdout) with writeOutputFile (io/output_file.hpp): no link
// followed, a unique temporary file, synced and renamed. Throws OutputError naming the file.
void writeJsonFile(const nlohmann::json& json, const std::string& path);
// The same into a file this process has claimed (OutputFile).
void writeJsonFile(const nlohmann::json& json, OutputFile& file);

// The same for any text.
void writeTextFile(const std::string& text, const std::string& path);

// Reads and parses a JSON file; InputError names the file and the problem.
nlohmann::json readJsonFile(const std::string& path);

}  // namespace ts
