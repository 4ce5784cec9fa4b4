// toposcope-cli killed with SIGKILL at several moments: every benchmark it finished is still in
// the session file, and the one it was running is reported as cut off.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <thread>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "io/input_error.hpp"
#include "io/session_log.hpp"
#include "io/session_read.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;
using ts::test::bytesOf;
using Clock = std::chrono::steady_clock;

namespace {

// Three groups of the simulated H100 (a dozen benchmarks, their series and results, about 0.5 s):
// long enough to kill it inside a benchmark at each fraction below, short enough to run it eight
// times (the whole suite, some 10 s, made this the longest test of its layer).
const char* const kRunArgs[] = {"--backend", "sim", "--profile", "h100", "--only", "l1,constant,memory", "--quiet"};

// Starts the CLI recording into `session`; returns its pid.
pid_t startCli(const fs::path& session) {
    const pid_t pid = fork();
    if (pid == 0) {
        std::vector<std::string> args{TOPOSCOPE_CLI};
        for (const char* a : kRunArgs) args.emplace_back(a);
        args.insert(args.end(), {"--session", session.string()});
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        _exit(127);
    }
    return pid;
}

// The records after the session header (which holds the start time), without their clock
// readings ("t", an end's "seconds"): those differ from run to run, the rest does not.
std::vector<std::string> body(const std::string& bytes) {
    auto records = parseSessionLog(bytes, "session").records;
    if (!records.empty()) records.erase(records.begin());
    for (auto& r : records) {
        nlohmann::json record = nlohmann::json::parse(r, nullptr, false);
        if (record.is_discarded()) continue;  // a torn last record stays as it is
        record.erase("t");
        record.erase("seconds");
        r = record.dump();
    }
    return records;
}

}  // namespace

TEST(SessionKill, EveryFinishedBenchmarkSurvivesSigkill) {
    const fs::path dir = ts::test::uniqueTempPath("toposcope-session-kill");
    fs::remove_all(dir);
    fs::create_directories(dir);

    // The whole run, for its length and its records (the simulator is deterministic).
    const fs::path fullFile = dir / "full.tss";
    const auto start = Clock::now();
    int status = 0;
    waitpid(startCli(fullFile), &status, 0);
    const double fullMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    const Session full = readSession(fullFile.string());
    ASSERT_EQ(full.outcome, "finished");
    const auto fullRecords = body(bytesOf(fullFile));

    int cutRuns = 0;
    for (double fraction : {0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95}) {
        const fs::path file = dir / ("killed-" + std::to_string(static_cast<int>(fraction * 100)) + ".tss");
        const pid_t pid = startCli(file);
        std::this_thread::sleep_for(std::chrono::microseconds(static_cast<long>(fullMs * fraction * 1000)));
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        const std::string context = "killed at " + std::to_string(fraction) + " of " + std::to_string(fullMs) + " ms";
        if (!fs::exists(file)) continue;  // killed before it opened the file

        const auto records = body(bytesOf(file));
        ASSERT_LE(records.size(), fullRecords.size()) << context;
        for (std::size_t i = 0; i < records.size(); ++i)
            ASSERT_EQ(records[i], fullRecords[i]) << context << ": record " << i + 2 << " differs from the full run";

        Session s;
        try {
            s = readSession(file.string());
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find("no device record"), std::string::npos) << context << ": " << e.what();
            continue;
        }
        ASSERT_LE(s.finished.size(), full.finished.size()) << context;
        EXPECT_TRUE(std::equal(s.finished.begin(), s.finished.end(), full.finished.begin())) << context;
        if (s.outcome == "finished") continue;  // the run had already ended
        if (!s.cutOff.empty()) {
            ++cutRuns;
            ASSERT_EQ(s.cutOff.size(), 1u) << context;
            EXPECT_EQ(s.cutOff[0], full.finished[s.finished.size()]) << context;
        }
        // The report regenerates, saying what was cut off.
        const fs::path json = dir / (file.stem().string() + ".json");
        const auto report = test::runCli("report --session '" + file.string() + "' --json '" + json.string() + "' --quiet");
        EXPECT_EQ(report.exitCode, 0) << context << ": " << report.output;
        for (const auto& name : s.cutOff) EXPECT_NE(report.output.find("cut off: " + name), std::string::npos);
        EXPECT_TRUE(fs::exists(json)) << context;
    }
    EXPECT_GE(cutRuns, 3) << "too few kills landed inside a benchmark; the full run took " << fullMs << " ms";
}
