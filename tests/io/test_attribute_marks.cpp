// An attribute's marks (model/attribute.hpp, Mark): saved in toposcope-report/3 and session/2,
// taken from the reasons of /1 and /2 reports and session/1 files by the one legacy loader, and
// never read from the reason of a file that has marks of its own.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "io/input_error.hpp"
#include "io/legacy_marks.hpp"
#include "io/report_json.hpp"
#include "io/session_log.hpp"
#include "io/session_read.hpp"
#include "model/attribute_marks.hpp"

namespace ts {
namespace {

Attribute disturbedSize() {
    Attribute a;
    a.name = "size";
    a.value = 240 * 1024;
    a.unit = "bytes";
    a.method = "p-chase+ks";
    a.confidence = 0.5;
    a.reason = "knee at 240 KiB";
    markAttribute(a, Mark::SharedGpu, "shared GPU: sentinel chase median 310 cycles (baseline 300)");
    markAttribute(a, Mark::OccupancyLimited, "");
    return a;
}

nlohmann::json reportWith(const Attribute& a) {
    Topology t;
    t.device.name = "GPU";
    t.element(Element::L1).set(a);
    return reportToJson(t, false);
}

TEST(AttributeMarks, MarkingAddsTheMarkOnceAndTheWordsToTheReason) {
    const Attribute a = disturbedSize();
    EXPECT_EQ(a.marks, (std::vector<Mark>{Mark::SharedGpu, Mark::OccupancyLimited}));
    EXPECT_EQ(a.reason, "knee at 240 KiB; shared GPU: sentinel chase median 310 cycles (baseline 300)");
    Attribute twice = a;
    markAttribute(twice, Mark::SharedGpu, "");
    EXPECT_EQ(twice.marks.size(), 2u);
    for (Mark m : {Mark::SharedGpu, Mark::OccupancyLimited, Mark::Projected}) {
        EXPECT_EQ(markFromString(toString(m)), m);
        EXPECT_FALSE(displayName(m).empty());
    }
    EXPECT_EQ(markFromString("disturbed"), std::nullopt);
}

TEST(AttributeMarks, AReportKeepsThemAndNeverReadsThemFromTheReason) {
    const nlohmann::json j = reportWith(disturbedSize());
    EXPECT_EQ(j["format"], "toposcope-report/3");
    const auto& saved = j["elements"][0]["attributes"][0];
    EXPECT_EQ(saved["marks"], (nlohmann::json{"sharedGpu", "occupancyLimited"}));
    const Topology read = wholeReportFromJson(j, "r.json");
    const Attribute* back = read.find(Element::L1, "size");
    ASSERT_NE(back, nullptr);
    EXPECT_EQ(back->marks, disturbedSize().marks);

    // A /3 attribute without marks has none, whatever its reason says.
    nlohmann::json unmarked = j;
    unmarked["elements"][0]["attributes"][0].erase("marks");
    EXPECT_TRUE(wholeReportFromJson(unmarked, "r.json").find(Element::L1, "size")->marks.empty());
}

TEST(AttributeMarks, OlderReportsHaveThemTakenFromTheirReasons) {
    Attribute projected;
    projected.name = "size";
    projected.unit = "bytes";
    projected.value = 1;
    projected.confidence = 0.5;
    projected.reason = "x; projected from the whole GPU, not measured inside this instance";
    for (const char* format : {"toposcope-report/1", "toposcope-report/2"}) {
        nlohmann::json j = reportWith(disturbedSize());
        j["format"] = format;
        j["elements"][0]["attributes"][0].erase("marks");
        j["elements"][0]["attributes"][0]["reason"] =
            "knee; shared GPU: another context is on the GPU, and the lines it leaves in the cache between our "
            "kernels move this capacity";
        EXPECT_EQ(wholeReportFromJson(j, "old.json").find(Element::L1, "size")->marks,
                  (std::vector<Mark>{Mark::SharedGpu, Mark::OccupancyLimited}))
            << format;
        nlohmann::json p = reportWith(projected);
        p["format"] = format;
        EXPECT_EQ(wholeReportFromJson(p, "old.json").find(Element::L1, "size")->marks, std::vector<Mark>{Mark::Projected});
    }
    EXPECT_TRUE(marksFromLegacyReason("cold chase, stride 256 B").empty());
}

TEST(AttributeMarks, AnUnknownMarkIsAnInputError) {
    nlohmann::json j = reportWith(disturbedSize());
    j["elements"][0]["attributes"][0]["marks"] = {"sharedGpu", "haunted"};
    try {
        wholeReportFromJson(j, "bad.json");
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("unknown mark \"haunted\""), std::string::npos) << e.what();
    }
    j["elements"][0]["attributes"][0]["marks"] = "sharedGpu";
    EXPECT_THROW(wholeReportFromJson(j, "bad.json"), InputError);
}

std::string sessionOf(const char* format, const nlohmann::json& element) {
    const nlohmann::json header{{"type", "session"}, {"format", format}};
    const nlohmann::json device{{"type", "device"}, {"device", {{"name", "GPU"}, {"vendor", "NVIDIA"}}}, {"t", 0}};
    const nlohmann::json result{{"type", "result"}, {"element", element}, {"t", 1}};
    return std::string(kSessionMagic, kSessionMagicSize) + frameSessionRecord(header.dump()) +
           frameSessionRecord(device.dump()) + frameSessionRecord(result.dump());
}

TEST(AttributeMarks, SessionsKeepThemAndOldSessionsHaveThemTakenFromTheirReasons) {
    const nlohmann::json element = reportWith(disturbedSize())["elements"][0];
    const Session now = sessionFromBytes(sessionOf("toposcope-session/2", element), "now.tss");
    EXPECT_EQ(now.topology.find(Element::L1, "size")->marks, disturbedSize().marks);

    nlohmann::json old = element;
    old["attributes"][0].erase("marks");
    const Session before = sessionFromBytes(sessionOf("toposcope-session/1", old), "old.tss");
    EXPECT_EQ(before.topology.find(Element::L1, "size")->marks, std::vector<Mark>{Mark::SharedGpu});
    const Session unmarked = sessionFromBytes(sessionOf("toposcope-session/2", old), "now.tss");
    EXPECT_TRUE(unmarked.topology.find(Element::L1, "size")->marks.empty());
}

// The run's own mark: another process used the GPU (Topology::sharedGpu). /3 keeps it in
// `shared_gpu`; a /1 or /2 report has it taken from the warning those writers began with "shared
// GPU: "; a /3 report's warnings are never read for it.
TEST(AttributeMarks, TheRunsSharedGpuMarkIsKeptAndOlderReportsHaveItFromTheirWarning) {
    Topology t;
    t.device.name = "GPU";
    const std::string words = "shared GPU: another process used the GPU during the run; 3 pre-empted chase(s) measured again clean";
    t.warnings = {"group 'scalar' does not exist on NVIDIA GPUs: skipped", words};
    t.sharedGpu = words;
    const nlohmann::json j = reportToJson(t, false);
    EXPECT_EQ(j["shared_gpu"], words);
    EXPECT_EQ(wholeReportFromJson(j, "r.json").sharedGpu, words);

    nlohmann::json unmarked = j;
    unmarked.erase("shared_gpu");
    EXPECT_FALSE(wholeReportFromJson(unmarked, "r.json").sharedGpu);
    for (const char* format : {"toposcope-report/1", "toposcope-report/2"}) {
        unmarked["format"] = format;
        EXPECT_EQ(wholeReportFromJson(unmarked, "r.json").sharedGpu, words) << format;
    }
    unmarked["warnings"] = nlohmann::json::array({"group 'scalar' does not exist on NVIDIA GPUs: skipped"});
    EXPECT_FALSE(wholeReportFromJson(unmarked, "r.json").sharedGpu);

    // Sessions: the shared_gpu record of /2, the warning of /1.
    const nlohmann::json element = reportWith(disturbedSize())["elements"][0];
    const std::string mark = frameSessionRecord(nlohmann::json{{"type", "shared_gpu"}, {"evidence", words}, {"t", 2}}.dump());
    EXPECT_EQ(sessionFromBytes(sessionOf("toposcope-session/2", element) + mark, "now.tss").topology.sharedGpu, words);
    const std::string warning = frameSessionRecord(nlohmann::json{{"type", "warning"}, {"message", words}, {"t", 2}}.dump());
    EXPECT_EQ(sessionFromBytes(sessionOf("toposcope-session/1", element) + warning, "old.tss").topology.sharedGpu, words);
    EXPECT_FALSE(sessionFromBytes(sessionOf("toposcope-session/2", element) + warning, "now.tss").topology.sharedGpu);
}

}  // namespace
}  // namespace ts
