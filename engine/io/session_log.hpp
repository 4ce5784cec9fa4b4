#pragma once
// The framing of a session file: a magic line, then records of
//   u32 payload length (little endian) | u32 CRC-32 of the payload | payload (UTF-8 JSON).
// A writer only appends; a reader keeps every whole record and stops at the first torn or damaged one.
#include <cstdint>
#include <string>
#include <vector>

namespace ts {

inline constexpr char kSessionMagic[] = "TSSESSION/1\n";   // 12 bytes, no terminator written
inline constexpr std::size_t kSessionMagicSize = sizeof(kSessionMagic) - 1;
inline constexpr std::uint32_t kMaxSessionRecordBytes = 256u << 20;  // larger is damage, not data

// Appends records to a session file with one write() each, so a killed process leaves whole
// records and at most one torn last record. Throws std::runtime_error naming the file.
class SessionLogWriter {
public:
    explicit SessionLogWriter(const std::string& path);  // creates or truncates, writes the magic
    ~SessionLogWriter();
    SessionLogWriter(const SessionLogWriter&) = delete;
    SessionLogWriter& operator=(const SessionLogWriter&) = delete;

    void append(const std::string& payload);
    void sync();  // fdatasync: the records so far survive a power loss too
    const std::string& path() const { return path_; }

private:
    void writeAll(const std::string& bytes);  // one write() unless the kernel splits it

    std::string path_;
    int fd_ = -1;
};

struct SessionLog {
    std::vector<std::string> records;  // payloads of the whole, checksummed records, in order
    std::uint64_t goodBytes = 0;       // bytes up to the end of the last whole record
    std::uint64_t badBytes = 0;        // bytes after it (a torn last record, or damage)
    std::string damage;                // why reading stopped early; empty when the file ended cleanly
};

// Splits `bytes` (a whole session file) into records. Throws InputError naming `origin` when the
// magic is missing; a torn or damaged tail is reported in `damage`, never thrown.
SessionLog parseSessionLog(const std::string& bytes, const std::string& origin);

// One framed record, as append() writes it (for tests and tools).
std::string frameSessionRecord(const std::string& payload);

}  // namespace ts
