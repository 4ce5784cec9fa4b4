#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <set>
#include <string>

#include "sim/builtin_profiles.hpp"
#include "sim/profile.hpp"
#include "sim_test_profiles.hpp"

using namespace ts;
using nlohmann::json;

namespace {

// The ProfileError message of parsing `text` as "bad.json" (fails the test if none is thrown).
std::string errorOf(const std::string& text) {
    try {
        parseProfile(text, "bad.json");
    } catch (const ProfileError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no ProfileError for: " << text.substr(0, 200);
    return {};
}

std::string errorOf(const json& j) { return errorOf(j.dump()); }

bool startsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

TEST(SimProfile, EveryBuiltinParsesWithoutWarnings) {
    std::set<std::string> names;
    for (const auto& builtin : builtinProfiles()) {
        std::vector<std::string> warnings;
        const SimProfile p = loadProfile(std::string(builtin.name), &warnings);
        EXPECT_TRUE(warnings.empty()) << builtin.name << ": " << (warnings.empty() ? "" : warnings.front());
        EXPECT_EQ(p.origin, "builtin:" + std::string(builtin.name));
        EXPECT_FALSE(p.references.empty()) << builtin.name;
        names.insert(std::string(builtin.name));
    }
    for (const char* expected : {"h100", "h100-mig", "h200", "a100", "rtx3090", "mi210", "mi300x"}) EXPECT_TRUE(names.count(expected)) << expected;
}

TEST(SimProfile, H100MatchesTheSpecExample) {
    const SimProfile p = loadProfile("h100");
    EXPECT_EQ(p.vendor, Vendor::Nvidia);
    EXPECT_EQ(p.compute.smCount, 132);
    ASSERT_EQ(p.caches.size(), 4u);
    EXPECT_EQ(p.caches[0].size, 246784u);
    EXPECT_EQ(p.caches[0].sector, 32u);
    EXPECT_EQ(p.caches[3].segments, 2);
    EXPECT_EQ(p.caches[3].farLatency, 480u);
    EXPECT_EQ(p.caches[0].ways, 4u);                    // the measured L1: 4 x 482 x 128 B
    EXPECT_EQ(p.caches[1].ways, 4u);                    // constant L1: 8 sets of 4 ways
    EXPECT_EQ(p.caches[1].index, IndexFunction::Modulo);
    EXPECT_EQ(p.caches[2].ways, 0u);                    // omitted: fully associative
    EXPECT_EQ(p.caches[1].farLatency, p.caches[1].latency);  // omitted: = latency
    ASSERT_TRUE(p.mig.has_value());
    EXPECT_EQ(p.mig->mode, MigMode::Disabled);
    EXPECT_EQ(p.mig->profiles.size(), 6u);
}

TEST(SimProfile, AmdGroupsCoverEveryActiveCuOnce) {
    for (const char* name : {"mi210", "mi300x"}) {
        const SimProfile p = loadProfile(name);
        const SimCache* sl1d = nullptr;
        for (const auto& c : p.caches)
            if (c.scope == CacheScope::CuGroup) sl1d = &c;
        ASSERT_NE(sl1d, nullptr) << name;
        std::multiset<int> grouped;
        int singletons = 0;
        for (const auto& g : sl1d->groups) {
            grouped.insert(g.begin(), g.end());
            singletons += g.size() == 1;
        }
        std::multiset<int> active(p.compute.physicalCuIds.begin(), p.compute.physicalCuIds.end());
        EXPECT_EQ(grouped, active) << name;
        EXPECT_GT(singletons, 0) << name;
    }
    EXPECT_EQ(loadProfile("mi210").compute.smCount, 104);
    EXPECT_EQ(loadProfile("mi300x").compute.smCount, 304);
    EXPECT_EQ(loadProfile("mi300x").compute.xcds, 8);
}

TEST(SimProfile, DeviceInfoShowsOnlyApiFacts) {
    const DeviceInfo h = deviceInfoFrom(loadProfile("h100"));
    EXPECT_EQ(h.backend, "sim");
    EXPECT_EQ(h.unitCount, 132);
    EXPECT_EQ(h.ccMajor, 9);
    EXPECT_EQ(h.ccMinor, 0);
    EXPECT_EQ(h.l2SizeBytes, 52428800u);
    EXPECT_TRUE(h.physicalUnitIds.empty());

    const DeviceInfo m = deviceInfoFrom(loadProfile("mi210"));
    EXPECT_EQ(m.vendor, Vendor::Amd);
    EXPECT_EQ(m.unitCount, 104);
    ASSERT_EQ(m.physicalUnitIds.size(), 104u);
    EXPECT_EQ(m.physicalId(2), 3);  // physical CU 2 is disabled
    EXPECT_EQ(m.l2LineBytes, 128u);
    EXPECT_EQ(m.simdsPerUnit, 4);

    const DeviceInfo x = deviceInfoFrom(loadProfile("mi300x"));
    EXPECT_EQ(x.xcds, 8);
    EXPECT_EQ(x.ccMajor, 9);
    EXPECT_EQ(x.ccMinor, 4);
}

TEST(SimProfile, LoadsAFileAndNamesItInErrors) {
    const std::string path = testing::TempDir() + "sim_profile_test.json";
    {
        std::ofstream out(path);
        out << test::nvidiaTestProfile().dump(2);
    }
    EXPECT_EQ(loadProfile(path).name, "Test NVIDIA GPU");
    EXPECT_EQ(loadProfile(path).origin, path);
    {
        auto j = test::nvidiaTestProfile();
        j["caches"][0]["line"] = 100;
        std::ofstream out(path);
        out << j.dump(2);
    }
    try {
        loadProfile(path);
        FAIL() << "no ProfileError";
    } catch (const ProfileError& e) {
        EXPECT_TRUE(startsWith(e.what(), path + ": caches[0].line: ")) << e.what();
    }
    std::remove(path.c_str());
    try {
        loadProfile(path);
        FAIL() << "no ProfileError";
    } catch (const ProfileError& e) {
        EXPECT_TRUE(startsWith(e.what(), path + ": ")) << e.what();
    }
    EXPECT_THROW(loadProfile("no-such-builtin"), ProfileError);
    EXPECT_THROW(loadProfile(testing::TempDir()), ProfileError);  // a directory
}

TEST(SimProfile, BrokenTextIsRejectedWithOriginAndPosition) {
    const std::string valid = test::nvidiaTestProfile().dump(2);
    struct Case {
        std::string text;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"", "empty"},
        {" \n\t ", "empty"},
        {valid.substr(0, valid.size() / 2), "line"},
        {std::string("\x7f\x45\x4c\x46\x02\x01\x01\x00\xff\xfe\x00\x13", 12), "not valid JSON"},
        {"{\"format\": \"toposcope-sim-profile/1\",}", "not valid JSON"},
        {valid + " trailing", "not valid JSON"},
        {"[1, 2, 3]", "expected a JSON object"},
    };
    for (const auto& c : cases) {
        const std::string message = errorOf(c.text);
        EXPECT_TRUE(startsWith(message, "bad.json: ")) << message;
        EXPECT_NE(message.find(c.expected), std::string::npos) << message;
    }
}

TEST(SimProfile, ExactMessageForAWrongType) {
    auto j = test::nvidiaTestProfile();
    j["caches"][2]["size"] = "abc";
    EXPECT_EQ(errorOf(j), "bad.json: caches[2].size: expected a positive integer, got \"abc\"");
}

TEST(SimProfile, EveryMalformedFieldIsNamed) {
    using Mutation = std::function<void(json&)>;
    struct Case {
        std::string field;
        Mutation mutate;
    };
    const std::vector<Case> cases = {
        {"format", [](json& j) { j["format"] = "toposcope-sim-profile/2"; }},
        {"format", [](json& j) { j.erase("format"); }},
        {"name", [](json& j) { j["name"] = 42; }},
        {"vendor", [](json& j) { j["vendor"] = "Intel"; }},
        {"clock_khz", [](json& j) { j["clock_khz"] = -1; }},
        {"clock_khz", [](json& j) { j["clock_khz"] = 1e12; }},
        {"compute", [](json& j) { j["compute"] = "many"; }},
        {"compute.sm_count", [](json& j) { j["compute"].erase("sm_count"); }},
        {"compute.sm_count", [](json& j) { j["compute"]["sm_count"] = 0; }},
        {"compute.warp_size", [](json& j) { j["compute"]["warp_size"] = 48; }},
        {"compute.xcds", [](json& j) { j["compute"]["xcds"] = 3; }},
        {"caches", [](json& j) { j["caches"] = json::object(); }},
        {"caches[1]", [](json& j) { j["caches"][1] = 7; }},
        {"caches[0].id", [](json& j) { j["caches"][0]["id"] = ""; }},
        {"caches[1].id", [](json& j) { j["caches"][1]["id"] = "l1"; }},
        {"caches[0].serves", [](json& j) { j["caches"][0]["serves"] = json::array(); }},
        {"caches[0].serves[1]", [](json& j) { j["caches"][0]["serves"][1] = "globl"; }},
        {"caches[0].serves[0]", [](json& j) { j["caches"][0]["serves"][0] = "vector"; }},
        {"caches[0].serves[0]", [](json& j) { j["caches"][0]["serves"][0] = "shared"; }},
        {"caches[0].serves[1]", [](json& j) { j["caches"][0]["serves"][1] = "global"; }},
        {"caches[0].scope", [](json& j) { j["caches"][0]["scope"] = "warp"; }},
        {"caches[0].policy", [](json& j) { j["caches"][0]["policy"] = "mru"; }},  // fifo is valid since issue 22
        {"caches[0].index", [](json& j) { j["caches"][0]["index"] = "crc"; }},
        {"tlbs[0].page_size", [](json& j) {
             j["tlbs"] = json::array({{{"id", "t"}, {"scope", "sm"}, {"entries", 8}, {"page_size", 5000}, {"miss_cost", 9}}});
         }},
        {"tlbs[1]", [](json& j) {
             j["tlbs"] = json::array({{{"id", "a"}, {"scope", "sm"}, {"entries", 8}, {"page_size", 65536}, {"miss_cost", 9}},
                                      {{"id", "b"}, {"scope", "gpu"}, {"entries", 4}, {"page_size", 65536}, {"miss_cost", 9}}});
         }},
        {"tlbs[0].scope", [](json& j) {
             j["tlbs"] = json::array({{{"id", "t"}, {"scope", "xcd"}, {"entries", 8}, {"page_size", 65536}, {"miss_cost", 9}}});
         }},
        {"caches[0].size", [](json& j) { j["caches"][0]["size"] = -4096; }},
        {"caches[0].size", [](json& j) { j["caches"][0]["size"] = 4096.5; }},
        {"caches[0].size", [](json& j) { j["caches"][0]["size"] = 4100; }},
        {"caches[0].size", [](json& j) { j["caches"][0]["size"] = 1ull << 50; }},
        {"caches[0].size", [](json& j) { j["caches"][0].erase("size"); }},
        {"caches[0].line", [](json& j) { j["caches"][0]["line"] = 96; }},
        {"caches[0].line", [](json& j) { j["caches"][0]["line"] = 0; }},
        {"caches[0].sector", [](json& j) { j["caches"][0]["sector"] = 48; }},
        {"caches[0].sector", [](json& j) { j["caches"][0]["sector"] = 256; }},
        {"caches[0].ways", [](json& j) { j["caches"][0]["ways"] = 5; }},
        {"caches[0].ways", [](json& j) { j["caches"][0]["ways"] = -1; }},
        {"caches[0].policy", [](json& j) { j["caches"][0]["size"] = 3 * 1024; j["caches"][0]["policy"] = "plru"; }},
        {"caches[0].latency", [](json& j) { j["caches"][0]["latency"] = 0; }},
        {"caches[0].latency", [](json& j) { j["caches"][0]["latency"] = "fast"; }},
        {"caches[3].far_latency", [](json& j) { j["caches"][3]["far_latency"] = 100; }},
        {"caches[3].segments", [](json& j) { j["caches"][3]["segments"] = 0; }},
        {"caches[3].size", [](json& j) { j["caches"][3]["segments"] = 3; }},
        {"caches[0].segments", [](json& j) { j["caches"][0]["segments"] = 2; }},
        {"caches[0].per_sm", [](json& j) { j["caches"][0]["per_sm"] = 0; }},
        {"caches[3].per_sm", [](json& j) { j["caches"][3]["per_sm"] = 2; }},
        {"caches[0].groups", [](json& j) { j["caches"][0]["groups"] = json::array({json::array({0})}); }},
        {"caches[0].read_gibs", [](json& j) { j["caches"][0]["read_gibs"] = 100; }},
        {"caches[3].read_gibs", [](json& j) { j["caches"][3]["read_gibs"] = -5; }},
        {"api.l2_size", [](json& j) { j["api"].erase("l2_size"); }},
        {"api.total_global_mem", [](json& j) { j["api"]["total_global_mem"] = "80GB"; }},
        {"shared_memory.latency", [](json& j) { j["shared_memory"]["latency"] = 0; }},
        {"dram.read_gibs", [](json& j) { j["dram"]["read_gibs"] = 0; }},
        {"dram", [](json& j) { j.erase("dram"); }},
        {"noise.outlier_rate", [](json& j) { j["noise"]["outlier_rate"] = 2; }},
        {"noise.jitter", [](json& j) { j["noise"]["jitter"] = -1; }},
        {"timer_overhead", [](json& j) { j["timer_overhead"] = -3; }},
        {"mig.mode", [](json& j) { j["mig"] = {{"mode", "sometimes"}}; }},
        {"references[0]", [](json& j) { j["references"] = json::array({1}); }},
        {"strict", [](json& j) { j["strict"] = "yes"; }},
    };
    for (const auto& c : cases) {
        auto j = test::nvidiaTestProfile();
        c.mutate(j);
        const std::string message = errorOf(j);
        EXPECT_TRUE(startsWith(message, "bad.json: " + c.field + ": ")) << "expected field " << c.field << ", got: " << message;
    }
}

TEST(SimProfile, AmdTopologyRulesAreChecked) {
    using Mutation = std::function<void(json&)>;
    struct Case {
        std::string field;
        Mutation mutate;
    };
    const std::vector<Case> cases = {
        {"caches[1].groups[2][0]", [](json& j) { j["caches"][1]["groups"][2][0] = 3; }},      // unknown CU id
        {"caches[1].groups[1][0]", [](json& j) { j["caches"][1]["groups"][1][0] = 1; }},      // CU in two groups
        {"caches[1].groups", [](json& j) { j["caches"][1]["groups"].erase(2); }},            // CU 4 in none
        {"caches[1].groups", [](json& j) { j["caches"][1].erase("groups"); }},
        {"caches[1].groups[0]", [](json& j) { j["caches"][1]["groups"][0] = json::array(); }},
        {"compute.physical_cu_ids", [](json& j) { j["compute"]["physical_cu_ids"] = {0, 1, 2}; }},
        {"compute.physical_cu_ids[3]", [](json& j) { j["compute"]["physical_cu_ids"][3] = 1; }},
        {"caches[0].serves[0]", [](json& j) { j["caches"][0]["serves"][0] = "global"; }},
        {"caches[3].ways", [](json& j) { j["caches"][3]["ways"] = 6; }},
    };
    for (const auto& c : cases) {
        auto j = test::amdTestProfile();
        c.mutate(j);
        const std::string message = errorOf(j);
        EXPECT_TRUE(startsWith(message, "bad.json: " + c.field + ": ")) << "expected field " << c.field << ", got: " << message;
    }
    EXPECT_NO_THROW(test::parseTestProfile(test::amdTestProfile()));
}

TEST(SimProfile, UnknownKeysWarnOrFailUnderStrict) {
    auto j = test::nvidiaTestProfile();
    j["caches"][0]["colour"] = "blue";
    j["extra_top"] = 1;
    std::vector<std::string> warnings;
    EXPECT_NO_THROW(parseProfile(j.dump(), "lenient.json", &warnings));
    ASSERT_EQ(warnings.size(), 2u);
    bool sawCache = false;
    for (const auto& w : warnings) sawCache = sawCache || w.find("lenient.json: caches[0].colour") != std::string::npos;
    EXPECT_TRUE(sawCache) << warnings[0];

    j["strict"] = true;
    const std::string message = errorOf(j);
    EXPECT_TRUE(startsWith(message, "bad.json: caches[0].colour: ") || startsWith(message, "bad.json: extra_top: "))
        << message;
}

TEST(SimProfile, OptionalKeysTakeTheirDefaults) {
    auto j = test::nvidiaTestProfile();
    j.erase("noise");
    j["caches"][1].erase("sector");
    const SimProfile p = test::parseTestProfile(j);
    EXPECT_EQ(p.noise.jitter, 0u);
    EXPECT_EQ(p.caches[1].sector, p.caches[1].line);
    EXPECT_EQ(p.caches[1].perSm, 1);
    EXPECT_EQ(p.caches[1].policy, CachePolicy::Lru);
    EXPECT_EQ(p.timerOverhead, 0u);
    EXPECT_FALSE(p.mig.has_value());
    j["clock_khz"] = 1.5e6;  // integral floats are fine
    EXPECT_EQ(test::parseTestProfile(j).clockKhz, 1500000u);
}
