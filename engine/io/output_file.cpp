#include "io/output_file.hpp"

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <random>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ts {
namespace {

OutputError notRegularFile(const std::string& path) {
    return OutputError(path + ": not a regular file (a device or FIFO is never replaced; write to - for standard output)");
}

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& path, const std::string& what, int error) {
    throw OutputError(path + ": " + what + " (" + std::strerror(error) + ")");
}

bool sameFile(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

std::string folderOf(const std::string& path) {
    const fs::path parent = fs::path(path).parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

void writeAll(int fd, std::string_view bytes, const std::string& path) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail(path, "cannot write", errno);
        if (n == 0) fail(path, "cannot write", ENOSPC);
        done += static_cast<std::size_t>(n);
    }
}

// A name no other writer uses: the target's name, a random part, ".part".
std::string temporaryName(const std::string& path) {
    static std::atomic<unsigned> counter{0};
    static const unsigned seed = std::random_device{}();
    std::mt19937 mix(seed ^ static_cast<unsigned>(::getpid()) ^ (counter++ * 0x9E3779B9u));
    static constexpr char kLetters[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    std::string suffix;
    for (int i = 0; i < 8; ++i) suffix.push_back(kLetters[mix() % (sizeof(kLetters) - 1)]);
    return path + "." + suffix + ".part";
}

// FILE.<8 letters or digits>.part beside FILE, left by a writer killed between writing and
// renaming it (SIGKILL, a power cut). Whoever holds FILE's claim is its only writer, so any such
// file is stale once the claim is held: it goes.
void removeStaleTemporaries(const std::string& path) {
    const fs::path target(path);
    const std::string prefix = target.filename().string() + ".";
    std::error_code ec;
    const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    for (fs::directory_iterator it(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() != prefix.size() + 8 + 5 || name.compare(0, prefix.size(), prefix) != 0 ||
            name.compare(name.size() - 5, 5, ".part") != 0)
            continue;
        const std::string middle = name.substr(prefix.size(), 8);
        if (middle.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789") != std::string::npos) continue;
        if (it->symlink_status(ec).type() == fs::file_type::regular) ::unlink(it->path().c_str());
    }
}

int createTemporary(const std::string& path, std::string& name) {
    for (int attempt = 0; attempt < 100; ++attempt) {
        name = temporaryName(path);
        const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0) return fd;
        if (errno != EEXIST) fail(path, "cannot create a temporary file beside it", errno);
    }
    fail(path, "cannot create a temporary file beside it", EEXIST);
}

// The file that replaces an existing output keeps its permissions (a 0600 report stays private)
// and, where this process may give it, its owner. A placeholder this run created keeps the new
// file's own (the umask's) mode.
void keepModeAndOwner(int existing, int replacement, bool placeholder) {
    struct stat was {};
    if (placeholder || existing < 0 || ::fstat(existing, &was) != 0) return;
    ::fchmod(replacement, was.st_mode & 07777);
    if (::fchown(replacement, was.st_uid, was.st_gid) != 0) {
    }  // only root may give a file away: elsewhere the replacement is the writer's, as any new file
}

}  // namespace

int openLockedRegularFile(const std::string& path, bool* created, bool writable) {
    const int access = writable ? O_WRONLY : O_RDONLY;
    for (int attempt = 0; attempt < 100; ++attempt) {
        bool made = false;
        // O_NONBLOCK: a FIFO planted at the path must not hang the open.
        int fd = ::open(path.c_str(), access | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0 && errno == ENOENT) {
            fd = ::open(path.c_str(), access | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
            if (fd < 0 && errno == EEXIST) continue;  // created by someone else meanwhile
            made = fd >= 0;
        }
        if (fd < 0) {
            if (errno == ELOOP) throw OutputError(path + ": is a symbolic link; not following it (give the real path)");
            if (errno == ENXIO) throw notRegularFile(path);
            fail(path, "cannot open for writing", errno);
        }
        struct stat opened {};
        if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
            ::close(fd);
            throw notRegularFile(path);
        }
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
            ::close(fd);
            throw OutputError(path + ": another process is writing it (the file is locked)");
        }  // any other error: a file system without locks (some NFS mounts); the claim is not enforced there
        // The name may have been replaced or removed between the open and the lock: then lock again.
        struct stat named {};
        if (::lstat(path.c_str(), &named) != 0 || !sameFile(opened, named)) {
            ::close(fd);
            continue;
        }
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        if (created) *created = made;
        return fd;
    }
    throw OutputError(path + ": cannot lock (the file keeps being replaced)");
}

void syncParentFolder(const std::string& path) {
    const std::string folder = folderOf(path);
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) fail(folder, "cannot open the folder to sync it", errno);
    // EINVAL: the file system cannot sync a folder; nothing more can be done there.
    if (::fsync(fd) != 0 && errno != EINVAL) {
        const int error = errno;
        ::close(fd);
        fail(folder, "cannot sync the folder", error);
    }
    ::close(fd);
}

namespace {

// The outputs this process holds, for removeOutputPlaceholders (slots, not a container: it runs
// where nothing may be allocated). An output past the last slot is simply not listed.
std::array<std::atomic<OutputFile*>, 64> liveOutputs{};

void listOutput(OutputFile* file) {
    for (auto& slot : liveOutputs) {
        OutputFile* empty = nullptr;
        if (slot.compare_exchange_strong(empty, file)) return;
    }
}

void unlistOutput(OutputFile* file) {
    for (auto& slot : liveOutputs) {
        OutputFile* expected = file;
        if (slot.compare_exchange_strong(expected, nullptr)) return;
    }
}

}  // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
    if (path_.empty()) throw OutputError("an output file needs a name");
    fd_ = openLockedRegularFile(path_, &placeholder_, false);  // replaced by rename: the lock needs no write access
    removeStaleTemporaries(path_);
    listOutput(this);
}

OutputFile::~OutputFile() {
    unlistOutput(this);
    if (fd_ < 0) return;
    removePlaceholder();
    ::close(fd_);
}

void OutputFile::removePlaceholder() noexcept {
    if (!placeholder_) return;  // written: it stays
    struct stat opened {}, named {};
    if (::fstat(fd_, &opened) == 0 && opened.st_size == 0 && ::lstat(path_.c_str(), &named) == 0 && sameFile(opened, named))
        ::unlink(path_.c_str());
    placeholder_ = false;
}

void removeOutputPlaceholders() noexcept {
    for (auto& slot : liveOutputs)
        if (OutputFile* file = slot.load()) file->removePlaceholder();
}

void OutputFile::replace(std::string_view bytes) {
    std::string temporary;
    const int fd = createTemporary(path_, temporary);
    try {
        keepModeAndOwner(fd_, fd, placeholder_);
        writeAll(fd, bytes, path_);
        if (::fsync(fd) != 0) fail(path_, "cannot sync", errno);
        ::flock(fd, LOCK_EX | LOCK_NB);  // a new file nobody else has opened: the lock moves with the rename
        if (::rename(temporary.c_str(), path_.c_str()) != 0) fail(path_, "cannot replace the file", errno);
    } catch (...) {
        ::unlink(temporary.c_str());
        ::close(fd);
        throw;
    }
    ::close(fd_);
    fd_ = fd;
    placeholder_ = false;
    syncParentFolder(path_);
}

OutputFolder::OutputFolder(std::string path) : path_(std::move(path)) {
    if (path_.empty()) throw OutputError("an output folder needs a name");
    std::error_code ec;
    fs::create_directories(path_, ec);
    if (ec && !fs::is_directory(path_)) throw OutputError(path_ + ": cannot create the folder (" + ec.message() + ")");
    fd_ = ::open(path_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd_ < 0) {
        if (errno == ENOTDIR) throw OutputError(path_ + ": not a folder");
        fail(path_, "cannot open the folder", errno);
    }
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
        ::close(fd_);
        fd_ = -1;
        throw OutputError(path_ + ": another process is writing into this folder (it is locked)");
    }  // any other error: a file system without locks (some NFS mounts); the claim is not enforced there
    // A folder that takes no new file (read-only, a read-only mount) is found now, not after the run.
    const std::string probe = (fs::path(path_) / (".toposcope-probe-" + std::to_string(::getpid()))).string();
    const int made = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (made < 0) {
        const int why = errno;
        ::close(fd_);
        fd_ = -1;
        fail(path_, "cannot write into the folder", why);
    }
    ::close(made);
    ::unlink(probe.c_str());
}

OutputFolder::~OutputFolder() {
    if (fd_ >= 0) ::close(fd_);
}

void writeOutputFile(const std::string& path, std::string_view bytes) { OutputFile(path).replace(bytes); }

void writeStandardOutput(std::string_view bytes) {
    std::cout.flush();
    std::fflush(stdout);
    writeAll(STDOUT_FILENO, bytes, "standard output");
}

}  // namespace ts
