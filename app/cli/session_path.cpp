#include "session_path.hpp"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "common/session_file_name.hpp"

namespace ts::cli {
namespace fs = std::filesystem;

namespace {

fs::path dataHome() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg == '/') return xdg;
    const char* home = std::getenv("HOME");
    if (!home || !*home) throw std::runtime_error("neither XDG_DATA_HOME nor HOME is set");
    return fs::path(home) / ".local" / "share";
}

}  // namespace

std::string defaultSessionPath(const std::string& label) {
    return app::newSessionPath((dataHome() / "toposcope" / "sessions").string(), label);
}

}  // namespace ts::cli
