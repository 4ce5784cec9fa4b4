#pragma once
// Reading outside input without trusting it: a regular file (never a FIFO, a device or a
// folder, which could block or never end), checked for its size before the first byte is read,
// then read in chunks with the limit enforced again (a file may grow, and /proc or sysfs
// files report a size of 0 or 4096 whatever they hold).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace ts {

// Errors are InputError: "<path>: <problem>".
class InputFile {
public:
    // `what` names the kind of input in messages ("profile", "MT4G raw series").
    InputFile(const std::string& path, std::uint64_t maxBytes, std::string_view what);
    ~InputFile();
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    // The next byte, or -1 at the end of the file.
    int get() {
        if (pos_ == end_ && !refill()) return -1;
        return static_cast<unsigned char>(buffer_[pos_++]);
    }

    const std::string& path() const { return path_; }
    std::uint64_t size() const { return size_; }  // as stat reported it

private:
    bool refill();

    std::string path_;
    std::string what_;
    std::uint64_t maxBytes_;
    std::uint64_t size_ = 0;
    std::uint64_t consumed_ = 0;
    int fd_ = -1;
    static constexpr std::size_t kChunk = 64 * 1024;
    std::unique_ptr<char[]> buffer_;  // on the heap: loaders also run on worker threads
    std::size_t pos_ = 0, end_ = 0;
};

// The whole of a small input file, read through InputFile's checks.
std::string readInputFile(const std::string& path, std::uint64_t maxBytes, std::string_view what);

// At most `maxChars` of `text` for an error message, with "..." and the full length when cut;
// control characters become '?', so a message never carries binary data or a terminal escape.
std::string cutForMessage(std::string_view text, std::size_t maxChars = 60);

}  // namespace ts
