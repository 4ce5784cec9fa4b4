#include "io/session_log.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

#include "io/crc32.hpp"
#include "io/input_error.hpp"

namespace ts {
namespace {

void putU32(std::string& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFFu));
}

std::uint32_t getU32(const std::string& bytes, std::size_t at) {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
    return v;
}

std::string systemError(const std::string& path, const std::string& what) {
    return path + ": " + what + " (" + std::strerror(errno) + ")";
}

}  // namespace

std::string frameSessionRecord(const std::string& payload) {
    std::string out;
    out.reserve(payload.size() + 8);
    putU32(out, static_cast<std::uint32_t>(payload.size()));
    putU32(out, crc32(payload.data(), payload.size()));
    out += payload;
    return out;
}

SessionLogWriter::SessionLogWriter(const std::string& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw std::runtime_error(systemError(path, "cannot create the session file"));
    try {
        writeAll(std::string(kSessionMagic, kSessionMagicSize));
    } catch (...) {
        ::close(fd_);
        throw;
    }
}

SessionLogWriter::~SessionLogWriter() {
    if (fd_ >= 0) {
        ::fdatasync(fd_);
        ::close(fd_);
    }
}

void SessionLogWriter::append(const std::string& payload) {
    if (payload.size() > kMaxSessionRecordBytes) throw std::runtime_error(path_ + ": session record too large");
    writeAll(frameSessionRecord(payload));
}

void SessionLogWriter::writeAll(const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw std::runtime_error(systemError(path_, "cannot write the session file"));
        done += static_cast<std::size_t>(n);
    }
}

void SessionLogWriter::sync() {
    if (::fdatasync(fd_) != 0) throw std::runtime_error(systemError(path_, "cannot sync the session file"));
}

SessionLog parseSessionLog(const std::string& bytes, const std::string& origin) {
    if (bytes.empty()) throw InputError(origin + ": the file is empty");
    if (bytes.compare(0, kSessionMagicSize, kSessionMagic, kSessionMagicSize) != 0)
        throw InputError(origin + ": not a TopoScope session (no \"TSSESSION/1\" header)");
    SessionLog log;
    std::size_t at = kSessionMagicSize;
    while (at < bytes.size()) {
        const std::size_t left = bytes.size() - at;
        const std::string where = "record " + std::to_string(log.records.size() + 1) + " at byte " + std::to_string(at);
        if (left < 8) {
            log.damage = where + ": torn header (" + std::to_string(left) + " bytes)";
            break;
        }
        const std::uint32_t size = getU32(bytes, at);
        const std::uint32_t crc = getU32(bytes, at + 4);
        if (size > kMaxSessionRecordBytes) {
            log.damage = where + ": absurd length " + std::to_string(size);
            break;
        }
        if (size > left - 8) {
            log.damage = where + ": torn (" + std::to_string(left - 8) + " of " + std::to_string(size) + " bytes)";
            break;
        }
        if (crc32(bytes.data() + at + 8, size) != crc) {
            log.damage = where + ": checksum mismatch";
            break;
        }
        log.records.push_back(bytes.substr(at + 8, size));
        at += 8 + size;
    }
    log.goodBytes = at;
    log.badBytes = bytes.size() - at;
    return log;
}

}  // namespace ts
