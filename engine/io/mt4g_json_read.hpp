#pragma once
// MT4G's JSON report layout (its published samples, and what topologyToMt4gJson writes) read as a Topology.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/topology.hpp"

namespace ts {

// Device facts from "general", "compute" and the API values under "memory"; every measured entry
// as an attribute (method and confidence as MT4G gave them). Throws InputError naming `origin`,
// the key and the problem for a wrong type or an absurd value.
Topology topologyFromMt4gJson(const nlohmann::json& json, const std::string& origin);

// Reads the file; where MT4G's raw folder lies beside it ("<report stem>/"), its series become the
// evidence of the matching attributes. Warnings about the raw folder go to `warnings`.
Topology readMt4gJsonFile(const std::string& path, std::vector<std::string>* warnings = nullptr);

}  // namespace ts
