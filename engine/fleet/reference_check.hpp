#pragma once
// One GPU against a reference of its model (toposcope-cli check, docs/fleet.md "A health check"):
// the fleet comparison's key attributes and outlier rule, with the reference's values standing in
// for the fleet's medians — one report's values, or a fleet report's medians and spreads.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fleet/key_attributes.hpp"
#include "model/fleet_comparison.hpp"

namespace ts::fleet {

// What the check compares with, per key attribute (in keyAttributes() order).
struct Reference {
    std::string source;                         // the file it was read from
    std::string deviceName;                     // the GPU model, as its reports name it
    std::size_t members = 0;                    // reports it was made of
    std::string measuredBy;                     // "0.1.0 (commit 9f72e91)" of its first report; "" unknown
    std::vector<std::optional<double>> values;  // the median over the members that have it
    std::vector<double> spreads;                // median absolute deviation; 0 for one member
};

// Throws InputError when `members` is empty or its reports name different GPU models.
Reference referenceFromMembers(const std::vector<FleetMember>& members, const std::string& source);

// Relative tolerance (a fraction) per key attribute. Defaults by unit: sizes and API counts and
// clocks 1 %, latencies 2 % (and never below 2 cycles), bandwidths 5 %; the SM clock *now* is not
// judged (a GPU at rest reads lower than under load) unless a tolerance names it.
struct Tolerances {
    std::optional<double> all;                // --tolerance PCT
    std::map<std::string, double> perAttribute;  // --tolerance ID=PCT
};

// Parses one --tolerance value: "PCT" or "ID=PCT" (PCT a percentage >= 0). Throws InputError.
void addTolerance(Tolerances& tolerances, const std::string& text);

struct Deviation {
    KeyAttribute attribute;
    std::optional<double> value;  // none: this run has no decided value
    double reference = 0;
    double tolerance = 0;         // the relative tolerance applied (a fraction)
    double robustZ = 0;           // against the reference's spread; +-inf where it has none
    double confidence = 1;        // of this run's value (1 for an API fact, 0 when it has none)

    // Measured at confidence 0.5 or less (a shared GPU, a doubted method): no verdict on the GPU.
    bool doubted() const { return value && confidence <= 0.5; }
};

struct CheckResult {
    std::vector<Deviation> deviations;
    std::size_t compared = 0;         // attributes the reference has and the check judged
    std::size_t doubted = 0;          // deviations measured at confidence 0.5 or less
    std::vector<std::string> notes;   // attributes left out, and why
};

// Judges `run` against `reference`. An attribute the reference has and the run lacks (not measured,
// or undecided) deviates; one the reference lacks is left out. Where another TopoScope measured
// the reference, a note says so (a method that changed moves its values too).
CheckResult checkAgainstReference(const Topology& run, const Reference& reference, const Tolerances& tolerances);

// The benchmark groups that measure what the reference holds (toposcope-cli --only), comma-joined.
std::string groupsForReference(const Reference& reference);

}  // namespace ts::fleet
