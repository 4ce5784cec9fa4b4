#pragma once
#include <string>

#include "model/topology.hpp"

namespace ts::cli {

// An attribute's number and unit as the CLI prints it: whole numbers in full (a 24969216-byte L2
// must not read 2.49692e+07), byte counts of 1 MiB and more with their binary-unit reading.
std::string valueText(const Attribute& a);

}  // namespace ts::cli
