// toposcope-cli with closed descriptors, a broken pipe and a closed terminal (issue 40): no
// output takes a standard descriptor's number, a reader that went away stops nothing but the
// output written to it, and SIGHUP ends the run as SIGTERM does, with what was finished kept.
#include <gtest/gtest.h>

#include "cli_runner.hpp"
#include "io/session_read.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;

namespace {

// Runs `line` in bash (for PIPESTATUS and the redirections) and gives the exit status of its
// first command.
test::CliResult bash(const std::string& line) {
    std::string quoted;
    for (char c : line) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return test::runShell("bash -c '" + quoted + "; exit ${PIPESTATUS[0]}' 2>&1");
}

std::string sim(const std::string& groups) { return "'" + std::string(TOPOSCOPE_CLI) + "' --backend sim --profile h100 --only " + groups; }

// The session reads back whole: every benchmark of l1 finished and the run closed.
void expectWholeSession(const fs::path& path, const std::string& outcome = "finished") {
    const Session s = readSession(path.string());
    EXPECT_TRUE(s.damage.empty()) << path << ": " << s.damage;
    EXPECT_EQ(s.outcome, outcome) << path;
    EXPECT_NE(s.topology.find(Element::L1, "size"), nullptr) << path;
}

}  // namespace

TEST(CliStreams, ClosedStderrAndStdoutTakeNoOutputsNumber) {
    const fs::path dir = test::scratchDir("toposcope-streams-", "closed");
    auto r = bash(sim("l1") + " --session '" + (dir / "e.tss").string() + "' 2>&- >/dev/null");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    expectWholeSession(dir / "e.tss");
    // The JSON report meant for a closed stdout went to /dev/null, not into the session.
    r = bash(sim("l1") + " --session '" + (dir / "o.tss").string() + "' --json - >&-");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    expectWholeSession(dir / "o.tss");
    fs::remove_all(dir);
}

TEST(CliStreams, ABrokenPipeOnProgressStopsNothing) {
    const fs::path dir = test::scratchDir("toposcope-streams-", "progress");
    const auto r = bash(sim("l1") + " --session '" + (dir / "p.tss").string() + "' --mt4g-json '" +
                        (dir / "m.json").string() + "' 2>&1 | head -c 10 >/dev/null");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    expectWholeSession(dir / "p.tss");
    EXPECT_NO_THROW(test::readJson(dir / "m.json")) << "the MT4G report was not written whole";
    fs::remove_all(dir);
}

TEST(CliStreams, ABrokenPipeOnADashOutputIsExitOneWithEveryOtherOutputWritten) {
    const fs::path dir = test::scratchDir("toposcope-streams-", "dash");
    const auto r = bash(sim("l1") + " --session '" + (dir / "p.tss").string() + "' --mt4g-json '" +
                        (dir / "m.json").string() + "' --json - 2>'" + (dir / "err.txt").string() +
                        "' | head -c 10 >/dev/null");
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(test::bytesOf(dir / "err.txt").find("standard output"), std::string::npos) << test::bytesOf(dir / "err.txt");
    expectWholeSession(dir / "p.tss");
    EXPECT_NO_THROW(test::readJson(dir / "m.json"));
    fs::remove_all(dir);
}

TEST(CliStreams, TwoDashOutputsAreRefusedBeforeTheRun) {
    const auto r = bash(sim("l1") + " --no-session --json - --mt4g-json -");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("standard output"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("\"elements\""), std::string::npos) << "a report was written";
}

TEST(CliStreams, SighupEndsTheRunAsSigtermKeepingWhatFinished) {
    const fs::path dir = test::scratchDir("toposcope-streams-", "hup");
    const fs::path session = dir / "h.tss";
    // The L2 group takes seconds on the simulator: the signal comes once the L1 size is recorded.
    const auto r = bash(sim("l1,l2") + " --quiet --session '" + session.string() + "' --json '" + (dir / "r.json").string() +
                        "' & pid=$!; for i in $(seq 200); do grep -q \"L2 Size\" '" + session.string() +
                        "' 2>/dev/null && break; sleep 0.05; done; kill -HUP $pid; wait $pid");
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("cancelled"), std::string::npos) << r.output;
    expectWholeSession(session, "cancelled");
    EXPECT_NE(readReportFile((dir / "r.json").string()).find(Element::L1, "size"), nullptr);
    fs::remove_all(dir);
}

TEST(CliStreams, ADeviceTheSimulatorDoesNotHaveIsRefused) {
    const auto r = bash(sim("l1") + " --no-session --quiet --device 7");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("--device 7"), std::string::npos) << r.output;
}

TEST(CliStreams, ARawFolderThatTakesNoFileIsRefusedBeforeTheRun) {
    // A folder no new file can be made in, whoever runs the test (root writes into a read-only
    // folder of a writable file system): /proc's.
    const fs::path folder = "/proc/self/fdinfo";
    if (!fs::is_directory(folder)) GTEST_SKIP() << "no " << folder;
    const auto r = bash(sim("l1,l2") + " --no-session --raw '" + folder.string() + "'");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("cannot write into the folder"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("L2 Size"), std::string::npos) << "the run went on: " << r.output;
}
