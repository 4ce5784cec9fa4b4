#include "benchmarks/constant_l15_size.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "analysis/constant_bank.hpp"
#include "analysis/miss_rule.hpp"
#include "benchmarks/cache_benchmarks.hpp"
#include "benchmarks/cache_common.hpp"
#include "benchmarks/sweep_runner.hpp"
#include "model/attribute_names.hpp"
#include "model/byte_text.hpp"
#include "model/percent_text.hpp"

namespace ts {
namespace {

// The walk goes in steps of the front cache's line, so that cache holds only C1 of it, while this
// cache fetches whole sectors: past its capacity exactly one load per sector misses it
// (analysis/constant_bank.hpp, walkMissCut).
struct Walk {
    std::uint32_t stride = 0;      // the front cache's line
    std::uint64_t sector = 0;      // this cache's fetch granularity
    double missShare = 0;          // a row misses when more than this share of its loads do
};

ChaseRequest oneBankChase(std::uint64_t bytes, const Walk& walk) {
    ChaseRequest r;
    r.space = Space::Constant;
    r.arrayBytes = bytes;
    r.strideBytes = walk.stride;
    r.warmupPasses = 2;
    r.recordLoads = 256;
    return r;
}

struct BankEdge {
    bool found = false;
    std::size_t firstMiss = 0;     // index of the first row that misses (confirmed)
    double confidence = 0;         // share of rows on the side of the edge their misses say
};

// The first row that misses, confirmed by one of the next two (a lone disturbed row does not
// count), and how well one step at that row explains every row.
BankEdge findEdge(const std::vector<double>& shares, double cut) {
    BankEdge e;
    const std::size_t n = shares.size();
    for (std::size_t i = 0; i < n && !e.found; ++i) {
        if (shares[i] <= cut) continue;
        const bool confirmed = i + 1 == n || shares[i + 1] > cut || (i + 2 < n && shares[i + 2] > cut);
        if (confirmed) e.found = true, e.firstMiss = i;
    }
    if (!e.found || n == 0) return e;
    std::size_t agree = 0;
    for (std::size_t i = 0; i < n; ++i) agree += (i < e.firstMiss) == (shares[i] <= cut);
    e.confidence = static_cast<double>(agree) / static_cast<double>(n);
    return e;
}

// A quarter bank is warmed, a second chaser walks a few lines in another module's bank, and the
// quarter bank is timed again: together they stay far below one bank, so a miss there is the
// switch, not capacity (analysis/constant_bank.hpp).
const Series* probeBankSwitch(RunContext& ctx, const CacheTarget& target, const Walk& walk, std::uint64_t bank,
                              std::uint64_t frontBytes) {
    const std::uint64_t first = std::max(alignDown(bank / 4, walk.sector), alignDown(2 * frontBytes, walk.sector));
    if (first == 0 || first >= bank) return nullptr;
    std::vector<ChaseRequest> requests;
    std::vector<SeriesRow> rows;
    for (std::uint64_t other : {std::uint64_t{0}, walk.sector, 4 * walk.sector, 16 * walk.sector}) {
        if (first + other > bank) break;
        ChaseRequest r = oneBankChase(first, walk);
        if (other) r.second = SecondChaser{Space::Constant, other, walk.stride, 1, Placement::SameThread, 0, -1, false};
        requests.push_back(r);
        rows.push_back(SeriesRow{static_cast<double>(other), static_cast<double>(first), {}, 0, {}});
    }
    const std::string id = seriesId(target, "bank_switch");
    ctx.beginStep(target.title + " Size In One Bank", "a quarter bank re-timed after lines in another bank");
    SweepRunner runner(ctx, id, target.title + " Bank Switch", SeriesKind::Size, target.element);
    runner.run(requests, false, rows);
    runner.finish();
    return ctx.topology().findSeries(id);
}

}  // namespace

void measureConstantSizeInOneBank(RunContext& ctx, const CacheTarget& target) {
    if (target.space != Space::Constant || !target.above) return;
    const Attribute* current = ctx.topology().find(target.element, attr::size);
    if (current && current->isDecidedFigure()) return;  // the generic search found the knee
    const Attribute* frontSize = decided(ctx, *target.above, attr::size);
    const Attribute* frontLine = decided(ctx, *target.above, attr::lineSize);
    const Attribute* fg = usableFetchGranularity(ctx, target.element);
    if (!frontSize || !frontLine || !fg) return;  // the generic search's reason stands
    noteIfDisturbed(ctx, target.element, frontSize);
    noteIfDisturbed(ctx, target.element, frontLine);
    Walk walk;
    walk.stride = static_cast<std::uint32_t>(frontLine->value);
    walk.sector = static_cast<std::uint64_t>(fg->value);
    // One miss per sector must leave most loads hitting: the sector must hold two strides or more.
    if (walk.stride < 4 || walk.stride % 4 != 0 || walk.sector < 2 * walk.stride) return;
    walk.missShare = 0.5 * static_cast<double>(walk.stride) / static_cast<double>(walk.sector);
    const std::uint64_t bank = alignDown(chaserLimit(ctx, target), walk.sector);
    const auto frontBytes = static_cast<std::uint64_t>(frontSize->value);
    const std::uint64_t firstBytes = alignDown(frontBytes, walk.sector) + walk.sector;
    if (firstBytes > bank) return;

    const std::string title = target.title + " Size In One Bank";
    ctx.beginStep(title, "arrays from the front cache's size to one bank, in steps of a sector");
    std::vector<ChaseRequest> requests;
    for (std::uint64_t bytes = firstBytes; bytes <= bank; bytes += walk.sector) requests.push_back(oneBankChase(bytes, walk));
    const std::string id = seriesId(target, "size_one_bank");
    SweepRunner runner(ctx, id, title, SeriesKind::Size, target.element);
    runner.run(requests, false);  // one unit: see measureSize
    runner.finish();

    const double missCut = walkMissCut(runner.sorted());
    std::vector<double> shares;
    for (const auto& row : runner.sorted().rows) shares.push_back(shareAbove(missCut, row.latencies));
    const BankEdge edge = findEdge(shares, walk.missShare);
    const auto& rows = runner.sorted().rows;
    const std::string walkText = "stride " + std::to_string(walk.stride) + " B (the front cache's line) over " +
                                 bytesText(firstBytes) + " to " + bytesText(bank) + " of one bank";

    Attribute a;
    a.name = attr::size;
    a.method = "p-chase in one bank";
    a.evidence = id;
    if (edge.found) {
        const double after = shares[edge.firstMiss];
        a.confidence = edge.confidence;
        if (edge.firstMiss == 0) {
            // Arrays up to the front cache's size hit there; this level can only be shown holding less.
            a.value = static_cast<double>(frontBytes);
            a.upperBound = true;
            a.reason = walkText + ": the first array past the front cache already misses on " + percentText(after, 1) +
                       " of the loads: this cache holds no more than the " + std::to_string(frontBytes) +
                       " B in front of it";
        } else {
            a.value = rows[edge.firstMiss - 1].x;
            a.reason = walkText + ": the largest array without misses; from " +
                       std::to_string(static_cast<std::uint64_t>(rows[edge.firstMiss].x)) + " B on " + percentText(after, 1) +
                       " of the loads miss (one per " + std::to_string(walk.sector) + " B sector: " +
                       percentText(static_cast<double>(walk.stride) / static_cast<double>(walk.sector), 1) + " expected)";
        }
        a.reason += "; " + std::to_string(static_cast<int>(edge.confidence * 100 + 0.5)) +
                    " % of the rows lie on the side of the edge their misses say";
    } else {
        // One bank fits. Past it only a chase over several banks can go (the generic search's).
        const Series* probe = probeBankSwitch(ctx, target, walk, bank, frontBytes);
        const Series* overBanks = ctx.topology().findSeries(seriesId(target, "size"));
        BankLimitVerdict verdict;
        verdict.reason = "no chase over banks to compare";
        if (probe && overBanks) verdict = judgeBankLimit(analysedRows(*overBanks), *probe, bank, missCut, walk.missShare);
        a.value = static_cast<double>(bank);
        a.reason = walkText + ": no row misses; " + verdict.reason;
        if (verdict.decided) {
            a.method = "p-chase in one bank + bank switch";
            a.confidence = verdict.confidence;
        } else {
            a.confidence = 0;
            a.lowerBound = true;
        }
    }
    ctx.report(target.element, a);
}

}  // namespace ts
