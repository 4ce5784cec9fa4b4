#include "analysis/latency_agreement.hpp"
#include "model/attribute_names.hpp"
#include "model/percent_text.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ts {
namespace {

struct Measured {
    Element element;
    double latency;
    double missPenalty;
};

double spread(const std::vector<Measured>& members, double Measured::*field) {
    const auto [lo, hi] = std::minmax_element(members.begin(), members.end(),
                                              [&](const Measured& a, const Measured& b) { return a.*field < b.*field; });
    return (*lo).*field > 0 ? (*hi).*field / (*lo).*field - 1 : INFINITY;
}

std::string listed(const std::vector<Measured>& members, double Measured::*field) {
    std::ostringstream out;
    for (std::size_t i = 0; i < members.size(); ++i)
        out << (i ? ", " : "") << displayName(members[i].element) << ' ' << std::lround(members[i].*field);
    out << " cycles";
    return out.str();
}


}  // namespace

std::string latencyAgreementNote(const Topology& topology, const std::vector<Element>& oneCache) {
    std::vector<Measured> members;
    for (Element e : oneCache) {
        const Attribute* latency = topology.findDecided(e, attr::latency);
        const Attribute* penalty = topology.findDecided(e, attr::missPenalty);
        if (latency && penalty) members.push_back({e, latency->value, penalty->value});
    }
    if (members.size() < 2) return "";
    const double hitSpread = spread(members, &Measured::latency);
    const double penaltySpread = spread(members, &Measured::missPenalty);
    const bool hitsAgree = hitSpread <= kLatencyAgreementTolerance;
    const bool penaltiesAgree = penaltySpread <= kLatencyAgreementTolerance;
    std::string note = "hit latencies " + listed(members, &Measured::latency);
    if (hitsAgree && penaltiesAgree) return note + " and miss penalties agree (one SRAM, one path)";
    if (penaltiesAgree)
        return note + " differ by access path, while the miss penalties agree within " + percentText(penaltySpread) +
               " (" + listed(members, &Measured::missPenalty) + "): one SRAM behind paths of different length";
    return note + (hitsAgree ? " agree" : " differ") + ", and the miss penalties differ by " + percentText(penaltySpread) +
           " (" + listed(members, &Measured::missPenalty) + ")";
}

}  // namespace ts
