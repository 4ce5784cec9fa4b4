#pragma once
// The fleet report: one TopoScope report per GPU of a node or cluster, with where it ran.
// Format "toposcope-fleet/1", documented in docs/fleet.md.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/fleet_comparison.hpp"
#include "model/peer_link.hpp"
#include "model/topology.hpp"

namespace ts::fleet {

inline constexpr const char* kFleetFormat = "toposcope-fleet/1";

using FleetMember = ts::FleetMember;  // model/fleet_comparison.hpp: one GPU and where it ran

using PeerLink = ts::PeerLink;  // model/peer_link.hpp: measured by a backend, kept in the fleet report

struct FleetReport {
    std::string createdUtc;        // ISO 8601 UTC
    std::vector<FleetMember> members;
    std::vector<PeerLink> peerLinks;
    std::vector<std::string> notes;  // how it was gathered, problems on the way
};

nlohmann::json fleetToJson(const FleetReport& fleet);
// Throws InputError naming `origin` and the problem.
FleetReport fleetFromJson(const nlohmann::json& json, const std::string& origin);
nlohmann::json memberToJson(const FleetMember& member);
FleetMember memberFromJson(const nlohmann::json& json, const std::string& origin);

FleetReport readFleetReport(const std::string& path);            // throws InputError
void writeFleetReport(const FleetReport& fleet, const std::string& path);  // temp file + rename; "-" = stdout

// A member file (one GPU: "toposcope-fleet-member/1", what `--fleet-out DIR` writes per GPU).
inline constexpr const char* kMemberFormat = "toposcope-fleet-member/1";
void writeMemberFile(const FleetMember& member, const std::string& path);

// Reads any of: a fleet report, a member file, or a plain TopoScope report (host unknown,
// deviceIndex and uuid from the report when it has them). Each member's `source` is `path`.
// Throws InputError naming the file and the problem.
std::vector<FleetMember> readMembers(const std::string& path);

// As readMembers, but keeps a fleet report's peer links and notes as well.
FleetReport readFleetInput(const std::string& path);

// Several inputs in one fleet report, in the order given (createdUtc left empty).
FleetReport mergeFleetInputs(const std::vector<std::string>& paths);

}  // namespace ts::fleet
