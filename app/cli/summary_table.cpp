#include "summary_table.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "layout_table.hpp"
#include "mig_table.hpp"
#include "value_text.hpp"
#include "model/attribute_names.hpp"

namespace ts::cli {
namespace {

std::string formatValue(const Attribute& a) {
    std::ostringstream v;
    if (!a.groups.empty()) {
        v << a.groups.size() << " group(s)";
    } else if (!a.names.empty() || a.name == attr::sharedWith) {
        for (std::size_t i = 0; i < a.names.size(); ++i) v << (i ? ", " : "") << a.names[i];
        if (a.names.empty()) v << "(none)";
    } else {
        v << valueText(a);
    }
    if (a.lowerBound) v << " (lower bound)";
    return v.str();
}

}  // namespace

void printSummary(std::ostream& out, const Topology& t) {
    out << t.device.name << " (" << toString(t.device.vendor) << ", " << t.device.arch << ", " << t.device.unitCount
        << " units, backend " << t.device.backend << ")\n";
    out << "timer overhead: " << t.timerOverheadCycles << " cycles (included in latencies, not subtracted)\n";
    if (t.device.node)
        out << "node: " << describe(*t.device.node) << " (" << t.device.node->source << ", " << t.device.node->pciAddress << ")\n";
    out << '\n';
    out << std::left << std::setw(15) << "element" << std::setw(27) << "attribute" << std::setw(36) << "value"
        << std::setw(11) << "source" << "confidence\n";
    for (const auto& [element, report] : t.elements) {
        for (const auto& a : report.attributes) {
            out << std::left << std::setw(15) << displayName(element) << std::setw(27) << a.name << std::setw(36)
                << formatValue(a) << std::setw(11) << (a.source == Source::Api ? "api" : "benchmark")
                << std::fixed << std::setprecision(3) << a.confidence << std::defaultfloat;
            if (a.confidence == 0 && !a.reason.empty()) out << "  (" << a.reason << ")";
            out << '\n';
        }
    }
    printLayoutTable(out, t);
    printMigTable(out, t);
    auto isFailure = [&](const std::string& w) {
        return std::any_of(t.failures.begin(), t.failures.end(), [&](const BenchmarkFailure& f) {
            return w == f.benchmark + " " + f.status() + ": " + f.reason;
        });
    };
    for (const auto& w : t.warnings)
        if (!isFailure(w)) out << "warning: " << w << '\n';  // failures follow, one line each
    for (const auto& f : t.failures) out << f.status() << ": " << f.benchmark << " (" << f.reason << ")\n";
}

}  // namespace ts::cli
