#include "io/input_file.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/input_error.hpp"

namespace ts {
namespace {

std::string sizeText(std::uint64_t bytes) {
    if (bytes >= (1ull << 20)) return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= (1ull << 10)) return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string kindOf(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO (pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

}  // namespace

InputFile::InputFile(const std::string& path, std::uint64_t maxBytes, std::string_view what)
    : path_(path), what_(what), maxBytes_(maxBytes), buffer_(std::make_unique<char[]>(kChunk)) {
    // O_NONBLOCK: opening a FIFO without a writer must not wait; the type check refuses it next.
    fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd_ < 0) throw InputError(path + ": cannot open: " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd_, &st) != 0) {
        const int error = errno;
        ::close(fd_);
        throw InputError(path + ": cannot read: " + std::strerror(error));
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd_);
        throw InputError(path + ": " + kindOf(st.st_mode) + ", not a " + what_ + " file");
    }
    size_ = static_cast<std::uint64_t>(st.st_size);
    if (size_ > maxBytes_) {
        ::close(fd_);
        throw InputError(path + ": " + sizeText(size_) + ", larger than any " + what_ + " (at most " +
                         sizeText(maxBytes_) + ")");
    }
    const int flags = ::fcntl(fd_, F_GETFL);
    if (flags >= 0) ::fcntl(fd_, F_SETFL, flags & ~O_NONBLOCK);
}

InputFile::~InputFile() {
    if (fd_ >= 0) ::close(fd_);
}

bool InputFile::refill() {
    if (consumed_ > maxBytes_) return false;
    ssize_t n = 0;
    do {
        n = ::read(fd_, buffer_.get(), kChunk);
    } while (n < 0 && errno == EINTR);
    if (n < 0) throw InputError(path_ + ": read error: " + std::strerror(errno));
    if (n == 0) return false;
    consumed_ += static_cast<std::uint64_t>(n);
    if (consumed_ > maxBytes_)
        throw InputError(path_ + ": grew beyond " + sizeText(maxBytes_) + " while being read, larger than any " + what_);
    pos_ = 0;
    end_ = static_cast<std::size_t>(n);
    return true;
}

std::string readInputFile(const std::string& path, std::uint64_t maxBytes, std::string_view what) {
    InputFile in(path, maxBytes, what);
    std::string text;
    text.reserve(static_cast<std::size_t>(in.size()));
    for (int c = in.get(); c >= 0; c = in.get()) text.push_back(static_cast<char>(c));
    return text;
}

std::string cutForMessage(std::string_view text, std::size_t maxChars) {
    std::string out;
    for (std::size_t i = 0; i < text.size() && i < maxChars; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        out.push_back(c < 0x20 || c == 0x7f ? '?' : static_cast<char>(c));
    }
    if (text.size() > maxChars) out += "... (" + std::to_string(text.size()) + " characters)";
    return out;
}

}  // namespace ts
