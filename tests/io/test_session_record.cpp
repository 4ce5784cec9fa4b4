// Session recording: what a recorder writes reads back as the run's topology, and a torn or
// damaged file keeps every whole record.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
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

fs::path sessionScratch(const std::string& name) {
    const fs::path dir = ts::test::uniqueTempPath("toposcope-session-test");
    fs::create_directories(dir);
    return dir / name;
}

}  // namespace

TEST(SessionRecord, ReadsBackAsTheLiveRun) {
    const fs::path file = sessionScratch("roundtrip.tss");
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
    const fs::path file = sessionScratch("truncate.tss");
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
    const fs::path file = sessionScratch("damaged.tss");
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

// Issue 18: every record after the header says when it happened ("t", seconds since the run
// started, monotonic), an end says how long its benchmark ran, and the timeline keeps the order.
TEST(SessionRecord, RecordsWhenEveryEventHappened) {
    const fs::path file = sessionScratch("timed.tss");
    const auto before = std::chrono::steady_clock::now();
    const Topology live = test::recordRun(file, kRecordedGroups);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - before).count();

    const SessionLog log = parseSessionLog(bytesOf(file), "timed.tss");
    double last = 0;
    for (std::size_t i = 1; i < log.records.size(); ++i) {
        const auto record = nlohmann::json::parse(log.records[i]);
        ASSERT_TRUE(record.contains("t") && record["t"].is_number()) << record.dump().substr(0, 200);
        const double t = record["t"].get<double>();
        EXPECT_GE(t, last) << "record " << i << " is earlier than the one before it";
        last = t;
    }
    EXPECT_GT(last, 0.0);
    EXPECT_LE(last, wall);

    const Session s = readSession(file.string(), true);
    ASSERT_FALSE(s.timeline.empty());
    std::map<std::string, double> began;
    std::size_t ends = 0, progress = 0, rows = 0, results = 0;
    for (const SessionEvent& e : s.timeline) {
        EXPECT_GE(e.t, 0.0);
        if (e.kind == SessionEvent::Kind::Begin) began[e.benchmark] = e.t;
        if (e.kind == SessionEvent::Kind::Progress) {
            ++progress;
            EXPECT_FALSE(e.benchmark.empty());
            EXPECT_GT(e.total, 0);
        }
        if (e.kind == SessionEvent::Kind::Rows) ++rows;
        if (e.kind == SessionEvent::Kind::Result) ++results;
        if (e.kind != SessionEvent::Kind::End) continue;
        ++ends;
        ASSERT_TRUE(began.count(e.benchmark)) << e.benchmark;
        EXPECT_NEAR(e.seconds, e.t - began[e.benchmark], 1.5e-6) << e.benchmark << ": one clock reading per record";
    }
    EXPECT_EQ(ends, s.finished.size());
    EXPECT_GE(progress, ends);
    EXPECT_GT(rows, s.topology.series.size() / 2);
    std::size_t measured = 0;
    for (const auto& [element, report] : live.elements)
        measured += std::count_if(report.attributes.begin(), report.attributes.end(),
                                  [](const Attribute& a) { return a.source != Source::Api; });
    EXPECT_GE(results, measured);

    // The rows, applied in the timeline's order, are the series the session reads back.
    std::map<std::string, Series> replayed;
    for (const SessionEvent& e : s.timeline) {
        if (e.kind != SessionEvent::Kind::Rows) continue;
        Series& series = replayed[e.rows.id];
        if (e.first == 0) series = e.rows;
        else series.rows.insert(series.rows.end(), e.rows.rows.begin(), e.rows.rows.end());
    }
    ASSERT_EQ(replayed.size(), s.topology.series.size());
    for (const Series& series : s.topology.series) {
        ASSERT_EQ(replayed[series.id].rows.size(), series.rows.size()) << series.id;
        for (std::size_t i = 0; i < series.rows.size(); ++i)
            EXPECT_EQ(replayed[series.id].rows[i].latencies, series.rows[i].latencies) << series.id << " row " << i;
    }
    // Without asking, no timeline (the CLI's reports need none).
    EXPECT_TRUE(readSession(file.string()).timeline.empty());
}

// A session written before the time stamps (no "t", no "seconds", no progress records) reads
// back as before; its timeline says the times are unknown.
TEST(SessionRecord, SessionWithoutTimeStampsStillLoads) {
    const fs::path file = sessionScratch("untimed.tss");
    test::recordRun(file, kRecordedGroups);
    const SessionLog log = parseSessionLog(bytesOf(file), "untimed.tss");
    std::string old(kSessionMagic, kSessionMagicSize);
    for (const auto& payload : log.records) {
        auto record = nlohmann::json::parse(payload);
        if (record["type"] == "progress") continue;
        record.erase("t");
        record.erase("seconds");
        old += frameSessionRecord(record.dump());
    }
    const Session timed = readSession(file.string());
    const Session s = sessionFromBytes(old, "untimed.tss", true);
    EXPECT_EQ(s.outcome, "finished");
    EXPECT_EQ(s.finished, timed.finished);
    EXPECT_EQ(reportToJson(s.topology, true)["elements"], reportToJson(timed.topology, true)["elements"]);
    EXPECT_EQ(reportToJson(s.topology, true)["series"], reportToJson(timed.topology, true)["series"]);
    ASSERT_FALSE(s.timeline.empty());
    for (const SessionEvent& e : s.timeline) {
        EXPECT_EQ(e.t, -1.0);
        EXPECT_NE(e.kind, SessionEvent::Kind::Progress);
        if (e.kind == SessionEvent::Kind::End) EXPECT_EQ(e.seconds, -1.0);
    }
}

TEST(SessionRecord, ATimeThatIsNoTimeIsAnInputError) {
    const std::string magic(kSessionMagic, kSessionMagicSize);
    const std::string header = frameSessionRecord(R"({"type":"session","format":"toposcope-session/1"})");
    for (const std::string payload : {R"({"type":"warning","message":"x","t":"soon"})", R"({"type":"warning","message":"x","t":-1})",
                                      R"({"type":"end","benchmark":"L1 Size","seconds":"long"})",
                                      R"({"type":"progress","benchmark":"L1 Size","done":-2})"}) {
        try {
            sessionFromBytes(magic + header + frameSessionRecord(payload), "bad.tss", true);
            FAIL() << "no error for " << payload;
        } catch (const InputError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("bad.tss: record 2", 0), 0u) << e.what();
        }
    }
}

// A session whose file lost a whole result record (checksums intact: the record is simply gone)
// says so when it is read (issue 40: a dropped result went unnoticed).
TEST(SessionRecord, ADroppedRecordIsNamedWhenTheSessionIsRead) {
    const auto dir = ts::test::scratchDir("toposcope-session-", "dropped");
    const auto path = (dir / "run.tss").string();
    const auto r = ts::test::runCli("--backend sim --profile h100 --only l1 --quiet --session '" + path + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const std::string bytes = ts::test::bytesOf(path);
    ts::SessionLogReader reader = ts::sessionLogReader(bytes, path);
    std::string payload, kept(ts::kSessionMagic, ts::kSessionMagicSize);
    bool dropped = false;
    while (reader.next(payload)) {
        if (!dropped && payload.find("\"type\":\"result\"") != std::string::npos) {
            dropped = true;
            continue;
        }
        kept += ts::frameSessionRecord(payload);
    }
    ASSERT_TRUE(dropped);
    EXPECT_TRUE(ts::readSession(path).topology.warnings.empty() ||
                ts::readSession(path).topology.warnings.front().find("missing") == std::string::npos);
    ts::test::writeBytes(path, kept);
    const ts::Session s = ts::readSession(path);
    const auto& w = s.topology.warnings;
    EXPECT_TRUE(std::any_of(w.begin(), w.end(), [](const std::string& m) { return m.find("are missing") != std::string::npos; }))
        << (w.empty() ? std::string("no warning") : w.front());
    std::filesystem::remove_all(dir);
}
