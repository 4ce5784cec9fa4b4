#include "fleet_table.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "analysis/robust.hpp"

namespace ts::cli {
namespace {

std::string formatValue(double v, const std::string& unit) {
    std::ostringstream s;
    if (unit == "B" && v >= 1024) {
        const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
        int u = -1;
        while (v >= 1024 && u < 3) {
            v /= 1024;
            ++u;
        }
        s << std::setprecision(4) << v << ' ' << units[u];
    } else {
        s << std::setprecision(6) << v;
        if (!unit.empty() && unit != "B") s << ' ' << unit;
        if (unit == "B") s << " B";
    }
    return s.str();
}

std::string formatZ(double z) {
    if (std::isinf(z)) return z > 0 ? "+inf (MAD 0)" : "-inf (MAD 0)";
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << z;
    return s.str();
}

}  // namespace

void printComparison(std::ostream& out, const fleet::Comparison& c) {
    std::vector<std::size_t> columns;
    for (std::size_t a = 0; a < c.attributes.size(); ++a)
        if (std::any_of(c.cells.begin(), c.cells.end(), [a](const auto& row) { return row[a].value.has_value(); }))
            columns.push_back(a);
    auto cellText = [&](std::size_t i, std::size_t a) {
        const auto& cell = c.cells[i][a];
        return cell.value ? formatValue(*cell.value, c.attributes[a].unit) + (cell.outlier ? " *" : "") : std::string("-");
    };
    // Up to 8 GPUs: one column per GPU (a node); more: one row per GPU (a cluster).
    std::vector<std::vector<std::string>> table;
    if (c.cells.size() <= 8) {
        table.push_back({"attribute"});
        for (const auto& label : c.memberLabels) table[0].push_back(label);
        for (std::size_t a : columns) {
            table.push_back({c.attributes[a].id});
            for (std::size_t i = 0; i < c.cells.size(); ++i) table.back().push_back(cellText(i, a));
        }
    } else {
        table.push_back({"GPU"});
        for (std::size_t a : columns) table[0].push_back(c.attributes[a].id);
        for (std::size_t i = 0; i < c.cells.size(); ++i) {
            table.push_back({c.memberLabels[i]});
            for (std::size_t a : columns) table.back().push_back(cellText(i, a));
        }
    }
    std::vector<std::size_t> widths(table[0].size(), 0);
    for (const auto& row : table)
        for (std::size_t k = 0; k < row.size(); ++k) widths[k] = std::max(widths[k], row[k].size());
    for (const auto& row : table) {
        for (std::size_t k = 0; k < row.size(); ++k) out << std::left << std::setw(static_cast<int>(widths[k] + 2)) << row[k];
        out << '\n';
    }

    out << '\n';
    if (c.outlierCount() == 0) out << "no outliers\n";
    for (std::size_t a = 0; a < c.attributes.size(); ++a) {
        std::vector<double> present;
        for (const auto& row : c.cells)
            if (row[a].value) present.push_back(*row[a].value);
        for (std::size_t i = 0; i < c.cells.size(); ++i) {
            const auto& cell = c.cells[i][a];
            if (!cell.outlier) continue;
            out << "outlier: " << c.memberLabels[i] << ": " << c.attributes[a].label << " (" << c.attributes[a].id
                << ") = " << formatValue(*cell.value, c.attributes[a].unit) << ", median "
                << formatValue(median(present), c.attributes[a].unit) << ", robust z " << formatZ(cell.robustZ) << '\n';
        }
    }
    for (const auto& n : c.notes) out << "note: " << n << '\n';
}

void printPeerLinks(std::ostream& out, const std::vector<fleet::PeerLink>& links) {
    if (links.empty()) return;
    out << "\npeer links (GPU to GPU):\n";
    for (const auto& l : links) {
        out << "  " << l.host << " GPU " << l.fromDevice << " -> GPU " << l.toDevice << ": ";
        if (!l.peerAccess || l.confidence <= 0) {
            out << "not measured (" << (l.reason.empty() ? "no peer access" : l.reason) << ")\n";
            continue;
        }
        out << std::fixed << std::setprecision(1) << l.copyGibPerSecond << " GiB/s copy, " << l.latencyNs
            << " ns latency" << std::defaultfloat << " [" << l.method << "]\n";
    }
}

}  // namespace ts::cli
