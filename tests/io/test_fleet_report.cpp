// Fleet report JSON: round trip, member files, plain reports, and hardened loading.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "fleet/fleet_report.hpp"
#include "fleet/member_identity.hpp"
#include "fleet_fixtures.hpp"
#include "io/input_error.hpp"
#include "io/report_json.hpp"
#include "scratch_files.hpp"

using namespace ts;
using namespace ts::fleet;
namespace fs = std::filesystem;

namespace {

fs::path fleetReportScratch() {
    const fs::path dir = ts::test::uniqueTempPath("toposcope-fleet-report");
    fs::create_directories(dir);
    return dir;
}

void expectInputError(const fs::path& file, const std::string& needle) {
    try {
        readMembers(file.string());
        ADD_FAILURE() << file << " was accepted";
    } catch (const InputError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find(file.filename().string()), std::string::npos) << message;
        EXPECT_NE(message.find(needle), std::string::npos) << message;
    }
}

}  // namespace

TEST(FleetReportJson, RoundTripKeepsMembersLinksAndReports) {
    FleetReport f;
    f.createdUtc = "2026-01-02T03:04:05Z";
    f.members = {test::fleetMember("node01", 0), test::fleetMember("node02", 1, {.dramReadGibs = 1900})};
    f.members[1].uuidSynthetic = true;
    f.peerLinks.push_back({"node01", 0, 1, true, 123.5, 1800, "cudaMemcpyPeerAsync", 1, ""});
    f.notes = {"gathered by test"};
    const auto path = fleetReportScratch() / "fleet.json";
    writeFleetReport(f, path.string());
    const FleetReport back = readFleetReport(path.string());
    EXPECT_EQ(back.createdUtc, f.createdUtc);
    ASSERT_EQ(back.members.size(), 2u);
    EXPECT_EQ(back.members[1].host, "node02");
    EXPECT_EQ(back.members[1].rank, 1);
    EXPECT_EQ(back.members[1].deviceIndex, 1);
    EXPECT_EQ(back.members[1].uuid, f.members[1].uuid);
    EXPECT_TRUE(back.members[1].uuidSynthetic);
    EXPECT_FALSE(back.members[0].uuidSynthetic);
    EXPECT_EQ(back.members[1].source, path.string());
    ASSERT_NE(back.members[1].report.find(Element::DeviceMemory, "readBandwidth"), nullptr);
    EXPECT_DOUBLE_EQ(back.members[1].report.find(Element::DeviceMemory, "readBandwidth")->value, 1900);
    ASSERT_EQ(back.peerLinks.size(), 1u);
    EXPECT_DOUBLE_EQ(back.peerLinks[0].copyGibPerSecond, 123.5);
    EXPECT_EQ(back.notes, f.notes);
    // readMembers takes a fleet report as well.
    EXPECT_EQ(readMembers(path.string()).size(), 2u);
}

TEST(FleetReportJson, MemberFilesAndPlainReportsReadAsMembers) {
    const auto memberPath = fleetReportScratch() / "node07-3.json";
    writeMemberFile(test::fleetMember("node07", 3), memberPath.string());
    const auto fromMember = readMembers(memberPath.string());
    ASSERT_EQ(fromMember.size(), 1u);
    EXPECT_EQ(fromMember[0].host, "node07");
    EXPECT_EQ(fromMember[0].deviceIndex, 3);

    const auto reportPath = fleetReportScratch() / "plain.json";
    Topology t = test::fleetMember("x", 0).report;
    t.device.extra["uuid"] = "GPU-1234";
    writeReportFile(t, reportPath.string());
    const auto fromReport = readMembers(reportPath.string());
    ASSERT_EQ(fromReport.size(), 1u);
    EXPECT_EQ(fromReport[0].host, "");
    EXPECT_EQ(fromReport[0].uuid, "GPU-1234");
    EXPECT_EQ(fromReport[0].source, reportPath.string());
}

TEST(FleetReportJson, BadFilesNameTheFileAndTheProblem) {
    const auto dir = fleetReportScratch();
    ts::test::writeBytes(dir / "empty.json", "");
    expectInputError(dir / "empty.json", "empty");
    ts::test::writeBytes(dir / "garbage.json", "{\"members\": [");
    expectInputError(dir / "garbage.json", "not valid JSON");
    ts::test::writeBytes(dir / "other.json", R"({"format": "something-else/1"})");
    expectInputError(dir / "other.json", "something-else/1");
    ts::test::writeBytes(dir / "members-object.json", R"({"format": "toposcope-fleet/1", "members": {}})");
    expectInputError(dir / "members-object.json", "members: expected an array");
    ts::test::writeBytes(dir / "no-report.json", R"({"format": "toposcope-fleet/1", "members": [{"host": "a"}]})");
    expectInputError(dir / "no-report.json", "members[0]");
    ts::test::writeBytes(dir / "negative-rank.json", R"({"format": "toposcope-fleet/1", "members": [{"rank": -1, "report": {}}]})");
    expectInputError(dir / "negative-rank.json", "members[0].rank");
    ts::test::writeBytes(dir / "host-number.json", R"({"format": "toposcope-fleet/1", "members": [{"host": 7, "report": {}}]})");
    expectInputError(dir / "host-number.json", "members[0].host");
    ts::test::writeBytes(dir / "bad-report.json",
          R"({"format": "toposcope-fleet/1", "members": [{"host": "a", "report": {"format": "toposcope-report/1", "elements": [{"id": "l9"}]}}]})");
    expectInputError(dir / "bad-report.json", "members[0].report");
    ts::test::writeBytes(dir / "bad-link.json", R"({"format": "toposcope-fleet/1", "members": [], "peerLinks": [{"confidence": 7}]})");
    expectInputError(dir / "bad-link.json", "peerLinks[0].confidence");
    EXPECT_THROW(readFleetReport((dir / "missing.json").string()), InputError);
}

TEST(FleetIdentity, SimulatorUuidIsStableSyntheticAndDiffersByRank) {
    DeviceInfo sim;
    sim.backend = "sim";
    sim.extra["profile"] = "builtin:h100";
    const auto a = gpuIdentity(sim, 0, 0);
    EXPECT_TRUE(a.synthetic);
    EXPECT_EQ(a.uuid.rfind("SIM-", 0), 0u) << a.uuid;
    EXPECT_EQ(a.uuid.size(), 4u + 36u) << a.uuid;
    EXPECT_EQ(gpuIdentity(sim, 0, 0).uuid, a.uuid);
    EXPECT_NE(gpuIdentity(sim, 1, 0).uuid, a.uuid);
    EXPECT_NE(gpuIdentity(sim, 0, 1).uuid, a.uuid);
    sim.extra["profile"] = "builtin:a100";
    EXPECT_NE(gpuIdentity(sim, 0, 0).uuid, a.uuid);

    DeviceInfo real;
    real.backend = "cuda";
    EXPECT_EQ(gpuIdentity(real, 0, 0).uuid, "");
    real.extra["uuid"] = "GPU-0f0e0d0c-0000-1111-2222-333344445555";
    const auto r = gpuIdentity(real, 3, 1);
    EXPECT_EQ(r.uuid, real.extra["uuid"]);
    EXPECT_FALSE(r.synthetic);
    EXPECT_FALSE(localHostName().empty());
}
