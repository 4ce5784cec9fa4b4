// Session recording: what a recorder writes reads back as the run's topology, and a torn or
// damaged file keeps every whole record.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "io/input_error.hpp"
#include "io/report_json.hpp"
#include "io/session_log.hpp"
#include "io/session_read.hpp"
#include "recorded_run.hpp"
#include "scratch_files.hpp"

using namespace ts;
namespace fs = std::filesystem;
using test::bytesOf;

namespace {

const std::set<std::string> kRecordedGroups{"l1", "constant", "memory"};

fs::path scratch(const std::string& name) {
    const fs::path dir = ts::test::uniqueTempPath("toposcope-session-test");
    fs::create_directories(dir);
    return dir / name;
}

}  // namespace

TEST(SessionRecord, ReadsBackAsTheLiveRun) {
    const fs::path file = scratch("roundtrip.tss");
    const Topology live = test::recordRun(file, kRecordedGroups);
    const Session session = readSession(file.string());
    EXPECT_EQ(session.outcome, "finished");
    EXPECT_TRUE(session.cutOff.empty());
    EXPECT_EQ(session.damage, "");
    EXPECT_FALSE(session.finished.empty());

    Topology replayed = session.topology;
    replayed.timestamp = live.timestamp;
    const auto a = reportToJson(live, false);
    const auto b = reportToJson(replayed, false);
    EXPECT_EQ(a["device"], b["device"]);
    EXPECT_EQ(a["elements"], b["elements"]);
    EXPECT_EQ(a["warnings"], b["warnings"]);
    EXPECT_EQ(a["timer"], b["timer"]);
    std::size_t withRows = 0;
    for (const auto& s : live.series) {
        if (s.rows.empty()) continue;
        ++withRows;
        const Series* r = replayed.findSeries(s.id);
        ASSERT_NE(r, nullptr) << s.id;
        Topology x, y;
        x.series = {s};
        y.series = {*r};
        EXPECT_EQ(reportToJson(x)["series"], reportToJson(y)["series"]) << s.id;
    }
    EXPECT_EQ(replayed.series.size(), withRows);
}

TEST(SessionRecord, EveryTruncationKeepsTheWholeRecords) {
    const fs::path file = scratch("truncate.tss");
    test::recordRun(file, kRecordedGroups);
    const std::string bytes = bytesOf(file);
    const SessionLog full = parseSessionLog(bytes, "full");
    ASSERT_EQ(full.damage, "");
    const Session whole = sessionFromBytes(bytes, "full");

    // Cut at the boundaries and inside the header and payload of about 100 records spread over the file.
    std::vector<std::size_t> cuts;
    std::size_t at = kSessionMagicSize;
    const std::size_t step = std::max<std::size_t>(1, full.records.size() / 100);
    for (std::size_t i = 0; i < full.records.size(); ++i) {
        if (i % step == 0 || i + 1 == full.records.size())
            cuts.insert(cuts.end(), {at, at + 3, at + 8 + full.records[i].size() / 2});
        at += 8 + full.records[i].size();
    }
    for (std::size_t cut : cuts) {
        const std::string torn = bytes.substr(0, cut);
        const SessionLog log = parseSessionLog(torn, "torn");
        Session s;
        try {
            s = sessionFromBytes(torn, "torn");
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find("no device record"), std::string::npos) << cut << ": " << e.what();
            continue;
        }
        ASSERT_LE(s.finished.size(), whole.finished.size());
        EXPECT_TRUE(std::equal(s.finished.begin(), s.finished.end(), whole.finished.begin())) << cut;
        EXPECT_LE(s.cutOff.size(), 1u) << cut;
        if (!s.cutOff.empty()) EXPECT_EQ(s.cutOff[0], whole.finished[s.finished.size()]) << cut;
        EXPECT_EQ(s.damage.empty(), log.badBytes == 0) << cut;
    }
}

TEST(SessionRecord, DamageInTheMiddleKeepsWhatCameBefore) {
    const fs::path file = scratch("damaged.tss");
    test::recordRun(file, kRecordedGroups);
    std::string bytes = bytesOf(file);
    const std::size_t middle = bytes.size() / 2;
    bytes[middle] = static_cast<char>(bytes[middle] ^ 0x5A);
    const Session s = sessionFromBytes(bytes, "damaged.tss");
    EXPECT_NE(s.damage, "");
    EXPECT_FALSE(s.finished.empty());
    EXPECT_TRUE(std::any_of(s.topology.warnings.begin(), s.topology.warnings.end(),
                            [](const std::string& w) { return w.find("session file damaged") != std::string::npos; }));
}

TEST(SessionRecord, NotASessionIsAnInputErrorNamingTheFile) {
    for (const std::string bad : {std::string(), std::string("{\"format\":\"toposcope-report/1\"}"),
                                  std::string("\x00\x01\x02\x03", 4)}) {
        try {
            sessionFromBytes(bad, "bad.tss");
            FAIL() << "no error";
        } catch (const InputError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("bad.tss: ", 0), 0u) << e.what();
        }
    }
    // Whole records with the wrong content: named by record.
    const std::string magic(kSessionMagic, kSessionMagicSize);
    for (const std::string payload : {"not json", "[1,2]", R"({"type":"device","device":{"unitCount":"many"}})",
                                      R"({"type":"rows","first":5,"series":{"id":"x","element":"l1"}})"}) {
        EXPECT_THROW(sessionFromBytes(magic + frameSessionRecord(payload), "bad.tss"), InputError) << payload;
    }
}

TEST(SessionRecord, MissingFileIsAnInputError) {
    EXPECT_THROW(readSession("/nonexistent/toposcope.tss"), InputError);
}
