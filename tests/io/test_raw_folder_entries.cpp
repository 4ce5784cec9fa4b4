// What an MT4G raw folder holds beside its series (issue 40): a symbolic link inside it is not
// followed (a warning names it), FIFOs, devices and folders named like a series are named once,
// thousands of stray files make one warning, and the folder named on the command line may itself
// be a link.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include "cli_runner.hpp"
#include "io/mt4g_raw.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;

namespace {

const fs::path kH100Raw = fs::path(TOPOSCOPE_TEST_DATA) / "mt4g" / "NVIDIA H100 80GB HBM3";

// A folder with the H100's L1 size series, as MT4G names it.
fs::path folderWithOneSeries(const std::string& name) {
    const fs::path dir = test::scratchDir("toposcope-rawdir-", name);
    fs::copy_file(kH100Raw / "NVIDIA H100 80GB HBM3 - L1 Size.txt", dir / "NVIDIA H100 80GB HBM3 - L1 Size.txt");
    return dir;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

}  // namespace

TEST(RawFolderEntries, ALinkInsideTheFolderIsNotFollowedAndNamed) {
    const fs::path dir = folderWithOneSeries("link");
    const fs::path outside = dir.string() + "-secret";
    test::writeBytes(outside, "root:*:20228:0:99999:7:::\n");
    fs::create_symlink(outside, dir / "NVIDIA H100 80GB HBM3 - L2 Size.txt");
    std::vector<std::string> warnings;
    const Mt4gRawFolder raw = readMt4gRaw(dir.string(), &warnings);
    EXPECT_EQ(raw.series.size(), 1u);
    const std::string text = joined(warnings);
    EXPECT_EQ(text.find("root"), std::string::npos) << text;
    EXPECT_NE(text.find("symbolic link"), std::string::npos) << text;
    EXPECT_NE(text.find("L2 Size.txt"), std::string::npos) << text;
    fs::remove_all(dir);
    fs::remove(outside);
}

TEST(RawFolderEntries, AFifoAndAFolderNamedLikeASeriesAreNamedOnceWithoutHanging) {
    const fs::path dir = folderWithOneSeries("fifo");
    ASSERT_EQ(::mkfifo((dir / "NVIDIA H100 80GB HBM3 - L2 Size.txt").c_str(), 0600), 0);
    fs::create_directory(dir / "NVIDIA H100 80GB HBM3 - Texture Size.txt");
    std::vector<std::string> warnings;
    const Mt4gRawFolder raw = readMt4gRaw(dir.string(), &warnings);
    EXPECT_EQ(raw.series.size(), 1u);
    const std::string text = joined(warnings);
    EXPECT_NE(text.find("no regular file"), std::string::npos) << text;
    EXPECT_NE(text.find("L2 Size.txt"), std::string::npos) << text;
    fs::remove_all(dir);
}

TEST(RawFolderEntries, TenThousandStrayFilesMakeOneShortWarning) {
    const fs::path dir = folderWithOneSeries("junk");
    for (int i = 0; i < 10000; ++i) test::writeBytes(dir / ("junk" + std::to_string(i) + ".txt"), "x");
    std::vector<std::string> warnings;
    const Mt4gRawFolder raw = readMt4gRaw(dir.string(), &warnings);
    EXPECT_EQ(raw.series.size(), 1u);
    ASSERT_EQ(warnings.size(), 1u) << joined(warnings).substr(0, 2000);
    EXPECT_LT(warnings.front().size(), 1000u);
    EXPECT_NE(warnings.front().find("10000 file(s)"), std::string::npos) << warnings.front();
    fs::remove_all(dir);
}

TEST(RawFolderEntries, AFolderWhoseOnlySeriesIsALinkSaysSo) {
    const fs::path dir = test::scratchDir("toposcope-rawdir-", "onlylink");
    fs::create_symlink(kH100Raw / "NVIDIA H100 80GB HBM3 - L1 Size.txt", dir / "NVIDIA H100 80GB HBM3 - L1 Size.txt");
    try {
        readMt4gRaw(dir.string(), nullptr);
        ADD_FAILURE() << "read a series through a link inside the folder";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("not followed"), std::string::npos) << e.what();
    }
    fs::remove_all(dir);
}

TEST(RawFolderEntries, TheFolderNamedOnTheCommandLineMayBeALink) {
    const fs::path dir = folderWithOneSeries("named");
    const fs::path link = dir.string() + "-link";
    fs::remove(link);
    fs::create_directory_symlink(dir, link);
    const auto r = test::runCli("analyze --mt4g-raw '" + link.string() + "' --quiet");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    fs::remove(link);
    fs::remove_all(dir);
}
