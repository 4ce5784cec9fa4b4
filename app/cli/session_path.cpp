#include "session_path.hpp"

#include <cctype>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <stdexcept>
#include <unistd.h>

namespace ts::cli {
namespace fs = std::filesystem;

namespace {

fs::path dataHome() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg == '/') return xdg;
    const char* home = std::getenv("HOME");
    if (!home || !*home) throw std::runtime_error("neither XDG_DATA_HOME nor HOME is set");
    return fs::path(home) / ".local" / "share";
}

std::string safe(const std::string& label) {
    std::string out;
    for (char c : label) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.') ? c : '_';
    return out.empty() ? "run" : out;
}

}  // namespace

std::string defaultSessionPath(const std::string& label) {
    const fs::path dir = dataHome() / "toposcope" / "sessions";
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw std::runtime_error(dir.string() + ": cannot create the folder (" + ec.message() + ")");
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    // The pid keeps two runs started in the same second apart.
    return (dir / (std::string(stamp) + "-" + safe(label) + "-" + std::to_string(::getpid()) + ".tss")).string();
}

}  // namespace ts::cli
