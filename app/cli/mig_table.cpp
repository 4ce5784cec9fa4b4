#include "mig_table.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <set>
#include <sstream>

#include "analysis/mig_shares.hpp"

namespace ts::cli {
namespace {

std::string mib(double bytes) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(bytes / (1024.0 * 1024.0) == std::floor(bytes / (1024.0 * 1024.0)) ? 0 : 2)
      << bytes / (1024.0 * 1024.0) << " MiB";
    return s.str();
}

std::string figure(const Attribute& a, bool bytes) {
    if (!a.isDecided()) return "?";
    if (bytes) return mib(a.value);
    std::ostringstream s;
    s << std::setprecision(3) << a.value;
    return s.str();
}

// "3.52 MiB (c 0.50)": the figure with its confidence, which is at most 0.5 for a projection.
std::string usableText(const Attribute& a) {
    if (a.confidence <= 0) return "?";
    std::ostringstream s;
    s << mib(a.value) << " (c " << std::fixed << std::setprecision(2) << a.confidence << ")";
    return s.str();
}

std::string placementsText(const std::vector<MigPlacement>& list) {
    if (list.empty()) return "?";
    std::ostringstream s;
    for (std::size_t i = 0; i < list.size(); ++i) s << (i ? "," : "") << list[i].start;
    s << ":" << list.front().size;
    return s.str();
}

std::string banner(const MigLayout& m) {
    switch (m.mode) {
        case MigMode::Enabled: return "MIG enabled: " + std::to_string(m.instances.size()) + " instance(s)";
        case MigMode::Disabled: return "MIG disabled: what-if over the profile table";
        case MigMode::Unsupported: return "MIG not supported";
        case MigMode::Unknown: return "MIG state unknown";
    }
    return {};
}

// Undecided figures print "?"; their reasons follow the table once each.
void printRows(std::ostream& out, const std::vector<MigShare>& shares, MigShare::Kind kind, std::set<std::string>& notes) {
    const bool instances = kind == MigShare::Kind::Instance;
    int nameWidth = 10;  // profile names such as "1g.10gb+me" fill the column: keep a gap after the longest
    for (const auto& s : shares) nameWidth = std::max(nameWidth, static_cast<int>(s.name.size()) + 2);
    const int firstWidth = instances ? 10 : nameWidth, secondWidth = instances ? nameWidth : 10;
    out << std::left << std::setw(firstWidth) << (instances ? "instance" : "profile") << std::setw(secondWidth)
        << (instances ? "profile" : "id")
        << std::setw(8) << "slices" << std::setw(16) << (instances ? "placement" : "placements") << std::setw(6) << "SMs"
        << std::setw(12) << "memory" << std::setw(5) << "CE" << std::setw(12) << "L2" << std::setw(30) << "L2 segments"
        << "L2 usable\n";
    for (const auto& s : shares) {
        if (s.kind != kind) continue;
        out << std::left << std::setw(firstWidth) << (instances ? std::to_string(s.id) + (s.current ? "*" : "") : s.name)
            << std::setw(secondWidth) << (instances ? s.name : std::to_string(s.id)) << std::setw(8) << s.sliceCount
            << std::setw(16) << placementsText(s.placements) << std::setw(6) << figure(s.smCount, false) << std::setw(12)
            << figure(s.memory, true) << std::setw(5) << figure(s.copyEngines, false) << std::setw(12)
            << figure(s.l2Size, true) << std::setw(30) << (s.l2Segments.isDecided() ? s.l2Segments.reason : "?")
            << usableText(s.l2Usable) << '\n';
        for (const Attribute* a : {&s.memorySlices, &s.l2Size, &s.l2Segments, &s.l2Usable})
            if (!a->isDecided()) notes.insert(a->name + " ?: " + a->reason);
    }
}

}  // namespace

void printMigTable(std::ostream& out, const Topology& t) {
    if (!t.device.mig) return;
    const MigLayout& m = *t.device.mig;
    out << "\n" << banner(m) << " (source: " << m.source << ")\n";
    if (!m.reason.empty()) out << "  note: " << m.reason << '\n';
    if (!m.placementProblem.empty()) out << "  placements: " << m.placementProblem << '\n';
    if (m.profiles.empty()) return;
    const auto shares = migShares(m, migL2Facts(t));
    std::set<std::string> notes;
    printRows(out, shares, MigShare::Kind::Profile, notes);
    if (!m.instances.empty()) {
        out << '\n';
        printRows(out, shares, MigShare::Kind::Instance, notes);
    }
    for (const auto& n : notes) out << "  " << n << '\n';
    out << "placements: memory-slice starts:size (of 8); slices: compute slices (of 7); * this run's instance\n"
        << "SMs, memory, CE (copy engines), placements: API (" << m.source << "); L2: memory slices / 8 x API L2 size;\n"
        << "L2 segments: that L2 over the measured L2 segment size (benchmark; '?' when not measured);\n"
        << "L2 usable: that L2 x measured sharedCapacity / API L2 size (L2 partitions benchmark, c = confidence;\n"
        << "  the whole GPU's usable fraction applied to the slice, not measured inside an instance)\n";
}

}  // namespace ts::cli
