// Out of memory is an error like any other (issue 40): under every address-space limit at which
// toposcope-cli starts at all, reading back a whole session and a run end in exit 0 or in exit 1
// with "out of memory" — never an abort (134) — and a report that was written is whole.
#include <gtest/gtest.h>

#include <algorithm>

#include "cli_runner.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;

namespace {

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TOPOSCOPE_TEST_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TOPOSCOPE_TEST_SANITIZED 1
#endif

// `arguments` given to the CLI with the address space limited to `mebibytes`.
test::CliResult underLimit(int mebibytes, const std::string& arguments) {
    return test::runShell("sh -c 'ulimit -v " + std::to_string(mebibytes * 1024) + "; exec \"" + std::string(TOPOSCOPE_CLI) + "\" " + arguments +
                          "' 2>&1");
}

// The lowest limit at which the program starts (below it the dynamic loader fails before any of
// our code runs).
int lowestStartingLimit() {
    int limit = 4;
    while (limit < 256 && underLimit(limit, "--version").exitCode != 0) ++limit;
    return limit;
}

void expectCleanOutcome(const test::CliResult& r, int limit, const fs::path& output) {
    EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << limit << " MiB: exit " << r.exitCode << "\n" << r.output;
    if (r.exitCode == 1) EXPECT_NE(r.output.find("out of memory"), std::string::npos) << limit << " MiB:\n" << r.output;
    if (r.exitCode == 0) EXPECT_NO_THROW(test::readJson(output)) << limit << " MiB: the report is not whole";
}

// Runs `arguments` plus `--json FILE` from the lowest limit up, 4, 8, 16, ... MiB above it, until
// one has room; every outcome must be clean, and at least one limit must run out of memory.
void expectCleanUnderEveryLimit(const fs::path& dir, const std::string& arguments) {
    int exitedOne = 0;
    const int lowest = lowestStartingLimit();
    for (int limit = lowest; limit < 1024; limit = lowest + std::max(4, 2 * (limit - lowest))) {
        const fs::path report = dir / ("r" + std::to_string(limit) + ".json");
        const auto r = underLimit(limit, arguments + " --json '" + report.string() + "'");
        expectCleanOutcome(r, limit, report);
        exitedOne += r.exitCode == 1;
        if (r.exitCode != 1) break;
    }
    EXPECT_GT(exitedOne, 0) << "no limit was low enough to run out of memory: the test proves nothing";
}

}  // namespace

TEST(OutOfMemory, ReadingAWholeSessionBackNeverAborts) {
#ifdef TOPOSCOPE_TEST_SANITIZED
    GTEST_SKIP() << "AddressSanitizer maps terabytes of shadow memory: an address-space limit stops it first";
#else
    const fs::path dir = test::scratchDir("toposcope-oom-", "session");
    const fs::path session = dir / "full.tss";
    const auto made = test::runCli("--backend sim --profile h100 --quiet --session '" + session.string() + "'");
    ASSERT_TRUE(fs::exists(session)) << made.output;
    expectCleanUnderEveryLimit(dir, "report --session '" + session.string() + "'");
    fs::remove_all(dir);
#endif
}

TEST(OutOfMemory, ARunUnderALimitEndsCleanly) {
#ifdef TOPOSCOPE_TEST_SANITIZED
    GTEST_SKIP() << "AddressSanitizer maps terabytes of shadow memory: an address-space limit stops it first";
#else
    const fs::path dir = test::scratchDir("toposcope-oom-", "run");
    expectCleanUnderEveryLimit(dir, "--backend sim --profile h100 --only l1,memory --quiet --no-session");
    fs::remove_all(dir);
#endif
}
