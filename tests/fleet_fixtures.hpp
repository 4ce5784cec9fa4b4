#pragma once
// Small hand-made fleet members for the fleet tests: an H100-like report whose key values
// the test picks.
#include <string>

#include "fleet/fleet_report.hpp"

namespace ts::test {

inline Attribute measuredAttribute(const std::string& name, double value, const std::string& unit, double confidence = 1) {
    Attribute a;
    a.name = name;
    a.value = value;
    a.unit = unit;
    a.method = "p-chase";
    a.confidence = confidence;
    return a;
}

struct MemberValues {
    double l2SegmentBytes = 26214400;
    double dramReadGibs = 2600;
    double l1LatencyCycles = 38;
    std::uint64_t clockKhz = 1980000;
};

inline fleet::FleetMember fleetMember(const std::string& host, int rank, const MemberValues& v = {}) {
    fleet::FleetMember m;
    m.host = host;
    m.rank = rank;
    m.deviceIndex = rank % 8;
    m.uuid = "GPU-test-" + host + "-" + std::to_string(rank);
    Topology& t = m.report;
    t.device.name = "Test GPU";
    t.device.backend = "sim";
    t.device.unitCount = 132;
    t.device.clockKhz = v.clockKhz;
    t.device.l2SizeBytes = 52428800;
    t.toolVersion = "test";
    t.timestamp = "2026-01-01T00:00:00Z";
    t.element(Element::L2).set(measuredAttribute("segmentSize", v.l2SegmentBytes, "bytes"));
    t.element(Element::DeviceMemory).set(measuredAttribute("readBandwidth", v.dramReadGibs, "GiB/s"));
    t.element(Element::L1).set(measuredAttribute("latency", v.l1LatencyCycles, "cycles"));
    return m;
}

}  // namespace ts::test
