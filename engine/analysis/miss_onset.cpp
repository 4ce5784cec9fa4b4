#include "analysis/miss_onset.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "analysis/robust.hpp"
#include "model/byte_text.hpp"

namespace ts {

std::size_t MissCut::maxChanceMisses(std::size_t loads) const {
    constexpr double kSignificance = 0.001;
    double pmf = std::pow(1 - chanceRate, static_cast<double>(loads)), below = 0;
    for (std::size_t k = 0; k < loads; ++k) {
        below += pmf;
        if (1 - below < kSignificance) return k;
        pmf *= chanceRate / (1 - chanceRate) * static_cast<double>(loads - k) / static_cast<double>(k + 1);
    }
    return loads;
}

bool MissCut::fits(const std::vector<std::uint32_t>& latencies) const {
    const auto missed = static_cast<std::size_t>(shareAbove(cycles, latencies) * static_cast<double>(latencies.size()) + 0.5);
    return missed <= maxChanceMisses(latencies.size());
}

MissCut referenceCut(const std::vector<std::uint32_t>& referenceRow, double fence) {
    MissCut cut;
    cut.cycles = fence;
    const double above = shareAbove(cut.cycles, referenceRow) * static_cast<double>(referenceRow.size());
    cut.chanceRate = std::min(0.5, (above + 0.5) / (static_cast<double>(referenceRow.size()) + 1));
    return cut;
}

double missLevel(const std::vector<std::uint32_t>& row, double fence, bool sampled) {
    if (!sampled) return median(row);
    std::vector<std::uint32_t> above;
    for (auto l : row)
        if (l > fence) above.push_back(l);
    return above.empty() ? median(row) : median(above);
}

MissCut missCut(const HitReference& reference, const Series& sorted, double fittingUpTo, bool sampled,
                double farMissLevel) {
    MissCut cut;
    const double level = farMissLevel > 0 ? farMissLevel : missLevel(sorted.rows.back().latencies, reference.fence, sampled);
    cut.cycles = std::max(reference.fence, (reference.median + level) / 2);
    // Pooled from the smallest row up, each row only while the rows before it explain its count:
    // a median rule lets a row with a third of its loads missing "fit", and pooled, such rows
    // (the simulated H100 L1's ramp, 72 of 256 at 256 KiB) hid the first misses of the knee.
    double missed = 0, loads = 0;
    for (const auto& row : sorted.rows) {
        if (row.x > fittingUpTo) break;
        cut.chanceRate = std::min(0.5, (missed + 0.5) / (loads + 1));  // 0.5: rows that fit are mostly hits
        if (loads > 0 && !cut.fits(row)) break;
        missed += shareAbove(cut.cycles, row.latencies) * static_cast<double>(row.latencies.size());
        loads += static_cast<double>(row.latencies.size());
    }
    cut.chanceRate = std::min(0.5, (missed + 0.5) / (loads + 1));
    return cut;
}

std::size_t missOnset(const Series& sorted, const MissCut& cut, bool sampled) {
    const auto& rows = sorted.rows;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (cut.fits(rows[i])) continue;
        const bool next = i + 1 < rows.size() && !cut.fits(rows[i + 1]);
        const bool after = i + 2 < rows.size() && !cut.fits(rows[i + 2]);
        const bool last = i + 1 == rows.size() || (sampled && i + 2 == rows.size() && next);
        const bool confirmed = (sampled ? next && after : next || after) || last;
        if (confirmed) return i;
    }
    return rows.size();
}

std::optional<double> rowBelow(const Series& sorted, std::size_t onset) {
    const auto& rows = sorted.rows;
    if (onset == 0 || onset >= rows.size()) return std::nullopt;
    for (std::size_t i = onset; i-- > 0;)
        if (rows[i].x < rows[onset].x) return rows[i].x;
    return std::nullopt;
}

std::string edgeNote(double onsetBytes, double edgeBytes, double changeBytes) {
    const auto bytes = [](double b) { return preciseBytesText(static_cast<std::uint64_t>(b)); };
    return "; more loads miss than chance explains from " + bytes(onsetBytes) + " on, so the largest array below that, " +
           bytes(edgeBytes) + ", is reported (change point at " + bytes(changeBytes) + ")";
}

}  // namespace ts
