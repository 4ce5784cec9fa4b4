#include "io/json_file.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "io/input_error.hpp"

namespace ts {

void writeJsonFile(const nlohmann::json& json, const std::string& path) { writeTextFile(json.dump(2) + "\n", path); }

void writeTextFile(const std::string& text, const std::string& path) {
    if (path == "-") {
        std::cout << text << std::flush;
        return;
    }
    const std::string temporary = path + ".part";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error(path + ": cannot open for writing");
        out << text;
        out.flush();
        if (!out) {
            std::remove(temporary.c_str());
            throw std::runtime_error(path + ": write failed (disk full?)");
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        throw std::runtime_error(path + ": cannot replace the file");
    }
}

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
