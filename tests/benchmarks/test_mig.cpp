// MIG: the simulator's `mig` key, its validation, the L2 shares per profile/instance, the
// report section, the CLI table, and a simulated run that carries MIG end to end.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include "analysis/mig_shares.hpp"
#include "benchmarks/discovery.hpp"
#include "cli_runner.hpp"
#include "io/input_error.hpp"
#include "io/report_json.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"
#include "sim_test_profiles.hpp"
#include "simulated_runs.hpp"

using namespace ts;
using nlohmann::json;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

json placements(std::initializer_list<int> starts, int size) {
    json list = json::array();
    for (int s : starts) list.push_back({{"start", s}, {"size", size}});
    return list;
}

// The 4-SM test GPU with a small profile table: 1g (1 SM, 1 memory slice), 2g (2 SMs, 2 slices),
// 4g (3 SMs, 4 slices), 7g (4 SMs, 8 slices).
json withMig(const std::string& mode, json instances = json::array()) {
    json j = test::nvidiaTestProfile();
    j["mig"] = {{"mode", mode},
                {"profiles",
                 {{{"profile_id", 19}, {"name", "1g.120mb"}, {"slice_count", 1}, {"instance_count", 7}, {"sm_count", 1},
                   {"memory_mib", 120}, {"copy_engines", 1}, {"placements", placements({0, 1, 2, 3, 4, 5, 6}, 1)}},
                  {{"profile_id", 14}, {"name", "2g.250mb"}, {"slice_count", 2}, {"instance_count", 3}, {"sm_count", 2},
                   {"memory_mib", 250}, {"placements", placements({0, 2, 4}, 2)}},
                  {{"profile_id", 5}, {"name", "4g.500mb"}, {"slice_count", 4}, {"instance_count", 1}, {"sm_count", 3},
                   {"memory_mib", 500}, {"copy_engines", 4}, {"decoders", 2}, {"placements", placements({0}, 4)}},
                  {{"profile_id", 0}, {"name", "7g.1000mb"}, {"slice_count", 7}, {"instance_count", 1}, {"sm_count", 4},
                   {"memory_mib", 1000}, {"copy_engines", 7}, {"placements", placements({0}, 8)}}}},
                {"instances", std::move(instances)}};
    return j;
}

json instance(int id, int profile, int start, int size) {
    return {{"id", id}, {"profile_id", profile}, {"placement", {{"start", start}, {"size", size}}}};
}

std::string errorOf(const json& j) {
    try {
        parseProfile(j.dump(), "bad.json");
    } catch (const ProfileError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no ProfileError";
    return {};
}

Attribute measured(const char* name, double value, double confidence) {
    Attribute a;
    a.name = name;
    a.value = value;
    a.confidence = confidence;
    a.method = "test knee";
    a.evidence = "l2.test";
    return a;
}

const MigShare* shareOf(const std::vector<MigShare>& shares, MigShare::Kind kind, int id) {
    for (const auto& s : shares)
        if (s.kind == kind && s.id == id) return &s;
    return nullptr;
}

}  // namespace

TEST(MigProfile, ParsesTheTableAndInstances) {
    const json j = withMig("enabled", {instance(1, 5, 0, 4), instance(2, 14, 4, 2), instance(3, 19, 6, 1)});
    const SimProfile p = test::parseTestProfile(j);
    ASSERT_TRUE(p.mig);
    EXPECT_EQ(p.mig->mode, MigMode::Enabled);
    ASSERT_EQ(p.mig->profiles.size(), 4u);
    EXPECT_EQ(p.mig->profiles[0].placements.size(), 7u);
    EXPECT_EQ(p.mig->profiles[0].memorySlices(), 1);
    EXPECT_EQ(p.mig->profiles[1].copyEngines, -1);  // not given: unknown, not 0
    EXPECT_EQ(p.mig->profiles[2].decoders, 2);
    ASSERT_EQ(p.mig->instances.size(), 3u);
    EXPECT_EQ(p.mig->instances[1].placement, (MigPlacement{4, 2}));
    EXPECT_NE(p.mig->source.find("test.json"), std::string::npos);

    const DeviceInfo d = deviceInfoFrom(p);
    ASSERT_TRUE(d.mig);
    EXPECT_EQ(d.mig->instances.size(), 3u);
    EXPECT_EQ(d.extra.at("mig"), "enabled");
}

TEST(MigProfile, BuiltinTablesHavePlacementsAndCopyEngines) {
    for (const char* name : {"h100", "a100", "h100-mig"}) {
        const SimProfile p = loadProfile(name);
        ASSERT_TRUE(p.mig) << name;
        for (const auto& profile : p.mig->profiles) {
            EXPECT_FALSE(profile.placements.empty()) << name << " " << profile.name;
            EXPECT_GE(profile.copyEngines, 1) << name << " " << profile.name;
            // The largest profile spans every memory slice; the others fit in it.
            EXPECT_LE(profile.smCount, p.compute.smCount) << name;
        }
    }
    const SimProfile mig = loadProfile("h100-mig");
    EXPECT_EQ(mig.mig->mode, MigMode::Enabled);
    int slices = 0;
    for (const auto& i : mig.mig->instances) slices += mig.mig->findProfile(i.profileId)->sliceCount;
    EXPECT_EQ(slices, kMigComputeSlices);
}

TEST(MigProfile, BadValuesNameTheField) {
    struct Case {
        std::string field;
        std::function<void(json&)> mutate;
    };
    const std::vector<Case> cases = {
        {"mig.profiles[0].slice_count", [](json& j) { j["mig"]["profiles"][0]["slice_count"] = 8; }},
        {"mig.profiles[0].sm_count", [](json& j) { j["mig"]["profiles"][0]["sm_count"] = -1; }},
        {"mig.profiles[0].sm_count", [](json& j) { j["mig"]["profiles"][0]["sm_count"] = 5; }},  // GPU has 4
        {"mig.profiles[0].memory_mib", [](json& j) { j["mig"]["profiles"][0]["memory_mib"] = 4096; }},
        {"mig.profiles[0].copy_engines", [](json& j) { j["mig"]["profiles"][0]["copy_engines"] = -2; }},
        {"mig.profiles[0].placements", [](json& j) { j["mig"]["profiles"][0].erase("placements"); }},
        {"mig.profiles[0].placements", [](json& j) { j["mig"]["profiles"][0]["placements"] = json::array(); }},
        {"mig.profiles[0].placements[0].start", [](json& j) { j["mig"]["profiles"][0]["placements"][0]["start"] = 8; }},
        {"mig.profiles[3].placements[0]", [](json& j) { j["mig"]["profiles"][3]["placements"][0]["start"] = 4; }},
        {"mig.profiles[0].placements[1].size", [](json& j) { j["mig"]["profiles"][0]["placements"][1]["size"] = 2; }},
        {"mig.profiles[1].profile_id", [](json& j) { j["mig"]["profiles"][1]["profile_id"] = 19; }},
        {"mig.profiles[2].name", [](json& j) { j["mig"]["profiles"][2]["name"] = ""; }},
        {"mig.instances", [](json& j) { j["mig"]["instances"] = json::array({instance(1, 19, 0, 1)}); }},  // mode disabled
    };
    for (const auto& c : cases) {
        json j = withMig("disabled");
        c.mutate(j);
        const std::string message = errorOf(j);
        EXPECT_EQ(message.rfind("bad.json: " + c.field + ": ", 0), 0u) << "expected " << c.field << ", got: " << message;
    }
    const std::vector<std::pair<std::string, json>> instanceCases = {
        {"mig.instances[1].placement", json{instance(1, 5, 0, 4), instance(2, 14, 2, 2)}},    // overlap
        {"mig.instances[0].profile_id", json::array({instance(1, 7, 0, 1)})},                          // no such profile
        {"mig.instances[0].placement", json::array({instance(1, 14, 1, 2)})},                          // not a placement
        {"mig.instances[1].id", json{instance(1, 19, 0, 1), instance(1, 19, 1, 1)}},          // id twice
        {"mig.instances[0].placement.size", json::array({instance(1, 19, 0, 0)})},
    };
    for (const auto& [field, list] : instanceCases) {
        const std::string message = errorOf(withMig("enabled", list));
        EXPECT_EQ(message.rfind("bad.json: " + field + ": ", 0), 0u) << "expected " << field << ", got: " << message;
    }
    // Two 4-slice instances fit the 8 memory slices but not the 7 compute slices.
    json j = withMig("enabled", {instance(1, 5, 0, 4), instance(2, 55, 4, 4)});
    j["mig"]["profiles"].push_back({{"profile_id", 55}, {"name", "4g.b"}, {"slice_count", 4}, {"instance_count", 1},
                                    {"sm_count", 3}, {"memory_mib", 500}, {"placements", placements({4}, 4)}});
    const std::string message = errorOf(j);
    EXPECT_EQ(message.rfind("bad.json: mig.instances[1]: ", 0), 0u) << message;
    EXPECT_NE(message.find("compute slices"), std::string::npos) << message;
}

TEST(MigShares, L2FollowsTheMemorySlicesAndTheMeasuredSegment) {
    const MigLayout layout = *test::parseTestProfile(withMig("enabled", {instance(4, 5, 0, 4), instance(9, 19, 6, 1)})).mig;
    MigL2Facts facts;
    facts.l2Bytes = 64 * 1024;
    facts.segmentSize = measured("segmentSize", 32 * 1024, 0.9);
    const auto shares = migShares(layout, facts);
    ASSERT_EQ(shares.size(), 6u);  // 4 profiles, then 2 instances

    const MigShare* one = shareOf(shares, MigShare::Kind::Profile, 19);
    ASSERT_NE(one, nullptr);
    EXPECT_EQ(one->smCount.value, 1);
    EXPECT_EQ(one->smCount.source, Source::Api);
    EXPECT_EQ(one->memory.value, 120 * kMiB);
    EXPECT_EQ(one->memorySlices.value, 1);
    EXPECT_DOUBLE_EQ(one->l2Size.value, 8 * 1024);  // 1/8 of 64 KiB
    EXPECT_EQ(one->l2Size.source, Source::Api);
    EXPECT_DOUBLE_EQ(one->l2Segments.value, 0.25);  // a quarter of one 32 KiB segment
    EXPECT_EQ(one->l2Segments.source, Source::Benchmark);
    EXPECT_DOUBLE_EQ(one->l2Segments.confidence, 0.9);
    EXPECT_EQ(one->l2Segments.evidence, "l2.test");
    EXPECT_NE(one->l2Segments.reason.find("1/4 of one"), std::string::npos) << one->l2Segments.reason;

    const MigShare* whole = shareOf(shares, MigShare::Kind::Profile, 0);
    EXPECT_DOUBLE_EQ(whole->l2Size.value, 64 * 1024);
    EXPECT_DOUBLE_EQ(whole->l2Segments.value, 2);
    EXPECT_EQ(whole->copyEngines.value, 7);

    const MigShare* two = shareOf(shares, MigShare::Kind::Profile, 14);
    EXPECT_EQ(two->copyEngines.confidence, 0);  // not in the table: said so, not 0 engines
    EXPECT_FALSE(two->copyEngines.reason.empty());

    const MigShare* inst = shareOf(shares, MigShare::Kind::Instance, 4);
    ASSERT_NE(inst, nullptr);
    EXPECT_EQ(inst->name, "4g.500mb");
    ASSERT_EQ(inst->placements.size(), 1u);
    EXPECT_EQ(inst->placements[0], (MigPlacement{0, 4}));
    EXPECT_DOUBLE_EQ(inst->l2Segments.value, 1);
}

TEST(MigShares, SaysWhatIsMissing) {
    MigLayout layout = *test::parseTestProfile(withMig("disabled")).mig;
    MigL2Facts facts;
    facts.l2Bytes = 64 * 1024;
    auto shares = migShares(layout, facts);
    EXPECT_GT(shares[0].l2Size.confidence, 0);
    EXPECT_EQ(shares[0].l2Segments.confidence, 0);  // no segment measured
    EXPECT_NE(shares[0].l2Segments.reason.find("not measured"), std::string::npos);

    for (auto& p : layout.profiles) p.placements.clear();
    layout.placementProblem = "nvmlDeviceGetGpuInstancePossiblePlacements_v2: Not Supported";
    facts.segmentSize = measured("segmentSize", 32 * 1024, 1);
    shares = migShares(layout, facts);
    EXPECT_EQ(shares[0].memorySlices.confidence, 0);
    EXPECT_NE(shares[0].memorySlices.reason.find("Not Supported"), std::string::npos);
    EXPECT_EQ(shares[0].l2Size.confidence, 0);
    EXPECT_EQ(shares[0].l2Segments.confidence, 0);

    layout = *test::parseTestProfile(withMig("disabled")).mig;
    facts.insideInstance = true;
    shares = migShares(layout, facts);
    EXPECT_LT(shares[0].l2Size.confidence, 1);
    EXPECT_NE(shares[0].l2Size.reason.find("inside a MIG instance"), std::string::npos);
}

// Issue 21: the L2 a slice's SMs can really use, from the whole GPU's measured partitions.
TEST(MigShares, L2UsableAppliesTheMeasuredSharedFractionToTheShare) {
    const MigLayout layout = *test::parseTestProfile(withMig("enabled", {instance(4, 5, 0, 4), instance(9, 19, 6, 1)})).mig;
    MigL2Facts facts;
    facts.l2Bytes = 64 * 1024;
    facts.sharedCapacity = measured("sharedCapacity", 30 * 1024, 1);  // replicas: a little under one 32 KiB partition
    facts.sharedCapacity->evidence = "l2.partitions_shared";
    facts.farReplicated = measured("farReplicated", 1, 1);
    auto shares = migShares(layout, facts);

    const MigShare* one = shareOf(shares, MigShare::Kind::Profile, 19);  // 1 of 8 memory slices: 8 KiB share
    ASSERT_NE(one, nullptr);
    EXPECT_DOUBLE_EQ(one->l2Usable.value, 8 * 1024 * 30.0 / 64);  // 3.75 KiB
    EXPECT_EQ(one->l2Usable.unit, "bytes");
    EXPECT_EQ(one->l2Usable.source, Source::Benchmark);
    EXPECT_DOUBLE_EQ(one->l2Usable.confidence, 0.5);  // a projection onto the slice, not measured in it
    EXPECT_EQ(one->l2Usable.evidence, "l2.partitions_shared");
    EXPECT_NE(one->l2Usable.method.find("not a measurement inside an instance"), std::string::npos) << one->l2Usable.method;
    EXPECT_NE(one->l2Usable.reason.find("farReplicated 1"), std::string::npos) << one->l2Usable.reason;
    EXPECT_NE(one->l2Usable.reason.find("47 %"), std::string::npos) << one->l2Usable.reason;
    const MigShare* inst = shareOf(shares, MigShare::Kind::Instance, 4);  // 4 slices: 32 KiB share
    EXPECT_DOUBLE_EQ(inst->l2Usable.value, 15 * 1024);
    EXPECT_DOUBLE_EQ(inst->l2Usable.confidence, 0.5);

    // Less confident partition results lower it further; a capacity above the API size is capped at the share.
    facts.farReplicated = measured("farReplicated", 0, 0.4);
    facts.sharedCapacity->value = 70 * 1024;
    shares = migShares(layout, facts);
    one = shareOf(shares, MigShare::Kind::Profile, 19);
    EXPECT_DOUBLE_EQ(one->l2Usable.value, 8 * 1024);
    EXPECT_DOUBLE_EQ(one->l2Usable.confidence, 0.4);
    EXPECT_NE(one->l2Usable.reason.find("farReplicated 0"), std::string::npos) << one->l2Usable.reason;

    // Missing partition results: undecided, with the benchmark's reason when it gave one.
    facts.farReplicated.reset();
    shares = migShares(layout, facts);
    EXPECT_EQ(shares[0].l2Usable.confidence, 0);
    EXPECT_NE(shares[0].l2Usable.reason.find("not measured"), std::string::npos) << shares[0].l2Usable.reason;
    facts.partitionsReason = "farReplicated: the first pass did not hit far";
    shares = migShares(layout, facts);
    EXPECT_EQ(shares[0].l2Usable.confidence, 0);
    EXPECT_NE(shares[0].l2Usable.reason.find("did not hit far"), std::string::npos) << shares[0].l2Usable.reason;
}

TEST(MigShares, L2FactsTakeThePartitionResultsOfTheRun) {
    Topology t;
    t.device.l2SizeBytes = 64 * 1024;
    auto add = [&](const char* name, double value, double confidence, std::string reason = {}) {
        Attribute a = measured(name, value, confidence);
        a.reason = std::move(reason);
        t.element(Element::L2).set(a);
    };
    add("sharedCapacity", 30 * 1024, 1);
    add("farReplicated", 0, 1);  // decided although 0: far lines stay far
    MigL2Facts facts = migL2Facts(t);
    ASSERT_TRUE(facts.sharedCapacity);
    EXPECT_EQ(facts.sharedCapacity->value, 30 * 1024);
    ASSERT_TRUE(facts.farReplicated);
    EXPECT_EQ(facts.farReplicated->value, 0);
    EXPECT_TRUE(facts.partitionsReason.empty());

    add("sharedCapacity", 0, 0, "already misses at 16384 B, the smallest array tried");
    facts = migL2Facts(t);
    EXPECT_FALSE(facts.sharedCapacity);
    EXPECT_NE(facts.partitionsReason.find("sharedCapacity: already misses"), std::string::npos) << facts.partitionsReason;
}

TEST(MigShares, SegmentShareInWords) {
    EXPECT_EQ(segmentShareText(0.25, 25 * kMiB), "1/4 of one 25 MiB segment");
    EXPECT_EQ(segmentShareText(1.0, 25 * kMiB), "one whole 25 MiB segment");
    EXPECT_EQ(segmentShareText(2.0, 25 * kMiB), "2 segments of 25 MiB");
    EXPECT_EQ(segmentShareText(0.3, 25 * kMiB), "0.30 of one 25 MiB segment");
}

TEST(MigReport, RoundTripsAndRejectsBadLayouts) {
    Topology t;
    t.device = deviceInfoFrom(test::parseTestProfile(withMig("enabled", json::array({instance(4, 5, 0, 4)}))));
    const json j = reportToJson(t, false);
    ASSERT_TRUE(j["device"].contains("mig"));
    EXPECT_EQ(j["device"]["mig"]["mode"], "enabled");
    ASSERT_EQ(j["mig"]["entries"].size(), 5u);
    EXPECT_EQ(j["mig"]["entries"][4]["kind"], "instance");
    EXPECT_EQ(j["mig"]["entries"][0]["figures"][4]["name"], "l2Size");
    EXPECT_EQ(j["mig"]["entries"][0]["figures"][4]["source"], "api");

    const Topology back = reportFromJson(j, "r.json");
    ASSERT_TRUE(back.device.mig);
    EXPECT_EQ(back.device.mig->profiles.size(), 4u);
    EXPECT_EQ(back.device.mig->profiles[2].copyEngines, 4);
    EXPECT_EQ(back.device.mig->profiles[1].copyEngines, -1);
    EXPECT_EQ(back.device.mig->instances[0].placement, (MigPlacement{0, 4}));
    EXPECT_EQ(back.device.mig->source, t.device.mig->source);

    json bad = j;
    bad["device"]["mig"]["profiles"][0]["sliceCount"] = 9;
    try {
        reportFromJson(bad, "r.json");
        ADD_FAILURE() << "accepted sliceCount 9";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("r.json: device.mig.profiles[0].sliceCount: ", 0), 0u) << e.what();
    }
    bad = j;
    bad["device"]["mig"]["instances"].push_back({{"id", 5}, {"profileId", 19}, {"placement", {{"start", 1}, {"size", 1}}}});
    EXPECT_THROW(reportFromJson(bad, "r.json"), InputError);  // overlaps instance 4

    Topology amd;
    amd.device = deviceInfoFrom(test::parseTestProfile(test::amdTestProfile()));
    EXPECT_FALSE(reportToJson(amd, false).contains("mig"));
}

TEST(MigEndToEnd, SimulatedRunCarriesMigAndTheMeasuredSegment) {
    Topology t = test::simulate(loadProfile("h100-mig"), {"l2"});
    ASSERT_TRUE(t.device.mig);
    EXPECT_EQ(t.device.mig->instances.size(), 4u);

    const MigL2Facts facts = migL2Facts(t);
    ASSERT_TRUE(facts.segmentSize) << "the l2 group measures the segment size";
    const auto shares = migShares(*t.device.mig, facts);
    const MigShare* small = shareOf(shares, MigShare::Kind::Profile, 19);  // 1g.10gb: 1 of 8 memory slices
    ASSERT_NE(small, nullptr);
    // H100: 50 MiB L2 in 2 segments; a 1g slice gets 6.25 MiB, a quarter of one segment.
    EXPECT_DOUBLE_EQ(small->l2Size.value, 6.25 * kMiB);
    EXPECT_GT(small->l2Segments.confidence, 0);
    EXPECT_NEAR(small->l2Segments.value, 0.25, 0.02);
    // No replicas in this profile: data both partitions touch fills the whole L2, so the slice can use all its share.
    EXPECT_NEAR(small->l2Usable.value, 6.25 * kMiB, 0.02 * 6.25 * kMiB) << small->l2Usable.reason;
    EXPECT_DOUBLE_EQ(small->l2Usable.confidence, 0.5) << small->l2Usable.reason;

    json report = reportToJson(t, false);
    EXPECT_EQ(report["mig"]["entries"].size(), 10u);  // 6 profiles, 4 instances
    EXPECT_EQ(report["mig"]["entries"][0]["figures"][5]["source"], "benchmark");
    EXPECT_EQ(report["mig"]["entries"][0]["figures"][6]["name"], "l2Usable");
    // A report written before l2Usable (the figure absent) still reads.
    for (auto& entry : report["mig"]["entries"]) entry["figures"].erase(6);
    EXPECT_TRUE(reportFromJson(report, "old.json").device.mig);
}

TEST(MigEndToEnd, ReplicatedFarLinesHalveTheL2ASliceCanUse) {
    SimProfile profile = loadProfile("h100-mig");
    for (auto& cache : profile.caches)
        if (cache.id == "l2") cache.replicateFar = true;
    Topology t = test::simulate(profile, {"l2"});
    const auto shares = migShares(*t.device.mig, migL2Facts(t));
    const MigShare* small = shareOf(shares, MigShare::Kind::Profile, 19);
    ASSERT_NE(small, nullptr);
    // Shared data sits in both 25 MiB partitions: half of the 6.25 MiB share.
    EXPECT_NEAR(small->l2Usable.value, 3.125 * kMiB, 0.02 * 3.125 * kMiB) << small->l2Usable.reason;
    EXPECT_DOUBLE_EQ(small->l2Usable.confidence, 0.5);
    EXPECT_NE(small->l2Usable.reason.find("farReplicated 1"), std::string::npos) << small->l2Usable.reason;
}

TEST(MigCli, PrintsTheTableAndRejectsBadProfiles) {
    auto r = test::runCli("mig --backend sim --profile h100");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("MIG disabled: what-if over the profile table"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("7g.80gb"), std::string::npos) << r.output;

    r = test::runCli("mig --backend sim --profile h100-mig");
    EXPECT_NE(r.output.find("MIG enabled: 4 instance(s)"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("L2 segments                   L2 usable"), std::string::npos) << r.output;  // the last column
    EXPECT_NE(r.output.find("l2Usable ?: L2 partitions not measured"), std::string::npos) << r.output;  // nothing measured

    r = test::runCli("mig --backend sim --profile mi210");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.output.find("MIG: not reported"), std::string::npos) << r.output;

    const std::string path = testing::TempDir() + "mig_bad_profile.json";
    {
        json j = withMig("enabled", {instance(1, 5, 0, 4), instance(2, 14, 2, 2)});
        std::ofstream(path) << j.dump();
    }
    r = test::runCli("mig --backend sim --profile '" + path + "'");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find(path + ": mig.instances[1].placement:"), std::string::npos) << r.output;
    std::filesystem::remove(path);
}
