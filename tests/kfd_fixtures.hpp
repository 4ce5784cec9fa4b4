#pragma once
// Paths of the KFD sysfs fixture trees (tests/data/kfd, written by make_fixtures.py).
#include <string>

#include "amd/kfd_topology.hpp"

namespace ts::test {

inline amd::KfdPaths kfdFixture(const std::string& name) {
    const std::string root = std::string(TOPOSCOPE_TEST_DATA) + "/kfd/" + name;
    return {root + "/nodes", root + "/drm"};
}

}  // namespace ts::test
