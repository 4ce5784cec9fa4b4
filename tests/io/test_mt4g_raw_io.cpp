#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/mt4g_names.hpp"
#include "io/mt4g_raw.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;

namespace {

const std::string kH100 = std::string(TOPOSCOPE_TEST_DATA) + "/mt4g/NVIDIA H100 80GB HBM3";

class TempDir {
public:
    TempDir() {
        static int counter = 0;
        path_ = fs::temp_directory_path() /
                ("toposcope_mt4g_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TempDir() { fs::remove_all(path_); }
    const fs::path& path() const { return path_; }
    fs::path write(const std::string& relative, const std::string& content) const {
        const fs::path p = path_ / relative;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << content;
        return p;
    }

private:
    fs::path path_;
};

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const Series* byId(const std::vector<Series>& all, const std::string& id) {
    for (const auto& s : all)
        if (s.id == id) return &s;
    return nullptr;
}

// The InputError for `content` as "GPU - <bench>.txt" must name the file and say `problem`.
void expectBenchRejected(const std::string& bench, const std::string& content, const std::string& problem) {
    TempDir dir;
    dir.write("GPU - " + bench + ".txt", content);
    try {
        readMt4gRawFolder(dir.path().string(), nullptr);
        ADD_FAILURE() << "accepted: " << problem;
    } catch (const InputError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("GPU - " + bench + ".txt"), std::string::npos) << what;
        EXPECT_NE(what.find(problem), std::string::npos) << what;
    }
}

}  // namespace

TEST(Mt4gRawNames, BenchmarksMapToElementsAndKinds) {
    const auto l1 = parseMt4gBenchmark("L1 Size", Vendor::Nvidia);
    ASSERT_TRUE(l1);
    EXPECT_EQ(l1->element, Element::L1);
    EXPECT_EQ(l1->kind, SeriesKind::Size);
    EXPECT_EQ(l1->id, "l1.size");
    EXPECT_EQ(parseMt4gBenchmark("L1 Size", Vendor::Amd)->element, Element::VL1);
    EXPECT_EQ(parseMt4gBenchmark("Constant L1.5 Fetch Granularity", Vendor::Nvidia)->id, "constant_l15.fetch_granularity");
    EXPECT_EQ(parseMt4gBenchmark("Scalar L1 Line Size", Vendor::Amd)->id, "sl1d.line_size");
    EXPECT_EQ(parseMt4gBenchmark("L2 Segment Size", Vendor::Nvidia)->kind, SeriesKind::SegmentSize);
    EXPECT_EQ(parseMt4gBenchmark("Main Memory Latency", Vendor::Nvidia)->id, "device_memory.latency");
    EXPECT_EQ(parseMt4gBenchmark("Shared Memory Latency", Vendor::Nvidia)->element, Element::Shared);
    EXPECT_EQ(parseMt4gBenchmark("Shared Memory Latency", Vendor::Amd)->element, Element::Lds);
    EXPECT_EQ(parseMt4gBenchmark("Texture Latency", Vendor::Nvidia)->kind, SeriesKind::Latency);
    EXPECT_EQ(parseMt4gBenchmark("Read Only Size", Vendor::Nvidia)->element, Element::ReadOnly);
    EXPECT_FALSE(parseMt4gBenchmark("Departure Delay", Vendor::Nvidia));
    EXPECT_FALSE(parseMt4gBenchmark("L1 Segment Size", Vendor::Nvidia));
    EXPECT_EQ(mt4gBenchmarkName(Element::VL1, SeriesKind::LineSize), "L1 Line Size");
    EXPECT_EQ(mt4gBenchmarkName(Element::DeviceMemory, SeriesKind::Latency), "Main Memory Latency");
}

TEST(Mt4gRawNames, BothFileNamings) {
    const auto a = parseMt4gFileName("NVIDIA H100 80GB HBM3 - Constant L1.5 Size.txt");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->gpu, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(a->benchmark, "Constant L1.5 Size");
    const auto b = parseMt4gFileName("NVIDIA_H200__L2_Segment_Size.txt");
    ASSERT_TRUE(b);
    EXPECT_EQ(b->gpu, "NVIDIA H200");
    EXPECT_EQ(b->benchmark, "L2 Segment Size");
    EXPECT_FALSE(parseMt4gFileName("README.md"));
    EXPECT_FALSE(parseMt4gFileName("notes.txt"));
}

TEST(Mt4gRawReader, ReadsThePublishedSampleFolder) {
    std::vector<std::string> warnings;
    const Mt4gRawFolder f = readMt4gRaw(kH100, &warnings);
    EXPECT_EQ(f.gpuName, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(f.series.size(), 25u);
    EXPECT_NE(f.jsonReport.find("NVIDIA H100 80GB HBM3.json"), std::string::npos);
    const Series* size = byId(f.series, "l1.size");
    ASSERT_NE(size, nullptr);
    EXPECT_EQ(size->title, "L1 Size");
    EXPECT_EQ(size->kind, SeriesKind::Size);
    ASSERT_EQ(size->rows.size(), 70u);
    EXPECT_EQ(size->rows.front().x, 229376);
    EXPECT_EQ(size->rows.front().latencies.size(), 255u);
    const Series* line = byId(f.series, "l1.line_size");
    ASSERT_NE(line, nullptr);
    EXPECT_EQ(line->rows.front().x, 16);
    EXPECT_EQ(line->rows.front().x2, 159232);
    const Series* dram = byId(f.series, "device_memory.latency");
    ASSERT_NE(dram, nullptr);
    ASSERT_EQ(dram->rows.size(), 1u);
    EXPECT_EQ(dram->rows.front().latencies.size(), 2047u);
    EXPECT_NE(byId(f.series, "l2.segment_size"), nullptr);
    EXPECT_TRUE(warnings.empty());
}

TEST(Mt4gRawReader, FindsTheGpuFolderBelowItsParent) {
    TempDir dir;
    fs::create_directories(dir.path() / "H100");
    for (const char* bench : {"L1 Size", "L1 Latency"})
        fs::copy_file(fs::path(kH100) / (std::string("NVIDIA H100 80GB HBM3 - ") + bench + ".txt"),
                      dir.path() / "H100" / (std::string("NVIDIA H100 80GB HBM3 - ") + bench + ".txt"));
    dir.write("NVIDIA H100 80GB HBM3.json", "{}");
    dir.write("LICENSE.txt", "text");
    const Mt4gRawFolder f = readMt4gRaw(dir.path().string(), nullptr);
    EXPECT_EQ(f.series.size(), 2u);
    EXPECT_EQ(fs::path(f.folder).filename(), "H100");
    EXPECT_EQ(fs::path(f.jsonReport), dir.path() / "NVIDIA H100 80GB HBM3.json");
}

TEST(Mt4gRawReader, Mt4g12NamingUnderResults) {
    TempDir dir;
    dir.write("NVIDIA_H200.json", "{}");
    dir.write("results/NVIDIA_H200/NVIDIA_H200__L1_Size.txt", "1024,38,38\n2048,38,270\n4096,270,270\n");
    dir.write("results/NVIDIA_H200/NVIDIA_H200__Constant_L1.5_Fetch_Granularity.txt", "64,420,108,300\n128,420,300,300\n");
    dir.write("results/NVIDIA_H200/NVIDIA_H200__L2_Segment_Size.txt", "1048576,200,201\n2097152,300,301\n");
    dir.write("results/NVIDIA_H200/NVIDIA_H200__Texture_Line_Size.txt", "32,65536,40,40\n64,65536,40,300\n");
    dir.write("results/NVIDIA_H200/NVIDIA_H200__Main_Memory_Latency.txt", "800\r\n810\r\n");
    dir.write("results/NVIDIA_H200/NVIDIA_H200__L1_Read_BW_Grid.csv", "a,b\n");
    for (const fs::path& where : {dir.path(), dir.path() / "results" / "NVIDIA_H200"}) {
        std::vector<std::string> warnings;
        const Mt4gRawFolder f = readMt4gRaw(where.string(), &warnings);
        EXPECT_EQ(f.gpuName, "NVIDIA H200");
        EXPECT_EQ(f.series.size(), 5u);
        EXPECT_EQ(fs::path(f.jsonReport), dir.path() / "NVIDIA_H200.json");
        const Series* fg = byId(f.series, "constant_l15.fetch_granularity");
        ASSERT_NE(fg, nullptr);
        EXPECT_EQ(fg->title, "Constant L1.5 Fetch Granularity");
        EXPECT_EQ(fg->rows.size(), 2u);
        ASSERT_NE(byId(f.series, "l2.segment_size"), nullptr);
        EXPECT_EQ(byId(f.series, "texture.line_size")->rows[1].x2, 65536);
        EXPECT_EQ(byId(f.series, "device_memory.latency")->rows[0].latencies, (std::vector<std::uint32_t>{800, 810}));
        EXPECT_TRUE(warnings.empty());
    }
}

TEST(Mt4gRawReader, UnknownBenchmarkIsSkippedWithAWarning) {
    TempDir dir;
    dir.write("GPU - L1 Size.txt", "1024,38\n");
    dir.write("GPU - Departure Delay.txt", "1,2,3\n");
    dir.write("notes.txt", "hello\n");
    std::vector<std::string> warnings;
    const auto series = readMt4gRawFolder(dir.path().string(), &warnings);
    EXPECT_EQ(series.size(), 1u);
    ASSERT_EQ(warnings.size(), 2u);
    bool unknown = false;
    for (const auto& w : warnings) unknown |= w.find("unknown benchmark 'Departure Delay'") != std::string::npos;
    EXPECT_TRUE(unknown);
}

TEST(Mt4gRawReader, MissingOrEmptyFolders) {
    EXPECT_THROW(readMt4gRawFolder("/nonexistent/toposcope/folder", nullptr), InputError);
    try {
        readMt4gRawFolder("/nonexistent/toposcope/folder", nullptr);
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/toposcope/folder"), std::string::npos);
    }
    TempDir empty;
    empty.write("README.md", "nothing here");
    EXPECT_THROW(readMt4gRawFolder(empty.path().string(), nullptr), InputError);
}

TEST(Mt4gRawReader, SeveralGpusInOneFolderAreRejected) {
    TempDir dir;
    dir.write("GPU A - L1 Size.txt", "1024,38\n");
    dir.write("GPU B - L1 Size.txt", "1024,38\n");
    EXPECT_THROW(readMt4gRawFolder(dir.path().string(), nullptr), InputError);
    TempDir parent;
    parent.write("A/GPU A - L1 Size.txt", "1024,38\n");
    parent.write("B/GPU B - L1 Size.txt", "1024,38\n");
    EXPECT_THROW(readMt4gRawFolder(parent.path().string(), nullptr), InputError);
}

TEST(Mt4gRawReader, MalformedFilesNameTheFileAndTheProblem) {
    expectBenchRejected("L1 Size", "", "empty file");
    expectBenchRejected("L1 Size", "\n  \n", "empty file");
    expectBenchRejected("L1 Size", "1024,38,\n", ":1: empty field");
    expectBenchRejected("L1 Size", "1024,38,abc\n", ":1: 'abc' is not a number");
    expectBenchRejected("L1 Size", "1024,38,inf\n", "'inf' is not a number");
    expectBenchRejected("L1 Size", "1024,-5\n", "absurd latency -5");
    expectBenchRejected("L1 Size", "1024,2000000000\n", "absurd latency 2000000000");
    expectBenchRejected("L1 Size", "-1024,38\n", "absurd size -1024");
    expectBenchRejected("L1 Size", "1024,38.5\n", "not a whole number");
    expectBenchRejected("L1 Size", std::string("1024,38\n\x00\x01\xff\xfe", 12), ":2: binary data");
    expectBenchRejected("L1 Line Size", "16\n", ":1: truncated line: 1 field(s), L1 Line Size needs a stride and an array size");
    expectBenchRejected("L1 Line Size", "0,1024,38\n", "absurd stride 0");
    expectBenchRejected("L1 Size", "0,38\n", "absurd size 0");
    expectBenchRejected("L1 Fetch Granularity", "-4,38\n", "absurd stride -4");
    expectBenchRejected("L1 Latency", "38\n38,39\n", ":2: expected one latency per line");
}

TEST(Mt4gRawWriter, RoundTripKeepsEveryRow) {
    const auto original = readMt4gRawFolder(kH100, nullptr);
    TempDir out;
    writeMt4gRawFolder(original, "Test GPU", out.path().string());
    const Mt4gRawFolder back = readMt4gRaw(out.path().string(), nullptr);
    EXPECT_EQ(back.gpuName, "Test GPU");
    ASSERT_EQ(back.series.size(), original.size());
    for (const auto& s : original) {
        const Series* b = byId(back.series, s.id);
        ASSERT_NE(b, nullptr) << s.id;
        EXPECT_EQ(b->title, s.title);
        EXPECT_EQ(b->kind, s.kind);
        ASSERT_EQ(b->rows.size(), s.rows.size()) << s.id;
        for (std::size_t i = 0; i < s.rows.size(); ++i) {
            EXPECT_EQ(b->rows[i].x, s.rows[i].x);
            EXPECT_EQ(b->rows[i].x2, s.rows[i].x2);
            EXPECT_EQ(b->rows[i].latencies, s.rows[i].latencies);
        }
    }
}

TEST(Mt4gRawWriter, ExactMt4gColumnLayouts) {
    const auto original = readMt4gRawFolder(kH100, nullptr);
    TempDir out;
    writeMt4gRawFolder(original, "NVIDIA H100 80GB HBM3", out.path().string());
    for (const char* bench : {"L1 Size", "L1 Line Size", "L1 Fetch Granularity", "L1 Latency", "L2 Segment Size"}) {
        const std::string file = std::string("NVIDIA H100 80GB HBM3 - ") + bench + ".txt";
        EXPECT_EQ(slurp(out.path() / file), slurp(fs::path(kH100) / file)) << file;
    }
}

TEST(Mt4gRawWriter, NamesUntitledSeriesAndSkipsKindsWithoutALayout) {
    Series fg;
    fg.id = "vl1.fetch_granularity";
    fg.kind = SeriesKind::FetchGranularity;
    fg.element = Element::VL1;
    fg.rows.push_back({64, 0, {}, 0, {500, 120}});
    Series amount;
    amount.id = "vl1.amount";
    amount.title = "L1 Amount";
    amount.kind = SeriesKind::Amount;
    amount.rows.push_back({1, 0, {}, 0, {1}});
    TempDir out;
    writeMt4gRawFolder({fg, amount}, "AMD Instinct MI300X", (out.path() / "raw").string());
    EXPECT_EQ(slurp(out.path() / "raw" / "AMD Instinct MI300X - L1 Fetch Granularity.txt"), "64,500,120\n");
    EXPECT_FALSE(fs::exists(out.path() / "raw" / "AMD Instinct MI300X - L1 Amount.txt"));
}

// Issue 16, item 12: MT4G's "16,699050" (a stride and an array size, no timings) is a row
// without samples; the folder is read and analysed whole.
TEST(Mt4gRawReader, RowsWithoutSamplesAreRowsNotDamage) {
    const std::string fixture = std::string(TOPOSCOPE_TEST_DATA) + "/mt4g-rows-without-samples/Sim GPU";
    std::vector<std::string> warnings;
    const Mt4gRawFolder folder = readMt4gRaw(fixture, &warnings);
    EXPECT_TRUE(folder.damaged.empty());
    const Series* line = nullptr;
    for (const auto& s : folder.series)
        if (s.kind == SeriesKind::LineSize && s.element == Element::L2) line = &s;
    ASSERT_NE(line, nullptr);
    ASSERT_GE(line->rows.size(), 3u);
    EXPECT_EQ(line->rows.front().x, 16);
    EXPECT_EQ(line->rows.front().x2, 699050);
    EXPECT_TRUE(line->rows.front().latencies.empty());
    EXPECT_EQ(line->rows.back().x, 24);
    EXPECT_TRUE(line->rows.back().latencies.empty());
    EXPECT_FALSE(line->rows[1].latencies.empty());

    TempDir dir;
    dir.write("GPU - L1 Size.txt", "1024\n2048,38,39\n");
    const auto series = readMt4gRawFolder(dir.path().string(), nullptr);
    ASSERT_EQ(series.size(), 1u);
    ASSERT_EQ(series[0].rows.size(), 2u);
    EXPECT_TRUE(series[0].rows[0].latencies.empty());
}

// Issue 16, item 12: one damaged file costs only its own series, and is named.
TEST(Mt4gRawReader, OneDamagedFileIsNamedAndTheRestIsRead) {
    TempDir dir;
    dir.write("GPU - L1 Size.txt", "1024,38,38\n2048,38,39\n");
    dir.write("GPU - L1 Latency.txt", "38\n39\n");
    dir.write("GPU - L2 Latency.txt", std::string("200\n\x7f" "ELF\x01\x00", 10));
    std::vector<std::string> warnings;
    const Mt4gRawFolder folder = readMt4gRaw(dir.path().string(), &warnings);
    EXPECT_EQ(folder.series.size(), 2u);
    ASSERT_EQ(folder.damaged.size(), 1u);
    EXPECT_NE(folder.damaged[0].find("GPU - L2 Latency.txt:2: binary data"), std::string::npos) << folder.damaged[0];
    bool named = false;
    for (const auto& w : warnings) named = named || w.find("GPU - L2 Latency.txt") != std::string::npos;
    EXPECT_TRUE(named);

    // Nothing readable at all stays bad input, naming the damage.
    TempDir broken;
    broken.write("GPU - L1 Size.txt", "1024,abc\n");
    try {
        readMt4gRaw(broken.path().string(), nullptr);
        ADD_FAILURE() << "a folder without one readable series was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("'abc' is not a number"), std::string::npos) << e.what();
    }
}

// Issue 16, item 10: the warm reference row (stride 0) that TopoScope writes first in a fetch
// granularity series reads back as what it was.
TEST(Mt4gRawWriter, WarmReferenceRowReadsBack) {
    Series s;
    s.id = "l1.fetch_granularity";
    s.title = "L1 Fetch Granularity";
    s.kind = SeriesKind::FetchGranularity;
    s.element = Element::L1;
    s.rows.push_back(SeriesRow{0, 8192, "warm reference", 0, {38, 39, 38}});
    s.rows.push_back(SeriesRow{32, 0, {}, 0, {38, 500, 38}});
    TempDir out;
    writeMt4gRawFolder({s}, "Test GPU", out.path().string());
    const auto back = readMt4gRawFolder(out.path().string(), nullptr);
    ASSERT_EQ(back.size(), 1u);
    ASSERT_EQ(back[0].rows.size(), 2u);
    EXPECT_EQ(back[0].rows[0].x, 0);
    EXPECT_EQ(back[0].rows[0].label, "warm reference");
    EXPECT_EQ(back[0].rows[0].latencies, s.rows[0].latencies);
    EXPECT_EQ(back[0].rows[1].latencies, s.rows[1].latencies);
}

// Issue 16, item 8: a huge field is cut in the message, never echoed whole.
TEST(Mt4gRawReader, MessagesCutHugeFields) {
    TempDir dir;
    dir.write("GPU - L1 Size.txt", "1024," + std::string(5'000'000, '7') + "x\n");
    try {
        readMt4gRawFolder(dir.path().string(), nullptr);
        ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
        EXPECT_LT(std::string(e.what()).size(), 400u) << std::string(e.what()).substr(0, 400);
        EXPECT_NE(std::string(e.what()).find("is not a number"), std::string::npos);
    }
}

// A device name longer than a file name may be (a crafted recording's: megabytes) still gives a
// raw folder: the name is cut in the file names (issue 40: names over ~240 bytes made --raw fail).
TEST(Mt4gRawIo, AVeryLongDeviceNameStillWritesTheRawFolder) {
    const auto dir = ts::test::scratchDir("toposcope-rawname-", "long");
    ts::Series s;
    s.id = "l1.size";
    s.title = "L1 Size";
    s.element = ts::Element::L1;
    s.kind = ts::SeriesKind::Size;
    for (const double x : {1024.0, 2048.0}) {
        ts::SeriesRow row;
        row.x = x;
        row.latencies = {40, 41};
        s.rows.push_back(row);
    }
    ts::writeMt4gRawFolder({s}, std::string(5000, 'N') + "\xc3\xa9", (dir / "raw").string());
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir / "raw")) {
        ++files;
        EXPECT_LE(e.path().filename().string().size(), 255u);
    }
    EXPECT_EQ(files, 1);
    std::filesystem::remove_all(dir);
}
