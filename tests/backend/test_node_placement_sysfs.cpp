// Where the GPU sits in its node, read from a sysfs tree (issue 39, item 4): the files Linux writes
// for a PCI device, their missing and malformed cases, the report's round trip and the CLI's line.
#include <gtest/gtest.h>

#include <map>

#include "backend/node_placement_sysfs.hpp"
#include "io/input_error.hpp"
#include "io/report_json.hpp"
#include "scratch_files.hpp"

namespace ts {
namespace {

std::filesystem::path fakeDevice(const std::filesystem::path& devices, const std::string& address,
                                 const std::map<std::string, std::string>& files) {
    const auto dir = devices / address;
    std::filesystem::create_directories(dir);
    for (const auto& [name, text] : files) test::writeBytes(dir / name, text + "\n");
    return dir;
}

TEST(NodePlacementSysfs, ReadsTheNodeTheCpusAndTheLinkOfTheGpusAddress) {
    const auto devices = test::scratchDir("toposcope-sysfs", "full");
    fakeDevice(devices, "0000:19:00.0",
               {{"numa_node", "1"}, {"local_cpulist", "48-95,144-191"}, {"current_link_speed", "2.5 GT/s PCIe"},
                {"current_link_width", "16"}, {"max_link_speed", "32.0 GT/s PCIe"}, {"max_link_width", "16"}});
    // CUDA's and NVML's spelling: an eight-digit domain, upper case.
    const auto node = readNodePlacement("00000000:19:00.0", devices, devices / "no-nodes");
    ASSERT_TRUE(node);
    EXPECT_EQ(node->pciAddress, "0000:19:00.0");
    EXPECT_EQ(node->numaNode, 1);
    EXPECT_EQ(node->localCpus, "48-95,144-191");
    EXPECT_EQ(node->localCpuCount, 96);
    EXPECT_EQ(node->pcieGeneration, 1) << "an idle link trains down";
    EXPECT_EQ(node->maxPcieGeneration, 5);
    EXPECT_EQ(node->linkWidth, 16);
    EXPECT_EQ(node->source, "sysfs");
    EXPECT_EQ(describe(*node), "NUMA node 1, CPUs 48-95,144-191 (96), PCIe gen 1 x16 (up to gen 5 x16)");
    std::filesystem::remove_all(devices);
}

TEST(NodePlacementSysfs, AVirtualMachinesDeviceNamesNoNodeAndMissingFilesStayUnknown) {
    const auto devices = test::scratchDir("toposcope-sysfs", "vm");
    fakeDevice(devices, "0000:af:00.0", {{"numa_node", "-1"}, {"local_cpulist", "garbage"}, {"max_link_speed", "Unknown"}});
    const auto node = readNodePlacement("0000:AF:00.0", devices, devices / "no-nodes");
    ASSERT_TRUE(node);
    EXPECT_EQ(node->numaNode, -1);
    EXPECT_TRUE(node->localCpus.empty());
    EXPECT_EQ(node->maxPcieGeneration, 0);
    EXPECT_EQ(node->linkWidth, 0);
    EXPECT_EQ(describe(*node), "no NUMA node named");
    EXPECT_FALSE(readNodePlacement("0000:b0:00.0", devices)) << "no such device";
    EXPECT_FALSE(readNodePlacement("../../etc", devices)) << "not an address";
    EXPECT_FALSE(readNodePlacement("00010000:19:00.0", devices)) << "a domain past 16 bits";
    std::filesystem::remove_all(devices);
}

// The lent H100 (2026-12-06): numa_node -1, local CPUs 0-15, one node of CPUs 0-15; nvidia-smi topo
// -m says "CPU Affinity 0-15, NUMA Affinity 0".
TEST(NodePlacementSysfs, ADeviceWithoutANodeTakesTheOneWhoseCpusAreItsCpus) {
    const auto root = test::scratchDir("toposcope-sysfs", "nodes");
    const auto devices = root / "devices";
    const auto nodes = root / "node";
    fakeDevice(devices, "0000:00:06.0", {{"numa_node", "-1"}, {"local_cpulist", "0-15"}});
    fakeDevice(nodes, "node0", {{"cpulist", "0-15"}});
    std::filesystem::create_directories(nodes / "power");  // not a node
    auto node = readNodePlacement("00000000:00:06.0", devices, nodes);
    ASSERT_TRUE(node);
    EXPECT_EQ(node->numaNode, 0);
    EXPECT_TRUE(node->numaNodeByCpus);
    EXPECT_EQ(describe(*node), "NUMA node 0 (by its CPUs), CPUs 0-15 (16)");
    // Its CPUs spread over two nodes: no node is named.
    fakeDevice(devices, "0000:00:07.0", {{"numa_node", "-1"}, {"local_cpulist", "0-31"}});
    fakeDevice(nodes, "node1", {{"cpulist", "16-31"}});
    node = readNodePlacement("0000:00:07.0", devices, nodes);
    ASSERT_TRUE(node);
    EXPECT_EQ(node->numaNode, -1);
    EXPECT_FALSE(node->numaNodeByCpus);
    std::filesystem::remove_all(root);
}

TEST(NodePlacement, CpuListsAndGenerations) {
    EXPECT_EQ(cpuListCount("0-3,8,10-11"), 7);
    EXPECT_EQ(cpuListCount("5"), 1);
    EXPECT_EQ(cpuListCount("3-1"), -1);
    EXPECT_EQ(cpuListCount("1,,2"), -1);
    EXPECT_EQ(cpuListCount("a-b"), -1);
    EXPECT_EQ(pcieGenerationOf(16.0), 4);
    EXPECT_EQ(pcieGenerationOf(64.0), 6);
    EXPECT_EQ(pcieGenerationOf(10.0), 0);
}

TEST(NodePlacement, TheReportKeepsItAndRefusesANegativeCount) {
    Topology t;
    t.device.name = "GPU";
    t.device.node = NodePlacement{"0000:19:00.0", 0, true, "0-47", 48, 5, 16, 5, 16, "sysfs"};
    const Topology back = reportFromJson(reportToJson(t), "test");
    ASSERT_TRUE(back.device.node);
    EXPECT_EQ(describe(*back.device.node), describe(*t.device.node));
    EXPECT_EQ(back.device.node->pciAddress, "0000:19:00.0");
    EXPECT_TRUE(back.device.node->numaNodeByCpus);
    EXPECT_FALSE(reportFromJson(reportToJson(Topology{}), "test").device.node) << "absent stays absent";
    auto j = reportToJson(t);
    j["device"]["node"]["linkWidth"] = -4;
    EXPECT_THROW(reportFromJson(j, "test"), InputError);
}

}  // namespace
}  // namespace ts
