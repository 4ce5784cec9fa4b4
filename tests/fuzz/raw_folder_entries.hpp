#pragma once
// The input of the raw-folder target: a folder described as text, one entry after another,
//   =K NAME\n CONTENT
// where K is f (a file holding CONTENT), l (a symbolic link to CONTENT's first line), p (a FIFO),
// d (a folder) or r (huge rows: CONTENT's first line is a count, the rest is written that many
// times). NAME may hold up to three '/'-separated parts (results/<name>/ layouts); "..", empty
// and absolute parts are dropped. The target makes the folder, the mutator (raw_folder_mutator.hpp)
// edits the entries.
#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

namespace ts::fuzz {

struct RawEntry {
    char kind = 'f';
    std::string name;
    std::string content;
};

constexpr std::size_t kMaxRawEntries = 64;
constexpr std::size_t kMaxHugeBytes = 1u << 20;  // one 'r' entry, written out: the reader of 1 MiB under ASan

inline std::vector<RawEntry> parseRawEntries(const std::string& text) {
    std::vector<RawEntry> entries;
    std::size_t at = 0;
    while (at < text.size() && entries.size() < kMaxRawEntries) {
        if (text[at] != '=' || at + 2 >= text.size()) {
            const std::size_t next = text.find("\n=", at);
            if (next == std::string::npos) break;
            at = next + 1;
            continue;
        }
        RawEntry e;
        e.kind = text[at + 1];
        const std::size_t lineEnd = std::min(text.find('\n', at), text.size());
        e.name = text.substr(std::min(at + 3, lineEnd), lineEnd - std::min(at + 3, lineEnd));
        const std::size_t next = std::min(text.find("\n=", lineEnd), text.size());
        if (lineEnd + 1 < next) e.content = text.substr(lineEnd + 1, next - lineEnd - 1);
        entries.push_back(std::move(e));
        at = next + 1;
    }
    return entries;
}

inline std::string serializeRawEntries(const std::vector<RawEntry>& entries) {
    std::string out;
    for (const auto& e : entries) {
        if (!out.empty()) out += '\n';
        out += '=';
        out += e.kind;
        out += ' ' + e.name + '\n' + e.content;
    }
    return out;
}

// NAME's safe parts (at most three; "..", "." and empty parts dropped).
inline std::vector<std::string> entryParts(const std::string& name) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= name.size() && parts.size() < 3) {
        const std::size_t end = std::min(name.find('/', start), name.size());
        std::string part = name.substr(start, end - start);
        if (!part.empty() && part != "." && part != ".." && part.find('\0') == std::string::npos) parts.push_back(std::move(part));
        start = end + 1;
    }
    return parts;
}

inline void writeFile(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

inline std::string hugeRows(const std::string& content) {
    const std::size_t lineEnd = std::min(content.find('\n'), content.size());
    std::size_t count = 0;
    for (std::size_t i = 0; i < lineEnd && count < kMaxHugeBytes; ++i)
        if (content[i] >= '0' && content[i] <= '9') count = count * 10 + static_cast<std::size_t>(content[i] - '0');
    const std::string row = lineEnd < content.size() ? content.substr(lineEnd + 1) : std::string("1,1\n");
    if (row.empty()) return {};
    count = std::min(count, kMaxHugeBytes / row.size());
    std::string out;
    out.reserve(count * row.size());
    for (std::size_t i = 0; i < count; ++i) out += row;
    return out;
}

// The path of `parts` below `root` when it does not exist yet and every folder between `root` and
// it is a real folder or missing (nothing the target makes may go through a link it made before,
// or into a FIFO); empty otherwise, and for a name the system refuses (too long).
inline std::filesystem::path freshPathBelow(const std::filesystem::path& root, const std::vector<std::string>& parts) {
    if (parts.empty()) return {};
    std::filesystem::path path = root;
    struct stat st {};
    for (std::size_t i = 0; i < parts.size(); ++i) {
        path /= parts[i];
        const bool last = i + 1 == parts.size();
        if (::lstat(path.c_str(), &st) == 0) {
            if (last || !S_ISDIR(st.st_mode)) return {};
        } else if (errno != ENOENT) {
            return {};
        }
    }
    return path;
}

// Makes the entries below `root` (which exists); an entry that cannot be made is left out.
inline void makeRawEntries(const std::filesystem::path& root, const std::vector<RawEntry>& entries) {
    std::error_code ec;
    for (const auto& e : entries) {
        const std::filesystem::path path = freshPathBelow(root, entryParts(e.name));
        if (path.empty()) continue;
        std::filesystem::create_directories(path.parent_path(), ec);
        switch (e.kind) {
            case 'l': {
                const std::string target = e.content.substr(0, e.content.find('\n'));
                if (!target.empty() && target.find('\0') == std::string::npos) ::symlink(target.c_str(), path.c_str());
                break;
            }
            case 'p': ::mkfifo(path.c_str(), 0600); break;
            case 'd': std::filesystem::create_directories(path, ec); break;
            case 'r': writeFile(path, hugeRows(e.content)); break;
            default: writeFile(path, e.content); break;
        }
    }
}

}  // namespace ts::fuzz
