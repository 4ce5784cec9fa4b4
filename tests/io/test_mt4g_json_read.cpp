// MT4G's JSON reports open as topologies: MT4G's published samples and our own MT4G-layout output.
#include <gtest/gtest.h>

#include "io/input_error.hpp"
#include "io/mt4g_json.hpp"
#include "io/mt4g_json_read.hpp"
#include "scratch_files.hpp"

using namespace ts;
using nlohmann::json;

namespace {

const std::string kData = TOPOSCOPE_TEST_DATA "/mt4g/";

double valueOf(const Topology& t, Element e, const char* name) {
    const Attribute* a = t.find(e, name);
    return a ? a->value : -1;
}

}  // namespace

// Issue 37, item 5: the MI210 file's sharedMemPerMultiProcessor is the whole device's LDS (104 CUs
// x 64 KiB); the model holds 64 KiB per CU and says where it came from.
TEST(Mt4gJsonRead, Mi210LdsIsPerCuNotTheWholeDevice) {
    const Topology t = readMt4gJsonFile(kData + "AMD Instinct MI210.json");
    const Attribute* lds = t.find(Element::Lds, "sharedMemPerMultiProcessor");
    ASSERT_NE(lds, nullptr);
    EXPECT_EQ(lds->value, 65536);
    EXPECT_NE(lds->reason.find("6.5 MiB"), std::string::npos) << lds->reason;
    EXPECT_NE(lds->reason.find("104 units"), std::string::npos) << lds->reason;
}

TEST(Mt4gJsonRead, Mi210ShowsItsScalarCacheMap) {
    const Topology t = readMt4gJsonFile(kData + "AMD Instinct MI210.json");
    EXPECT_EQ(t.device.vendor, Vendor::Amd);
    EXPECT_EQ(t.device.name, "AMD Instinct MI210");
    EXPECT_EQ(t.device.unitCount, 104);
    const Attribute* map = t.find(Element::SL1D, "sharedBetween");
    ASSERT_NE(map, nullptr);
    EXPECT_EQ(map->groups.size(), 56u);
    EXPECT_EQ(map->groups[0], (std::vector<int>{0, 1}));
    EXPECT_EQ(valueOf(t, Element::VL1, "size"), 16384);
    EXPECT_EQ(valueOf(t, Element::L2, "apiSize"), 8388608);
    EXPECT_FALSE(t.series.empty());  // the raw folder beside the report
    EXPECT_EQ(t.find(Element::VL1, "size")->evidence, t.findSeries(t.find(Element::VL1, "size")->evidence)->id);
}

TEST(Mt4gJsonRead, H100HasItsSizesAndTheirEvidence) {
    std::vector<std::string> warnings;
    const Topology t = readMt4gJsonFile(kData + "NVIDIA H100 80GB HBM3.json", &warnings);
    EXPECT_EQ(t.device.vendor, Vendor::Nvidia);
    EXPECT_EQ(t.device.unitCount, 132);
    EXPECT_EQ(valueOf(t, Element::L1, "size"), 238848);
    EXPECT_EQ(valueOf(t, Element::L2, "segmentSize"), 26214400);
    EXPECT_EQ(t.find(Element::L1, "sharedWith")->names, (std::vector<std::string>{"Read Only", "Texture"}));
    for (Element e : {Element::L1, Element::Texture, Element::ReadOnly, Element::ConstantL1, Element::L2}) {
        const Attribute* latency = t.find(e, "latency");
        ASSERT_NE(latency, nullptr) << displayName(e);
        ASSERT_NE(t.findSeries(latency->evidence), nullptr) << displayName(e) << " latency has no series";
    }
}

TEST(Mt4gJsonRead, EverySampleOpens) {
    for (const char* name : {"Tesla V100-PCIE-16GB", "NVIDIA GeForce RTX 2080 Ti"}) {
        const Topology t = readMt4gJsonFile(kData + name + ".json");
        EXPECT_EQ(t.device.name, name);
        EXPECT_GT(valueOf(t, Element::L1, "size"), 0) << name;
    }
}

TEST(Mt4gJsonRead, OurOwnMt4gLayoutReadsBack) {
    const Topology sample = readMt4gJsonFile(kData + "AMD Instinct MI210.json");
    const Topology again = topologyFromMt4gJson(topologyToMt4gJson(sample), "again");
    for (Element e : {Element::VL1, Element::SL1D, Element::L2, Element::DeviceMemory})
        for (const char* name : {"size", "lineSize", "fetchGranularity", "latency", "missPenalty"})
            EXPECT_EQ(valueOf(again, e, name), valueOf(sample, e, name)) << displayName(e) << " " << name;
    EXPECT_EQ(again.find(Element::SL1D, "sharedBetween")->groups, sample.find(Element::SL1D, "sharedBetween")->groups);
}

TEST(Mt4gJsonRead, BadContentNamesTheFileAndTheKey) {
    const json good = json::parse(R"({"general": {"name": "X", "vendor": "NVIDIA"}, "memory": {"l1": {"size":
        {"size": 1024, "unit": "bytes", "confidence": 0.9}}}})");
    EXPECT_NO_THROW(topologyFromMt4gJson(good, "x.json"));
    const std::vector<std::pair<std::string, std::string>> cases{
        {"/general/vendor", "\"Intel\""},
        {"/memory/l1/size/size", "\"big\""},
        {"/memory/l1/size/size", "-4"},
        {"/memory/l1/size/size", "1e300"},
        {"/memory/l1/size/confidence", "7"},
        {"/memory/l1", "[1]"},
        {"/compute", "{\"multiProcessorCount\": 1e12}"},
        {"/memory/l1/sharedBetween", "[[0, -1]]"},
        {"/memory/l1/sharedWith", "[1]"},
    };
    for (const auto& [pointer, value] : cases) {
        json bad = good;
        bad[json::json_pointer(pointer)] = json::parse(value);
        try {
            topologyFromMt4gJson(bad, "x.json");
            ADD_FAILURE() << pointer << " = " << value << ": no error";
        } catch (const InputError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("x.json: ", 0), 0u) << e.what();
        }
    }
    EXPECT_THROW(topologyFromMt4gJson(json::array(), "x.json"), InputError);
    EXPECT_THROW(topologyFromMt4gJson(json::object(), "x.json"), InputError);
}

// A size MT4G gives in KiB is read as KiB, not as bytes (issue 40); a unit that is no size unit
// is refused naming the field.
TEST(Mt4gJsonRead, ASizeInKibIsReadAsKib) {
    const auto dir = ts::test::scratchDir("toposcope-mt4g-unit-", "kib");
    nlohmann::json j = ts::test::readJson(std::filesystem::path(TOPOSCOPE_TEST_DATA) / "mt4g" / "NVIDIA H100 80GB HBM3.json");
    j["memory"]["l1"]["size"]["size"] = 233.25;
    j["memory"]["l1"]["size"]["unit"] = "KiB";
    ts::test::writeBytes(dir / "kib.json", j.dump());
    const ts::Topology t = ts::readMt4gJsonFile((dir / "kib.json").string());
    ASSERT_NE(t.find(ts::Element::L1, "size"), nullptr);
    EXPECT_EQ(t.find(ts::Element::L1, "size")->value, 233.25 * 1024);
    j["memory"]["l1"]["size"]["unit"] = "parsecs";
    ts::test::writeBytes(dir / "bad.json", j.dump());
    try {
        ts::readMt4gJsonFile((dir / "bad.json").string());
        ADD_FAILURE() << "read a size in parsecs";
    } catch (const ts::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("l1.size.unit"), std::string::npos) << e.what();
    }
    std::filesystem::remove_all(dir);
}
