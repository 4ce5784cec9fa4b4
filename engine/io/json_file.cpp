#include "io/json_file.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "io/input_error.hpp"
#include "io/json_input.hpp"

namespace ts {

void writeJsonFile(const nlohmann::json& json, const std::string& path) {
    const std::string text = json.dump(2) + "\n";
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
    return readJsonInput(path, kMaxFleetReportBytes, "JSON input");
}

}  // namespace ts
