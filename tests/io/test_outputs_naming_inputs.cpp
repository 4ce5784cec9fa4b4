// What a run leaves must not destroy what it reads or what another run left (issue 40): an output
// naming an input is refused before anything is written, and two runs with one PID in one second
// keep a session each.
#include <gtest/gtest.h>

#include <cstdlib>

#include "cli_runner.hpp"
#include "program_support/session_file_name.hpp"
#include "io/session_read.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;

namespace {

// A recorded session of the simulated H100's L1 in `dir`.
fs::path recordSession(const fs::path& dir) {
    const fs::path session = dir / "s.tss";
    const auto r = test::runCli("--backend sim --profile h100 --only l1 --quiet --session " + ts::test::shellQuoted(session));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    return session;
}

}  // namespace

TEST(OutputsNamingInputs, AReportNamingItsSessionIsRefusedAndTheSessionKept) {
    const fs::path dir = test::scratchDir("toposcope-outin-", "session");
    const fs::path session = recordSession(dir);
    const std::string before = test::bytesOf(session);
    fs::create_hard_link(session, dir / "hard.tss");
    fs::create_symlink(session, dir / "link.tss");
    for (const std::string& output : {session.string(), (dir / "." / "s.tss").string(), (dir / "hard.tss").string(),
                                      (dir / "link.tss").string()})
        for (const std::string& option : {"--json", "--mt4g-json", "--mt4g-csv"}) {
            const auto r = test::runCli("report --session " + ts::test::shellQuoted(session) + " " + option + " '" + output + "' --quiet");
            EXPECT_EQ(r.exitCode, 2) << option << " " << output << "\n" << r.output;
            EXPECT_NE(r.output.find("names the input"), std::string::npos) << r.output;
            EXPECT_EQ(test::bytesOf(session), before) << option << " " << output << " changed the session";
        }
    fs::remove_all(dir);
}

TEST(OutputsNamingInputs, AnImportNamingItsReportIsRefused) {
    const fs::path dir = test::scratchDir("toposcope-outin-", "import");
    const fs::path report = dir / "mt4g.json";
    auto r = test::runCli("--backend sim --profile h100 --only l1 --quiet --no-session --mt4g-json " + ts::test::shellQuoted(report));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const std::string before = test::bytesOf(report);
    r = test::runCli("report --mt4g-report " + ts::test::shellQuoted(report) + " --json " + ts::test::shellQuoted(report) + " --quiet");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_EQ(test::bytesOf(report), before);
    fs::remove_all(dir);
}

TEST(OutputsNamingInputs, ACompareNamingOneOfItsReportsIsRefused) {
    const fs::path dir = test::scratchDir("toposcope-outin-", "compare");
    for (const std::string name : {"a", "b", "c"}) {
        const auto r = test::runCli("--backend sim --profile h100 --only memory --quiet --no-session --json " +
                                    ts::test::shellQuoted(dir / (name + ".json")));
        ASSERT_EQ(r.exitCode, 0) << r.output;
    }
    const std::string before = test::bytesOf(dir / "b.json");
    const auto r = test::runCli("compare " + ts::test::shellQuoted(dir / "a.json") + " " + ts::test::shellQuoted(dir / "b.json") + " " +
                                ts::test::shellQuoted(dir / "c.json") + " --json " + ts::test::shellQuoted(dir / "b.json"));
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_EQ(test::bytesOf(dir / "b.json"), before);
    fs::remove_all(dir);
}

TEST(OutputsNamingInputs, ARunsReportNamingItsSessionIsRefusedBeforeTheRun) {
    const fs::path dir = test::scratchDir("toposcope-outin-", "run");
    const auto r = test::runCli("--backend sim --profile h100 --only l1 --quiet --session " + ts::test::shellQuoted(dir / "x") +
                                " --json " + ts::test::shellQuoted(dir / "x"));
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_FALSE(fs::exists(dir / "x")) << "something was written";
    fs::remove_all(dir);
}

// Two calls within one second with one PID: the second name is another file.
TEST(SessionNames, TwoRunsOfOneSecondWithOnePidGetTwoFiles) {
    const fs::path dir = test::scratchDir("toposcope-outin-", "names");
    setenv("TOPOSCOPE_TEST_PID", "1", 1);
    std::string first, second;
    for (int attempt = 0; attempt < 5; ++attempt) {  // a second boundary between the two calls: again
        first = app::newSessionPath(dir.string(), "sim-h100");
        second = app::newSessionPath(dir.string(), "sim-h100");
        if (fs::path(first).filename().string().substr(0, 16) == fs::path(second).filename().string().substr(0, 16)) break;
    }
    unsetenv("TOPOSCOPE_TEST_PID");
    EXPECT_NE(first, second);
    EXPECT_TRUE(fs::exists(first) && fs::exists(second)) << "a name is taken by creating its file";
    EXPECT_NE(fs::path(first).filename().string().find("-sim-h100-1.tss"), std::string::npos) << first;
    EXPECT_NE(fs::path(second).filename().string().find("-sim-h100-1-2.tss"), std::string::npos) << second;
    fs::remove_all(dir);
}

// The same with two whole runs at once, each in a process that has PID 1 for its namespace.
TEST(SessionNames, TwoConcurrentRunsWithOnePidKeepBothSessions) {
    const fs::path home = test::scratchDir("toposcope-outin-", "pid");
    const std::string env = "XDG_DATA_HOME=" + ts::test::shellQuoted(home) + " TOPOSCOPE_TEST_PID=1 '" + std::string(TOPOSCOPE_CLI) + "'";
    const auto r = test::runShell("(" + env + " --backend sim --profile h100 --only l1 --quiet & " + env +
                                  " --backend sim --profile h100 --only shared --quiet & wait) 2>&1");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    std::vector<fs::path> sessions;
    for (const auto& e : fs::directory_iterator(home / "toposcope" / "sessions")) sessions.push_back(e.path());
    ASSERT_EQ(sessions.size(), 2u) << r.output;
    int withL1 = 0, withShared = 0;
    for (const auto& s : sessions) {
        const Session read = readSession(s.string());
        EXPECT_EQ(read.outcome, "finished") << s;
        withL1 += read.topology.find(Element::L1, "size") != nullptr;
        withShared += read.topology.find(Element::Shared, "latency") != nullptr;
    }
    EXPECT_EQ(withL1, 1);
    EXPECT_EQ(withShared, 1);
    fs::remove_all(home);
}

// A session that cannot take its first record (a full disk; here a file-size limit of 0, with
// SIGXFSZ ignored so a write fails with EFBIG) leaves no empty session file: the default one is
// removed and the run goes on unrecorded with a warning; an explicit --session is refused (exit 2)
// before anything is measured, its empty file removed too.
TEST(SessionNames, ASessionThatCannotBeWrittenLeavesNoEmptyFile) {
    const fs::path home = test::scratchDir("toposcope-outin-", "unwritable");
    const std::string limited = "trap '' XFSZ; ulimit -f 0; XDG_DATA_HOME=" + ts::test::shellQuoted(home) + " exec '" +
                                std::string(TOPOSCOPE_CLI) + "' --backend sim --profile h100 --only shared --quiet";
    auto r = test::runShell("bash -c \"" + limited + "\" 2>&1");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("not recording the session"), std::string::npos) << r.output;
    for (const auto& e : fs::recursive_directory_iterator(home)) EXPECT_FALSE(e.is_regular_file()) << e.path() << " left behind";
    r = test::runShell("bash -c \"" + limited + " --session " + ts::test::shellQuoted(home / "explicit.tss") + "\" 2>&1");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_FALSE(fs::exists(home / "explicit.tss")) << "an empty session file was left behind";
    fs::remove_all(home);
}
