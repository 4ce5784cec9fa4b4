#include "benchmarks/attributes.hpp"

namespace ts {

Attribute attributeFrom(const Decision& d, const std::string& name, const std::string& evidence) {
    Attribute a;
    a.name = name;
    a.value = d.value;
    a.method = d.method.empty() ? "p-chase" : d.method;
    a.confidence = d.decided ? d.confidence : 0;
    a.reason = d.reason;
    a.evidence = evidence;
    a.lowerBound = d.lowerBound;
    return a;
}

Attribute latencyAttribute(const std::string& name, const std::vector<std::uint32_t>& samples,
                           const std::string& evidence, const std::string& method, const std::string& reason) {
    Attribute a;
    a.name = name;
    a.stats = latencyStats(samples);
    a.value = a.stats->p50;
    a.method = method;
    a.confidence = samples.empty() ? 0 : 1;
    a.evidence = evidence;
    a.reason = reason;
    return a;
}

Attribute undecided(const std::string& name, const std::string& reason, NotDecided why) {
    Attribute a;
    a.name = name;
    a.method = why == NotDecided::Failed ? "not measured" : "p-chase";
    a.confidence = 0;
    a.failed = why == NotDecided::Failed;
    a.reason = reason;
    return a;
}

std::optional<Attribute> heldTo(const Attribute& a, double cap, const std::string& why) {
    if (a.source != Source::Benchmark || a.confidence <= cap) return std::nullopt;
    Attribute held = a;
    held.confidence = cap;
    held.reason = why + "; " + a.reason;
    return held;
}

}  // namespace ts
