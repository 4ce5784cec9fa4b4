#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/build_info.hpp"
#include "model/attribute.hpp"
#include "model/device_info.hpp"
#include "model/failure.hpp"
#include "model/series.hpp"

namespace ts {

struct ElementReport {
    Element element = Element::L1;
    std::vector<Attribute> attributes;

    const Attribute* find(const std::string& name) const;
    void set(Attribute a);  // replaces an attribute of the same name
};

// Everything a run found: the API facts, the measured elements, and the evidence.
struct Topology {
    DeviceInfo device;
    std::map<Element, ElementReport> elements;
    std::vector<Series> series;
    std::vector<std::string> warnings;  // benchmarks that failed or could not decide, and why
    // Another process used the GPU during the run: the engine's words for what it saw (also one of
    // the warnings); unset when none did. What the GUI's shared-GPU banner reads.
    std::optional<std::string> sharedGpu;
    double timerOverheadCycles = 0;     // measured on the device; latencies do not subtract it
    std::string toolVersion;
    std::optional<BuildInfo> toolBuild;  // the build that measured; absent where unknown (imports, older reports)
    std::string timestamp;              // ISO 8601 UTC
    std::vector<BenchmarkFailure> failures;  // benchmarks that failed or were not run (device lost)

    ElementReport& element(Element e);
    const Attribute* find(Element e, const std::string& name) const;
    // The attribute when it is a decided figure (Attribute::isDecidedFigure), else null.
    const Attribute* findDecided(Element e, const std::string& name) const;
    // The attribute when it is worth printing (Attribute::isShowable), else null.
    const Attribute* findShowable(Element e, const std::string& name) const;
    const Series* findSeries(const std::string& id) const;
};

// The elements of `candidates` that `topology` holds attributes for, grouped into physical
// caches: elements whose `sharedWith` names (display names, any case) one another are one
// cache. Groups in the order of their first member in `candidates`, members in that order too.
std::vector<std::vector<Element>> physicalCaches(const Topology& topology, const std::vector<Element>& candidates);

}  // namespace ts
