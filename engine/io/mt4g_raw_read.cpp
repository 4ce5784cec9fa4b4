// Finding the raw files of one GPU in a folder, in either of MT4G's namings.
#include <algorithm>
#include <filesystem>
#include <map>

#include "io/mt4g_names.hpp"
#include "io/mt4g_raw.hpp"

namespace fs = std::filesystem;

namespace ts {
namespace {

struct Candidate {
    fs::path path;
    Mt4gFileName name;
};

void warn(std::vector<std::string>* warnings, std::string text) {
    if (warnings) warnings->push_back(std::move(text));
}

// What a folder held beside its raw series, reported once for each kind.
struct Skipped {
    std::vector<std::string> strays;  // .txt files not named like a raw series
    std::vector<std::string> links;   // symbolic links named like one: not followed inside a folder
    std::vector<std::string> odd;     // FIFOs, devices, sockets, folders named like one
};

// "a, b, c and 7 more": a list that stays one short line however many files there are.
std::string namedFew(const std::vector<std::string>& paths) {
    constexpr std::size_t kNamed = 3;
    std::string out;
    for (std::size_t i = 0; i < paths.size() && i < kNamed; ++i) out += (i ? ", " : "") + paths[i];
    if (paths.size() > kNamed) out += " and " + std::to_string(paths.size() - kNamed) + " more";
    return out;
}

void warnSkipped(std::vector<std::string>* warnings, const Skipped& s) {
    if (!s.strays.empty())
        warn(warnings, std::to_string(s.strays.size()) + " file(s) not named like an MT4G raw series (<GPU> - <Bench>.txt), skipped: " +
                           namedFew(s.strays));
    if (!s.links.empty())
        warn(warnings, std::to_string(s.links.size()) +
                           " symbolic link(s) named like a raw series, not followed inside a folder (name the file itself to read it): " +
                           namedFew(s.links));
    if (!s.odd.empty())
        warn(warnings, std::to_string(s.odd.size()) + " entr(ies) named like a raw series that are no regular file, skipped: " +
                           namedFew(s.odd));
}

// Raw-series files directly in `dir`; what else it holds that looks like one goes to `skipped`.
std::vector<Candidate> candidatesIn(const fs::path& dir, Skipped& skipped) {
    std::vector<Candidate> found;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) throw InputError(dir.string() + ": cannot list the folder (" + ec.message() + ")");
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        const fs::directory_entry& entry = *it;
        const std::string file = entry.path().filename().string();
        const auto name = parseMt4gFileName(file);
        const fs::file_status status = entry.symlink_status(ec);
        if (fs::is_symlink(status)) {
            if (name) skipped.links.push_back(entry.path().string());
        } else if (!fs::is_regular_file(status)) {
            if (name && !fs::is_directory(status)) skipped.odd.push_back(entry.path().string());
        } else if (name) {
            found.push_back({entry.path(), *name});
        } else if (entry.path().extension() == ".txt") {
            skipped.strays.push_back(entry.path().string());
        }
    }
    if (ec) throw InputError(dir.string() + ": cannot list the folder (" + ec.message() + ")");
    std::sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) { return a.path < b.path; });
    for (auto* list : {&skipped.strays, &skipped.links, &skipped.odd}) std::sort(list->begin(), list->end());
    return found;
}

// `dir` itself, else results/<name>/ (MT4G 1.2), else <GPU>/ (the published samples).
std::pair<fs::path, std::vector<Candidate>> locate(const fs::path& dir, Skipped& skipped) {
    if (auto here = candidatesIn(dir, skipped); !here.empty()) return {dir, here};
    skipped.strays.clear();  // stray text files beside GPU folders (a LICENSE, say) are no concern
    std::error_code ec;
    for (const fs::path& parent : {dir / "results", dir}) {
        if (!fs::is_directory(parent, ec)) continue;
        std::vector<std::pair<fs::path, std::vector<Candidate>>> withSeries;
        for (const auto& entry : fs::directory_iterator(parent, ec)) {
            if (entry.is_symlink(ec) || !entry.is_directory(ec)) continue;
            Skipped below;
            if (auto found = candidatesIn(entry.path(), below); !found.empty()) {
                withSeries.emplace_back(entry.path(), std::move(found));
                skipped = std::move(below);  // what the GPU's own folder held beside its series
            }
        }
        if (withSeries.size() > 1) {
            std::string names;
            for (const auto& [sub, c] : withSeries) names += (names.empty() ? "" : ", ") + sub.filename().string();
            throw InputError(parent.string() + ": raw series of several GPUs (" + names + "); point at one of them");
        }
        if (withSeries.size() == 1) return withSeries.front();
    }
    return {dir, {}};
}

std::string findJsonReport(const fs::path& folder, const fs::path& dir, const std::string& gpu) {
    std::string underscored = gpu;
    std::replace(underscored.begin(), underscored.end(), ' ', '_');
    std::error_code ec;
    for (const fs::path& base : {folder, folder.parent_path(), folder.parent_path().parent_path(), dir})
        for (const std::string& stem : {gpu, underscored})
            if (const fs::path p = base / (stem + ".json"); fs::is_regular_file(p, ec)) return p.string();
    return {};
}

}  // namespace

Mt4gRawFolder readMt4gRaw(const std::string& dirName, std::vector<std::string>* warnings) {
    const fs::path dir(dirName);
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) throw InputError(dirName + ": no such folder");

    Skipped skipped;
    auto [folder, candidates] = locate(dir, skipped);
    if (!candidates.empty()) warnSkipped(warnings, skipped);
    if (candidates.empty())
        throw InputError(dirName + ": no MT4G raw series (<GPU> - <Bench>.txt or <name>__<Bench>.txt) here" +
                         (skipped.links.empty() ? std::string()
                                                : "; symbolic links named like one are not followed inside a folder: " +
                                                      namedFew(skipped.links)));

    std::map<std::string, int> gpus;
    for (const auto& c : candidates) ++gpus[c.name.gpu];
    if (gpus.size() > 1) {
        std::string names;
        for (const auto& [g, n] : gpus) names += (names.empty() ? "" : ", ") + g;
        throw InputError(folder.string() + ": raw series of several GPUs (" + names + "); point at one GPU's folder");
    }

    Mt4gRawFolder result;
    result.gpuName = gpus.begin()->first;
    result.folder = folder.string();
    const bool scalarL1 = std::any_of(candidates.begin(), candidates.end(), [](const Candidate& c) {
        return c.name.benchmark.rfind("Scalar L1", 0) == 0;
    });
    const Vendor vendor = scalarL1 ? Vendor::Amd : vendorFromName(result.gpuName);
    for (const auto& c : candidates) {
        const auto bench = parseMt4gBenchmark(c.name.benchmark, vendor);
        if (!bench) {
            warn(warnings, c.path.string() + ": unknown benchmark '" + c.name.benchmark + "'; skipped");
            continue;
        }
        const bool duplicate = std::any_of(result.series.begin(), result.series.end(),
                                           [&](const Series& s) { return s.id == bench->id; });
        if (duplicate) {
            warn(warnings, c.path.string() + ": a second file for '" + c.name.benchmark + "'; skipped");
            continue;
        }
        // One damaged file costs its own series only: it is named, every other one is read.
        try {
            result.series.push_back(
                readMt4gRawFile(c.path.string(), c.name.benchmark, bench->element, bench->kind, bench->id));
        } catch (const InputError& e) {
            result.damaged.push_back(e.what());
            warn(warnings, std::string("damaged raw series, not analysed: ") + e.what());
        }
    }
    if (result.series.empty() && !result.damaged.empty())
        throw InputError(folder.string() + ": no readable raw series; the first damaged one: " + result.damaged.front());
    if (result.series.empty()) throw InputError(folder.string() + ": no raw series of a known MT4G benchmark");
    result.jsonReport = findJsonReport(folder, dir, result.gpuName);
    return result;
}

std::vector<Series> readMt4gRawFolder(const std::string& dir, std::vector<std::string>* warnings) {
    return readMt4gRaw(dir, warnings).series;
}

}  // namespace ts
