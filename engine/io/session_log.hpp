#pragma once
// The framing of a session file: a magic line, then records of
//   u32 payload length (little endian) | u32 CRC-32 of the payload | payload (UTF-8 JSON).
// A writer only appends; a reader keeps every whole record and stops at the first torn or damaged one.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ts {

inline constexpr char kSessionMagic[] = "TSSESSION/1\n";   // 12 bytes, no terminator written
inline constexpr std::size_t kSessionMagicSize = sizeof(kSessionMagic) - 1;
inline constexpr std::uint32_t kMaxSessionRecordBytes = 256u << 20;  // larger is damage, not data

// Appends records to a session file with one write() each, so a killed process leaves whole
// records and at most one torn last record. The file is locked for as long as the writer lives
// (a second writer gets an error instead of truncating it), a link at `path` is refused, and the
// file and its folder are synced once created. Throws std::runtime_error naming the file.
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

// Reads the records one at a time, holding one payload in memory: a file of any size is read in
// bounded memory, and a record is checksummed before it is kept (a huge claimed length costs a
// pass over the bytes, not an allocation, unless they really are that record).
class SessionLogReader {
public:
    // Reads `size` bytes at `offset` into `out`; false when fewer are there.
    using ReadAt = std::function<bool(std::uint64_t offset, char* out, std::size_t size)>;

    // Checks the magic: InputError naming `origin` when the bytes are empty or not a session.
    SessionLogReader(std::uint64_t size, ReadAt read, std::string origin);

    // The next whole record's payload. False at the end of the bytes, or at the first torn or
    // damaged record (a short one, an empty one, an absurd length, a checksum that does not
    // match): damage() then says which, and nothing after it is read.
    bool next(std::string& payload);
    // The record that began at `offset` is damaged after all (the caller found it so).
    void damagedAt(std::uint64_t offset, std::string why);

    std::size_t records() const { return records_; }
    std::uint64_t goodBytes() const { return at_; }         // up to the end of the last whole record
    std::uint64_t badBytes() const { return size_ - at_; }  // after it
    const std::string& damage() const { return damage_; }   // empty when the bytes ended cleanly

private:
    bool stop(std::string why);
    bool checksumMatches(std::uint64_t offset, std::uint32_t size, std::uint32_t crc);

    std::uint64_t size_;
    ReadAt read_;
    std::string origin_;
    std::uint64_t at_ = 0;
    std::size_t records_ = 0;
    std::string damage_;
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

// A reader over bytes in memory (`bytes` must outlive it).
SessionLogReader sessionLogReader(const std::string& bytes, const std::string& origin);

// One framed record, as append() writes it (for tests and tools).
std::string frameSessionRecord(const std::string& payload);

}  // namespace ts
