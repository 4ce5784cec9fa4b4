#include "common/session_file_name.hpp"

#include <cctype>
#include <ctime>
#include <filesystem>
#include <stdexcept>
#include <unistd.h>

namespace ts::app {
namespace {

std::string safe(const std::string& label) {
    std::string out;
    for (char c : label) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.') ? c : '_';
    return out.empty() ? "run" : out;
}

}  // namespace

std::string newSessionPath(const std::string& dirName, const std::string& label) {
    namespace fs = std::filesystem;
    const fs::path dir(dirName);
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir, ec))
        throw std::runtime_error(dir.string() + ": cannot create the folder (" +
                                 (ec ? ec.message() : std::string("a file of that name is in the way")) + ")");
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    // The pid keeps two runs started in the same second apart.
    return (dir / (std::string(stamp) + "-" + safe(label) + "-" + std::to_string(::getpid()) + ".tss")).string();
}

}  // namespace ts::app
