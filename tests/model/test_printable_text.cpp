// Text from input reaches the terminal only through printableText (issue 40): no escape
// sequence from a crafted file, no megabyte-long message from a crafted name.
#include <gtest/gtest.h>

#include "cli_runner.hpp"
#include "model/printable_text.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;

TEST(PrintableText, ControlCharactersAreWrittenAsEscapes) {
    EXPECT_EQ(printableText("a\x1b]0;title\x07z"), "a\\x1b]0;title\\x07z");
    EXPECT_EQ(printableText("clear\x1b[2J"), "clear\\x1b[2J");
    EXPECT_EQ(printableText("cr\rdel\x7f"), "cr\\x0ddel\\x7f");
    EXPECT_EQ(printableText("c1 \xc2\x9b end"), "c1 \\xc2\\x9b end");
    EXPECT_EQ(printableText("kept: tab\tnewline\n\xc3\xa9\xc2\xa0"), "kept: tab\tnewline\n\xc3\xa9\xc2\xa0");
}

TEST(PrintableText, ALongLineIsCutAndSaysHowLongItWas) {
    const std::string line(10000, 'x');
    const std::string out = printableText(line + "\nnext", 100);
    EXPECT_EQ(out, std::string(100, 'x') + "... (10000 bytes in all)\nnext");
}

TEST(PrintableText, TheCliPrintsNoEscapeFromACraftedReport) {
    const fs::path dir = test::scratchDir("toposcope-printable-", "report");
    const fs::path report = dir / "mt4g.json";
    auto r = test::runCli("--backend sim --profile h100 --only l1 --quiet --no-session --mt4g-json '" + report.string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    nlohmann::json j = test::readJson(report);
    j["general"]["name"] = "Evil \x1b]0;pwned\x07 GPU \x1b[2J";
    test::writeBytes(report, j.dump());
    r = test::runCli("report --mt4g-report '" + report.string() + "'");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(r.output.find('\x1b'), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Evil \\x1b]0;pwned\\x07 GPU \\x1b[2J"), std::string::npos) << r.output;
    fs::remove_all(dir);
}

TEST(PrintableText, AHugeNameGivesAShortMessage) {
    const std::string name(100000, 'p');
    const auto r = test::runCli("--backend sim --profile " + name + " --only l1 --quiet --no-session");
    EXPECT_EQ(r.exitCode, 2) << r.output.substr(0, 300);
    EXPECT_LT(r.output.size(), 10000u) << r.output.size() << " bytes of output";
}
