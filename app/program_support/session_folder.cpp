#include "program_support/session_folder.hpp"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace ts::app {

std::string sessionFolder() {
    namespace fs = std::filesystem;
    fs::path dataHome;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg == '/') {
        dataHome = xdg;
    } else {
        const char* home = std::getenv("HOME");
        if (!home || !*home) throw std::runtime_error("neither XDG_DATA_HOME nor HOME is set");
        dataHome = fs::path(home) / ".local" / "share";
    }
    return (dataHome / "toposcope" / "sessions").string();
}

}  // namespace ts::app
