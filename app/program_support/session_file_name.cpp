#include "program_support/session_file_name.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <stdexcept>
#include <fcntl.h>
#include <unistd.h>

namespace ts::app {
namespace {

std::string safe(const std::string& label) {
    std::string out;
    for (char c : label) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.') ? c : '_';
    return out.empty() ? "run" : out;
}

// The process's id, or TOPOSCOPE_TEST_PID where a test sets it.
std::string processId() {
    if (const char* fake = std::getenv("TOPOSCOPE_TEST_PID"); fake && *fake) return safe(fake);
    return std::to_string(::getpid());
}

constexpr int kMaxSuffix = 1000;

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
    // The pid keeps two runs started in the same second apart; the suffix, two with one pid.
    const std::string stem = (dir / (std::string(stamp) + "-" + safe(label) + "-" + processId())).string();
    for (int n = 1; n <= kMaxSuffix; ++n) {
        const std::string path = stem + (n == 1 ? std::string() : "-" + std::to_string(n)) + ".tss";
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0) {
            ::close(fd);
            return path;
        }
        if (errno != EEXIST) throw std::runtime_error(path + ": cannot create (" + std::strerror(errno) + ")");
    }
    throw std::runtime_error(stem + ".tss: " + std::to_string(kMaxSuffix) + " sessions of that name exist already");
}

std::unique_ptr<SessionRecorder> recordSessionTo(const std::string& path, Observer& next, const Topology* live) {
    try {
        return std::make_unique<SessionRecorder>(path, next, live);
    } catch (...) {
        std::error_code ec;
        if (std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) == 0 && !ec)
            std::filesystem::remove(path, ec);
        throw;
    }
}

std::unique_ptr<SessionRecorder> recordNewSession(const std::string& dir, const std::string& label, Observer& next,
                                                  const Topology* live) {
    return recordSessionTo(newSessionPath(dir, label), next, live);
}

}  // namespace ts::app
