#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "analysis/segment_reading.hpp"
#include "benchmarks/attributes.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "benchmarks/unit_benchmarks.hpp"
#include "model/attribute_names.hpp"

namespace ts {
namespace {

struct Cell {
    int unit = 0;  // logical
    double latency = 0;
};

// The slowest minus the fastest of `cells`, the two units named by their physical ids.
void reportSpread(RunContext& ctx, Element element, const char* name, const std::vector<Cell>& cells,
                  const std::string& which, double confidence, const std::string& note) {
    if (cells.empty()) return;
    const auto [fastest, slowest] =
        std::minmax_element(cells.begin(), cells.end(), [](const Cell& a, const Cell& b) { return a.latency < b.latency; });
    const auto cycles = [](double v) {
        std::string text = std::to_string(std::round(10 * v) / 10);
        return text.substr(0, text.find('.') + 2);
    };
    Attribute a;
    a.name = name;
    a.value = std::round(10 * (slowest->latency - fastest->latency)) / 10;  // tenths: the cells' precision
    a.method = "p-chase, data filled by a unit of each segment";
    a.evidence = "l2.distance";
    a.confidence = confidence;  // as sure as the split of the units into segments
    a.reason = which + " hits: " + cycles(fastest->latency) + " cycles (unit " +
               std::to_string(ctx.device().physicalId(fastest->unit)) + ") to " + cycles(slowest->latency) +
               " cycles (unit " + std::to_string(ctx.device().physicalId(slowest->unit)) + "), interquartile means of " + std::to_string(cells.size()) + " readings" + note;
    ctx.report(element, a);
}

}  // namespace

// Every unit reads an array that a unit of each segment filled (the first unit of each group, the
// filler of the segments benchmark's round, whose readings are taken from its series); the
// readings make a unit x segment matrix of hit latencies in the series, one row per reading.
void measureL2Distance(RunContext& ctx, const CacheTarget& target) {
    const Attribute* segments = decided(ctx, target.element, attr::segments);
    const Attribute* knee = decided(ctx, target.element, attr::segmentSize);
    if (!segments || !knee || segments->groups.empty()) {
        ctx.report(target.element, undecided(attr::nearLatencySpread, "L2 segments unknown"));
        return;
    }
    noteIfDisturbed(ctx, target.element, segments);
    const double confidence = segments->confidence;
    const std::uint32_t stride = lineStride(ctx, target);
    const std::uint64_t bytes = segmentReadBytes(knee->value, stride);
    const int units = ctx.device().unitCount;
    std::map<int, int> logicalOf;
    for (int u = 0; u < units; ++u) logicalOf[ctx.device().physicalId(u)] = u;
    std::vector<int> segmentOf(static_cast<std::size_t>(units), -1);
    std::vector<int> fillers;
    for (std::size_t g = 0; g < segments->groups.size(); ++g) {
        for (int id : segments->groups[g])
            if (logicalOf.count(id)) segmentOf[static_cast<std::size_t>(logicalOf[id])] = static_cast<int>(g);
        fillers.push_back(logicalOf.count(segments->groups[g].front()) ? logicalOf[segments->groups[g].front()] : -1);
    }
    if (std::count(fillers.begin(), fillers.end(), -1) > 0 || std::count(segmentOf.begin(), segmentOf.end(), -1) > 0) {
        ctx.report(target.element, undecided(attr::nearLatencySpread, "the L2 segments' groups name units this device lacks"));
        return;
    }
    std::map<std::pair<int, int>, std::vector<std::uint32_t>> measured;  // (reader, filler) -> loads (copies: the
    // topology's series move as this benchmark opens its own)
    if (const Series* earlier = ctx.topology().findSeries("l2.segments"))
        for (const SeriesRow& row : earlier->rows)
            measured[{static_cast<int>(row.x), static_cast<int>(row.x2)}] = row.latencies;

    const std::string id = "l2.distance";
    ctx.openSeries(id, "L2 Distance", SeriesKind::Sharing, target.element);
    std::vector<std::vector<double>> cell(static_cast<std::size_t>(units), std::vector<double>(fillers.size()));
    for (std::size_t g = 0; g < fillers.size(); ++g) {
        const int filler = fillers[g];
        ctx.beginStep("L2 Distance", "every unit reading what unit " + std::to_string(ctx.device().physicalId(filler)) +
                                         " filled (segment " + std::to_string(g) + ")");
        std::vector<SeriesRow> rows;
        for (int u = 0; u < units; ++u) {
            const auto known = measured.find({u, filler});
            const std::vector<std::uint32_t> loads =
                known != measured.end() ? known->second : readFilledBy(ctx, target, u, filler, bytes, stride);
            const double latency = readingLatency(inPageLoads(loads, stride));
            cell[static_cast<std::size_t>(u)][g] = latency;
            rows.push_back(SeriesRow{static_cast<double>(u), static_cast<double>(g),
                                     "segment " + std::to_string(g) + ", filled by unit " + std::to_string(filler),
                                     latency, loads});
        }
        ctx.appendRows(id, std::move(rows));
    }
    // A reading of another segment's lines is a far hit where it costs more than half the far
    // penalty over the unit's own segment. On the H100 it need not: lines that a unit of the
    // second group filled read near from every unit (the fill leaves them in both partitions).
    const Attribute* penalty = decided(ctx, target.element, attr::farPenalty);
    const double farFrom = penalty ? penalty->value / 2 : 0;
    std::vector<Cell> nearCells, farCells;
    std::size_t nearOthers = 0;
    for (int u = 0; u < units; ++u) {
        const auto& row = cell[static_cast<std::size_t>(u)];
        const double own = row[static_cast<std::size_t>(segmentOf[static_cast<std::size_t>(u)])];
        nearCells.push_back({u, own});
        for (std::size_t g = 0; g < row.size(); ++g) {
            if (static_cast<int>(g) == segmentOf[static_cast<std::size_t>(u)]) continue;
            if (row[g] - own > farFrom) farCells.push_back({u, row[g]});
            else ++nearOthers;
        }
    }
    reportSpread(ctx, target.element, attr::nearLatencySpread, nearCells, "own-segment", confidence, "");
    const std::string uncounted =
        nearOthers == 0 ? ""
                        : "; " + std::to_string(nearOthers) + " of " + std::to_string(farCells.size() + nearOthers) +
                              " readings of another segment's lines cost less than half the far penalty more than the "
                              "unit's own segment: near hits, not counted";
    if (farCells.empty() && nearOthers > 0)
        ctx.report(target.element, undecided(attr::farLatencySpread, "no far hit: every reading of another segment's "
                                                                     "lines cost no more than the unit's own segment"));
    reportSpread(ctx, target.element, attr::farLatencySpread, farCells, "other-segment", confidence, uncounted);
}

}  // namespace ts
