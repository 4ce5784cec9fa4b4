#include "io/json_file.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "io/input_error.hpp"
#include "io/output_file.hpp"
#include "io/json_input.hpp"

namespace ts {

void writeJsonFile(const nlohmann::json& json, const std::string& path) { writeTextFile(json.dump(2) + "\n", path); }

void writeTextFile(const std::string& text, const std::string& path) {
    if (path == "-") writeStandardOutput(text);
    else writeOutputFile(path, text);
}

void writeJsonFile(const nlohmann::json& json, OutputFile& file) { file.replace(json.dump(2) + "\n"); }

nlohmann::json readJsonFile(const std::string& path) {
    return readJsonInput(path, kMaxFleetReportBytes, "JSON input");
}

}  // namespace ts
