#pragma once
// GPUs x key attributes, with the outliers of each attribute marked.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fleet/fleet_report.hpp"
#include "fleet/key_attributes.hpp"

namespace ts::fleet {

struct Cell {
    std::optional<double> value;
    double robustZ = 0;            // 0.6745 (x - median) / MAD; +-inf when MAD = 0 and x != median
    bool outlier = false;
};

struct Comparison {
    std::vector<KeyAttribute> attributes;
    std::vector<std::string> memberLabels;        // "host GPU 0 (rank 3)" or the file name
    std::vector<std::vector<Cell>> cells;         // [member][attribute]
    std::vector<std::optional<double>> medians;   // [attribute]: what the rule judged against; none without a verdict
    std::vector<std::string> notes;               // undecided attributes, missing values, duplicates

    std::size_t outlierCount() const;
};

// Label of one member: "host GPU n (rank r)" where the host is known, else its source file.
std::string memberLabel(const FleetMember& member);

Comparison compare(const std::vector<FleetMember>& members);

// The comparison as JSON ("toposcope-compare/1", docs/fleet.md).
nlohmann::json comparisonToJson(const Comparison& comparison, const std::vector<FleetMember>& members);

}  // namespace ts::fleet
