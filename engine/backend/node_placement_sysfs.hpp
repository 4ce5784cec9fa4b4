#pragma once
// Reads a PCI device's place in its node from Linux's sysfs (what hwloc reads there too): its
// NUMA node, nearest CPUs and PCIe link. Device backends call it with the address their API gives.
#include <filesystem>
#include <optional>
#include <string>

#include "model/node_placement.hpp"

namespace ts {

// "00000000:19:00.0" (CUDA's and NVML's eight-digit domain) or "0000:19:00.0" → "0000:19:00.0",
// lower case; empty when it is not a PCI address.
std::string sysfsPciAddress(const std::string& busId);

// Absent when the address is not one or its folder does not exist under `devices`
// (/sys/bus/pci/devices by default; the tests pass a tree of their own). Files that are missing
// or unreadable leave their fields unknown.
// Where the device names no NUMA node, the one node under `nodes` whose CPUs hold all its nearest
// CPUs is taken (numaNodeByCpus).
std::optional<NodePlacement> readNodePlacement(const std::string& busId,
                                               const std::filesystem::path& devices = "/sys/bus/pci/devices",
                                               const std::filesystem::path& nodes = "/sys/devices/system/node");

}  // namespace ts
