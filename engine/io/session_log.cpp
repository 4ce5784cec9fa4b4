#include "io/session_log.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>
#include <vector>

#include "io/crc32.hpp"
#include "io/input_error.hpp"
#include "io/output_file.hpp"

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
    try {
        fd_ = openLockedRegularFile(path, nullptr, true);  // no link followed, no FIFO, one writer at a time
    } catch (const OutputError& e) {
        throw std::runtime_error(e.what());
    }
    int flags = ::fcntl(fd_, F_GETFL);
    if (::ftruncate(fd_, 0) != 0 || flags < 0 || ::fcntl(fd_, F_SETFL, flags | O_APPEND) != 0) {
        const std::string why = systemError(path, "cannot start the session file");
        ::close(fd_);
        throw std::runtime_error(why);
    }
    try {
        writeAll(std::string(kSessionMagic, kSessionMagicSize));
        sync();
        syncParentFolder(path);  // the file's name survives a power loss too
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
        if (n == 0) errno = ENOSPC;
        if (n <= 0) throw std::runtime_error(systemError(path_, "cannot write the session file"));
        done += static_cast<std::size_t>(n);
    }
}

void SessionLogWriter::sync() {
    if (::fdatasync(fd_) != 0) throw std::runtime_error(systemError(path_, "cannot sync the session file"));
}

SessionLogReader::SessionLogReader(std::uint64_t size, ReadAt read, std::string origin)
    : size_(size), read_(std::move(read)), origin_(std::move(origin)) {
    if (size_ == 0) throw InputError(origin_ + ": the file is empty");
    char magic[kSessionMagicSize];
    if (size_ < kSessionMagicSize || !read_(0, magic, kSessionMagicSize) ||
        std::memcmp(magic, kSessionMagic, kSessionMagicSize) != 0)
        throw InputError(origin_ + ": not a TopoScope session (no \"TSSESSION/1\" header)");
    at_ = kSessionMagicSize;
}

bool SessionLogReader::stop(std::string why) {
    damage_ = "record " + std::to_string(records_ + 1) + " at byte " + std::to_string(at_) + ": " + why;
    return false;
}

void SessionLogReader::damagedAt(std::uint64_t offset, std::string why) {
    at_ = std::min(offset, size_);
    if (records_ > 0) --records_;
    stop(std::move(why));
}

bool SessionLogReader::checksumMatches(std::uint64_t offset, std::uint32_t size, std::uint32_t crc) {
    std::vector<char> chunk(std::min<std::size_t>(size, 1u << 20));
    std::uint32_t c = 0;
    for (std::uint64_t done = 0; done < size;) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), size - done));
        if (!read_(offset + done, chunk.data(), n)) return false;
        c = crc32(chunk.data(), n, c);
        done += n;
    }
    return c == crc;
}

bool SessionLogReader::next(std::string& payload) {
    if (!damage_.empty() || at_ >= size_) return false;
    const std::uint64_t left = size_ - at_;
    if (left < 8) return stop("torn header (" + std::to_string(left) + " bytes)");
    char header[8];
    if (!read_(at_, header, 8)) return stop("the file ended while it was read");
    const std::string head(header, 8);
    const std::uint32_t size = getU32(head, 0);
    const std::uint32_t crc = getU32(head, 4);
    // Zeros where a header belongs: a power loss that kept the file's length but not its last
    // blocks. No writer makes an empty record, and the CRC of nothing is 0, so it must be said here.
    if (size == 0) return stop(crc == 0 ? "zero bytes (a torn end)" : "empty record");
    if (size > kMaxSessionRecordBytes) return stop("absurd length " + std::to_string(size));
    if (size > left - 8) return stop("torn (" + std::to_string(left - 8) + " of " + std::to_string(size) + " bytes)");
    // Large claimed records are checksummed in pieces first, so damage costs no allocation.
    if (size > (1u << 20) && !checksumMatches(at_ + 8, size, crc)) return stop("checksum mismatch");
    payload.resize(size);
    if (!read_(at_ + 8, payload.data(), size)) return stop("the file ended while it was read");
    if (crc32(payload.data(), size) != crc) return stop("checksum mismatch");
    at_ += 8 + size;
    ++records_;
    return true;
}

SessionLogReader sessionLogReader(const std::string& bytes, const std::string& origin) {
    return SessionLogReader(
        bytes.size(),
        [&bytes](std::uint64_t offset, char* out, std::size_t size) {
            if (offset > bytes.size() || size > bytes.size() - offset) return false;
            std::memcpy(out, bytes.data() + offset, size);
            return true;
        },
        origin);
}

SessionLog parseSessionLog(const std::string& bytes, const std::string& origin) {
    SessionLogReader reader = sessionLogReader(bytes, origin);
    SessionLog log;
    std::string payload;
    while (reader.next(payload)) log.records.push_back(payload);
    log.goodBytes = reader.goodBytes();
    log.badBytes = reader.badBytes();
    log.damage = reader.damage();
    return log;
}

}  // namespace ts
