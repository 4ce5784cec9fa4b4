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

// Raw-series files directly in `dir`; other .txt files are reported, everything else ignored.
std::vector<Candidate> candidatesIn(const fs::path& dir, std::vector<std::string>* strays) {
    std::vector<Candidate> found;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (!entry.is_regular_file(ec)) continue;
        const std::string file = entry.path().filename().string();
        if (auto name = parseMt4gFileName(file))
            found.push_back({entry.path(), *name});
        else if (entry.path().extension() == ".txt")
            strays->push_back(entry.path().string());
    }
    std::sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) { return a.path < b.path; });
    return found;
}

// `dir` itself, else results/<name>/ (MT4G 1.2), else <GPU>/ (the published samples).
std::pair<fs::path, std::vector<Candidate>> locate(const fs::path& dir, std::vector<std::string>* strays) {
    if (auto here = candidatesIn(dir, strays); !here.empty()) return {dir, here};
    strays->clear();  // stray text files beside GPU folders (a LICENSE, say) are no concern
    std::error_code ec;
    for (const fs::path& parent : {dir / "results", dir}) {
        if (!fs::is_directory(parent, ec)) continue;
        std::vector<std::pair<fs::path, std::vector<Candidate>>> withSeries;
        for (const auto& entry : fs::directory_iterator(parent, ec)) {
            if (!entry.is_directory(ec)) continue;
            std::vector<std::string> subStrays;
            if (auto below = candidatesIn(entry.path(), &subStrays); !below.empty()) {
                withSeries.emplace_back(entry.path(), std::move(below));
                *strays = std::move(subStrays);
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

    std::vector<std::string> strays;
    auto [folder, candidates] = locate(dir, &strays);
    for (const auto& s : strays) warn(warnings, s + ": not named like an MT4G raw series (<GPU> - <Bench>.txt); skipped");
    if (candidates.empty()) throw InputError(dirName + ": no MT4G raw series (<GPU> - <Bench>.txt or <name>__<Bench>.txt) here");

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
