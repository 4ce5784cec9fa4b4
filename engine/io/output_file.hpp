#pragma once
// The one way TopoScope creates an output file (reports, raw series, PDFs, fleet files).
// Rules (docs/cli.md#output-files):
// - a symbolic link is never followed: an output path that is a link is refused;
// - every write is checked through close, and a failure names the file;
// - the content goes to a unique temporary file beside the target (created O_EXCL), is synced,
//   and replaces the target by a rename, after which the folder is synced: a crash, a full disk
//   or a second writer never leaves half a file;
// - while a process holds an output, another one that tries to claim it gets an OutputError.
#include <stdexcept>
#include <string>
#include <string_view>

namespace ts {

// A failure to create, lock or write an output; the message names the path and the cause.
class OutputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Claims `path` for this process until destroyed: an exclusive lock on the file at `path`
// (created empty when there is none yet, removed again if nothing was written into it).
// Throws OutputError when the path is a link or not a regular file, or another process holds it.
class OutputFile {
public:
    explicit OutputFile(std::string path);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // Replaces the file's content with `bytes` (temporary file, sync, rename, folder sync);
    // the lock moves to the new file. Throws OutputError naming the path.
    void replace(std::string_view bytes);
    const std::string& path() const { return path_; }
    // Removes the file if this process created it empty for the lock and wrote nothing into it.
    void removePlaceholder() noexcept;

private:
    std::string path_;
    int fd_ = -1;           // the locked file
    bool placeholder_ = false;  // this process created the file empty and has not written it yet
};

// Every held output's removePlaceholder, for a program that ends without unwinding (out of
// memory in a destructor: app/program_support/memory_reserve.cpp). Allocates nothing.
void removeOutputPlaceholders() noexcept;

// Claims a folder for this process: an exclusive lock on the folder itself, created when missing.
// Throws OutputError when it cannot be made, is not a folder, or another process holds it.
class OutputFolder {
public:
    explicit OutputFolder(std::string path);
    ~OutputFolder();
    OutputFolder(const OutputFolder&) = delete;
    OutputFolder& operator=(const OutputFolder&) = delete;
    const std::string& path() const { return path_; }

private:
    std::string path_;
    int fd_ = -1;
};

// Claim, replace, release: for outputs written once.
void writeOutputFile(const std::string& path, std::string_view bytes);

// Writes all of `bytes` to standard output and flushes it; OutputError when it fails.
void writeStandardOutput(std::string_view bytes);

// fsync of the folder holding `path`, so a rename or a new file in it survives a power loss.
// Throws OutputError naming the folder.
void syncParentFolder(const std::string& path);

// Opens `path` (created when missing; for writing when `writable`) without following a link and
// without blocking on a FIFO; the result is a regular file, locked exclusively (flock), not
// truncated. Throws OutputError.
int openLockedRegularFile(const std::string& path, bool* created, bool writable);

}  // namespace ts
