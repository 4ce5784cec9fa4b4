#include "io/json_file.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "io/input_error.hpp"
#include "io/output_file.hpp"

namespace ts {

void writeJsonFile(const nlohmann::json& json, const std::string& path) { writeTextFile(json.dump(2) + "\n", path); }

void writeTextFile(const std::string& text, const std::string& path) {
    if (path == "-") writeStandardOutput(text);
    else writeOutputFile(path, text);
}

void writeJsonFile(const nlohmann::json& json, OutputFile& file) { file.replace(json.dump(2) + "\n"); }

nlohmann::json readJsonFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot open the file");
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    if (text.empty()) throw InputError(path + ": the file is empty");
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw InputError(path + ": not valid JSON (" + std::string(e.what()) + ")");
    }
}

}  // namespace ts
