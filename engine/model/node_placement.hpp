#pragma once
// Where a GPU sits in its node, as the operating system describes its PCI device (issue 39): the
// NUMA node and CPUs nearest to it and its PCIe link. Source "sysfs" (Linux's
// /sys/bus/pci/devices/<address>); absent where the device has no PCI address (the simulator, a
// replay of a report that did not record it) or the system does not describe it.
#include <string>
#include <vector>

namespace ts {

struct NodePlacement {
    std::string pciAddress;      // "0000:19:00.0"
    int numaNode = -1;           // -1: the system names none
    // The device names no node (a virtual machine's often do not) and numaNode is the one node
    // whose CPUs are its nearest CPUs, as nvidia-smi's "NUMA Affinity" takes it.
    bool numaNodeByCpus = false;
    std::string localCpus;       // the CPUs nearest the device, as a list: "0-47,96-143"
    int localCpuCount = 0;
    int pcieGeneration = 0;      // of the link's speed now (an idle link may run slower); 0 unknown
    int linkWidth = 0;           // lanes now
    int maxPcieGeneration = 0;   // the most the link can train to
    int maxLinkWidth = 0;
    std::string source;          // "sysfs"
};

// PCIe generation of a transfer rate in GT/s (2.5 → 1, 5 → 2, 8 → 3, 16 → 4, 32 → 5, 64 → 6); 0 otherwise.
int pcieGenerationOf(double gigaTransfersPerSecond);
// CPUs in a Linux cpulist ("0-3,8,10-11" → 7); -1 when it is not one.
int cpuListCount(const std::string& list);
// The CPUs of a cpulist, in order; empty when it is not one.
std::vector<int> cpuListCpus(const std::string& list);
// "NUMA node 0, CPUs 0-47 (48), PCIe gen 5 x16 (up to gen 5 x16)": what the CLI and the views print.
std::string describe(const NodePlacement& node);

}  // namespace ts
