// MT4G's older CSV layout (v0.1): GPUscout-GUI's topology picker reads it by position (line i,
// field j after splitting at ';' and dropping quotes), so every line keeps its place and the name,
// the SM and core counts and each size sit where MT4G put them.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "io/mt4g_csv.hpp"

namespace ts::test {
namespace {

std::vector<std::vector<std::string>> fieldsOf(const std::string& csv) {
    std::vector<std::vector<std::string>> lines;
    std::istringstream in(csv);
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> fields;
        std::string field;
        for (char c : line + ";") {
            if (c == ';') {
                const auto first = field.find_first_not_of(' ');
                fields.push_back(first == std::string::npos ? "" : field.substr(first));
                field.clear();
            } else if (c != '"') {
                field += c;
            }
        }
        lines.push_back(fields);
    }
    return lines;
}

const std::vector<std::string> kLines = {"GPU_INFORMATION", "COMPUTE_RESOURCE_INFORMATION", "REGISTER_INFORMATION",
                                         "ADDITIONAL_INFORMATION", "L1_DATA_CACHE", "L2_DATA_CACHE", "TEXTURE_CACHE",
                                         "READ-ONLY_CACHE", "CONSTANT_L1_CACHE", "CONST_L1_5_CACHE", "MAIN_MEMORY",
                                         "SHARED_MEMORY"};

TEST(Mt4gCsv, EveryLineWhereGpuscoutGuiReadsIt) {
    const auto run = runCli("--backend sim --profile h100 --quiet --no-session --mt4g-csv -");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const auto lines = fieldsOf(run.output);
    ASSERT_EQ(lines.size(), kLines.size()) << run.output;
    for (std::size_t i = 0; i < kLines.size(); ++i) EXPECT_EQ(lines[i][0], kLines[i]);
    EXPECT_EQ(lines[0][4], "NVIDIA H100 80GB HBM3 (simulated)");
    EXPECT_EQ(lines[1][4], "132");
    EXPECT_EQ(lines[1][6], "16896");
    EXPECT_EQ(lines[1][8], "128");
    EXPECT_EQ(lines[2][2], "65536");
    EXPECT_EQ(lines[2][5], "65536");
    for (std::size_t i : {4u, 5u, 6u, 7u, 8u, 10u, 11u}) {
        EXPECT_EQ(lines[i][1], "Size") << kLines[i];
        EXPECT_GT(std::stod(lines[i][2]), 0) << kLines[i];
        EXPECT_TRUE(lines[i][3] == "KiB" || lines[i][3] == "MiB" || lines[i][3] == "GiB") << kLines[i];
    }
    EXPECT_EQ(lines[4][2], "241.000000");  // the profile's 246784-byte L1 (4 x 482 x 128 B), measured
    EXPECT_EQ(lines[5][3], "MiB");
}

TEST(Mt4gCsv, WhatWasNotMeasuredIsNotApplicableOrLeftOut) {
    Topology t;
    t.device.name = "partial";
    t.device.unitCount = 2;
    Attribute size;
    size.name = "size";
    size.value = 4096;
    size.unit = "bytes";
    size.confidence = 0;  // undecided
    t.element(Element::L1).set(size);
    Attribute latency;
    latency.name = "latency";
    latency.value = 30;
    latency.unit = "cycles";
    t.element(Element::L1).set(latency);
    const auto lines = fieldsOf(topologyToMt4gCsv(t));
    ASSERT_EQ(lines.size(), kLines.size());
    EXPECT_EQ(lines[4][1], "Load_Latency") << "an undecided size is left out, not written";
    EXPECT_EQ(lines[5], (std::vector<std::string>{"L2_DATA_CACHE", "N/A"}));
    EXPECT_EQ(lines[6], (std::vector<std::string>{"TEXTURE_CACHE", "N/A"}));
}

}  // namespace
}  // namespace ts::test
