#pragma once
// Folder-level mutations for the raw-folder target (issue 40): entries added, dropped, renamed to
// the names the reader looks for, turned into links (out of the folder, dangling, to the folder
// itself, to another series), FIFOs, folders or huge rows, so the reader's walk of a folder (what
// it follows, skips, names once, reads in bounded time) is reached, not only its row parser. Half of
// the mutations stay structure_mutator.hpp's (which include libFuzzer's own).
#include <string>
#include <vector>

#include "raw_folder_entries.hpp"

#define TOPOSCOPE_FUZZ_OWN_MUTATOR
#include "structure_mutator.hpp"

namespace ts::fuzz {

inline const std::string& plausibleName(Rng& rng) {
    static const std::vector<std::string> names = {
        "GPU - L1 Size.txt",      "GPU - L1 Latency.txt",          "GPU - L2 Line Size.txt",
        "GPU - L2 Segment Size.txt", "GPU - L1 Fetch Granularity.txt", "gpu__L1_Size.txt",
        "results/gpu/gpu__L2_Latency.txt", "GPU/GPU - L1 Size.txt", "GPU - Unknown Bench.txt",
        "GPU.json",               "notes.txt",                     "results"};
    return names[pick(rng, names.size())];
}

inline const std::string& linkTarget(Rng& rng) {
    static const std::vector<std::string> targets = {"/etc/passwd", "/dev/zero", "missing.txt", ".", "..",
                                                     "GPU - L1 Size.txt", "results", "/proc/self/fd/0"};
    return targets[pick(rng, targets.size())];
}

inline void mutateEntries(std::vector<RawEntry>& entries, Rng& rng) {
    const std::size_t at = pick(rng, entries.size());
    switch (entries.empty() ? 0 : rng() % 6) {
        case 0:  // a new entry: a copy of another's content under a name the reader looks for
            if (entries.size() < kMaxRawEntries)
                entries.push_back({'f', plausibleName(rng), entries.empty() ? "1024,40\n2048,41\n" : entries[at].content});
            break;
        case 1: entries.erase(entries.begin() + static_cast<long>(at)); break;
        case 2: entries[at].name = plausibleName(rng); break;
        case 3: entries[at] = {'l', entries[at].name, linkTarget(rng)}; break;
        case 4: entries[at].kind = "pdf"[pick(rng, 3)]; break;
        default: {  // huge rows: the entry's first row written thousands of times
            const std::string& c = entries[at].content;
            const std::string row = c.substr(0, c.find('\n')) + '\n';
            static constexpr const char* kCounts[] = {"1000", "20000", "65536", "100000"};
            entries[at] = {'r', entries[at].name, std::string(kCounts[pick(rng, 4)]) + '\n' + row};
            break;
        }
    }
}

inline std::size_t mutateRawFolder(std::uint8_t* data, std::size_t size, std::size_t maxSize, unsigned seed) {
    Rng rng(seed);
    if (rng() % 2 == 0) return mutate(data, size, maxSize, seed);
    std::vector<RawEntry> entries = parseRawEntries(std::string(reinterpret_cast<const char*>(data), size));
    for (unsigned n = 1 + rng() % 3; n > 0; --n) mutateEntries(entries, rng);
    std::string out = serializeRawEntries(entries);
    return storeMutation(out, data, maxSize);
}

}  // namespace ts::fuzz

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
    return ts::fuzz::mutateRawFolder(data, size, maxSize, seed);
}
