// Calibration of the confidences (issue 34): the whole suite on random simulated GPUs whose
// caches are built as GPUs build them (tests/random_profile.hpp, RandomCaches::SetAssociative),
// every benchmark-sourced attribute judged against the profile's hidden truth, and a table per
// attribute kind and confidence band: how many were decided and the share right.
//
//   toposcope-calibration [--count N] [--first-seed S] [--vendor nvidia|amd|both] [--threads T] [--wrong] [--undecided KIND]
//                         [--save-profiles DIR] [--deadline SECONDS]
//
// Prints the table, then (with --wrong) every decided attribute that was wrong, (with --undecided KIND) every judged one of that kind left at 0.5 or below, and the slowest
// GPUs. --save-profiles writes each GPU's profile to DIR/<vendor>-<seed>.json (toposcope-cli
// --backend sim --profile FILE runs one again). --deadline: no GPU is started after SECONDS; the
// table then counts those that finished (and says so). Exit status 0
// when every band holds (share right at least its lower edge, nothing above 0.95 wrong, each kind
// 90 % decided), 1 when one does not (the rule is printed), 2 on a bad argument.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <algorithm>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "benchmarks/discovery.hpp"
#include "calibration_table.hpp"
#include "random_profile.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"

using namespace ts;

namespace {

struct Options {
    unsigned count = 300, firstSeed = 1000, threads = 2, deadline = 0;
    bool nvidia = true, amd = true, listWrong = false;
    std::string saveProfiles, undecidedKind;
};

bool parse(int argc, char** argv, Options& o) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
        if (arg == "--wrong") o.listWrong = true;
        else if (arg == "--save-profiles" || arg == "--undecided") {
            const char* v = value();
            if (!v) return false;
            (arg == "--undecided" ? o.undecidedKind : o.saveProfiles) = v;
        }
        else if (arg == "--count" || arg == "--first-seed" || arg == "--threads" || arg == "--vendor" || arg == "--deadline") {
            const char* v = value();
            if (!v) return false;
            if (arg == "--vendor") {
                const std::string vendor = v;
                if (vendor != "nvidia" && vendor != "amd" && vendor != "both") return false;
                o.nvidia = vendor != "amd", o.amd = vendor != "nvidia";
                continue;
            }
            char* end = nullptr;
            const unsigned long n = std::strtoul(v, &end, 10);
            if (*end || (n == 0 && arg != "--first-seed")) return false;
            (arg == "--count" ? o.count : arg == "--threads" ? o.threads : arg == "--deadline" ? o.deadline : o.firstSeed) =
                static_cast<unsigned>(n);
        } else {
            return false;
        }
    }
    return true;
}

struct Job {
    Vendor vendor;
    unsigned seed;
    double seconds = 0;
    bool finished = false;
    std::string label() const { return (vendor == Vendor::Nvidia ? "nvidia-" : "amd-") + std::to_string(seed); }
};

}  // namespace

int main(int argc, char** argv) {
    Options options;
    if (!parse(argc, argv, options)) {
        std::fprintf(stderr, "usage: toposcope-calibration [--count N] [--first-seed S] [--vendor nvidia|amd|both] "
                             "[--threads T] [--wrong] [--undecided KIND] [--save-profiles DIR] [--deadline SECONDS]\n");
        return 2;
    }
    std::vector<Job> jobs;
    for (unsigned i = 0; i < options.count; ++i) {
        if (options.nvidia) jobs.push_back({Vendor::Nvidia, options.firstSeed + i});
        if (options.amd) jobs.push_back({Vendor::Amd, options.firstSeed + i});
    }
    test::CalibrationTable table;
    std::mutex lock;
    std::atomic<std::size_t> next{0};
    std::vector<std::string> invalid;
    const auto started = std::chrono::steady_clock::now();
    const auto work = [&] {
        for (std::size_t i; (i = next++) < jobs.size();) {
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            if (options.deadline && elapsed > options.deadline) return;
            Job& job = jobs[i];
            const auto json = test::randomProfile(job.vendor, job.seed, test::RandomCaches::SetAssociative);
            if (!options.saveProfiles.empty()) std::ofstream(options.saveProfiles + "/" + job.label() + ".json") << json.dump(2);
            const auto jobStarted = std::chrono::steady_clock::now();
            try {
                const SimProfile profile = parseProfile(json.dump(), "random-" + std::to_string(job.seed));
                SimBackend backend(profile);
                Observer silent;
                CancelToken cancel;
                Topology topology;
                DiscoveryOptions everything;  // the default run and the roofline (issue 38), judged alike
                everything.groups = defaultGroups();
                everything.groups.insert("roofline");
                runDiscovery(backend, everything, silent, cancel, topology);
                const auto judged = test::judgeAgainstTruth(profile, topology);
                std::lock_guard<std::mutex> guard(lock);
                table.add(judged);
                job.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - jobStarted).count();
                job.finished = true;
            } catch (const std::exception& e) {
                std::lock_guard<std::mutex> guard(lock);
                invalid.push_back(json.value("name", "?") + ": " + e.what());
            }
        }
    };
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < std::max(1u, options.threads); ++t) threads.emplace_back(work);
    for (auto& t : threads) t.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    const auto finished = std::count_if(jobs.begin(), jobs.end(), [](const Job& j) { return j.finished; });
    std::printf("%zd of %zu simulated GPUs (seeds %u-%u, set-associative caches), %.1f s on %u threads\n", finished,
                jobs.size(), options.firstSeed, options.firstSeed + options.count - 1, seconds, options.threads);
    if (static_cast<std::size_t>(finished) < jobs.size()) {
        std::printf("not finished before the deadline or not run:");
        for (const Job& j : jobs)
            if (!j.finished) std::printf(" %s", j.label().c_str());
        std::printf("\n");
    }
    table.print(stdout);
    for (const auto& message : invalid) std::printf("not run: %s\n", message.c_str());
    if (options.listWrong)
        for (const auto& j : table.wrong())
            std::printf("wrong %.3f %s %s: %s, truth %s (%s)\n", j.confidence, j.where.c_str(), j.name.c_str(),
                        j.got.c_str(), j.expected.c_str(), j.reason.substr(0, 200).c_str());
    for (const auto& j : table.undecided())
        if (j.kind == options.undecidedKind)
            std::printf("undecided %.3f %s %s: %s, truth %s (%s)\n", j.confidence, j.where.c_str(), j.name.c_str(), j.got.c_str(),
                        j.expected.c_str(), j.reason.substr(0, 300).c_str());
    std::vector<Job> slowest = jobs;
    std::sort(slowest.begin(), slowest.end(), [](const Job& a, const Job& b) { return a.seconds > b.seconds; });
    std::printf("slowest:");
    for (std::size_t i = 0; i < std::min<std::size_t>(5, slowest.size()); ++i)
        std::printf(" %s %.1f s", slowest[i].label().c_str(), slowest[i].seconds);
    std::printf("\n");
    const std::string broken = table.brokenRule();
    std::printf("%s\n", broken.empty() ? "calibrated: every band holds" : ("not calibrated: " + broken).c_str());
    return broken.empty() && invalid.empty() && static_cast<std::size_t>(finished) == jobs.size() ? 0 : 1;
}
