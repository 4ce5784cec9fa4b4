#include "analysis/constant_bank.hpp"

#include <algorithm>
#include <cstdio>

#include "analysis/miss_rule.hpp"
#include "analysis/robust.hpp"
#include "model/percent_text.hpp"

namespace ts {
namespace {

// A row past a capacity shows misses when more than 1 % of its loads lie above the first row's
// fence (the edge rule of the size search: 3 of 256 loads).
constexpr double kMissingShare = 0.01;

std::string bytes(double x) { return std::to_string(static_cast<std::uint64_t>(x)) + " B"; }

}  // namespace

double walkMissCut(const Series& walk) {
    std::vector<std::uint32_t> all;
    for (const auto& row : walk.rows) all.insert(all.end(), row.latencies.begin(), row.latencies.end());
    return all.empty() ? 0 : 1.5 * median(all);
}

BankLimitVerdict judgeBankLimit(const Series& multiBank, const Series& bankSwitch, std::uint64_t bank, double missCut,
                                double switchShare) {
    BankLimitVerdict v;
    if (multiBank.rows.size() < 3 || bankSwitch.rows.size() < 2) {
        v.reason = "too few rows to judge the bank limit";
        return v;
    }
    // The switch: the quarter bank alone, then after lines in another bank.
    double alone = -1, worst = 0;
    double worstX = 0;
    for (const auto& row : bankSwitch.rows) {
        const double share = shareAbove(missCut, row.latencies);
        if (row.x == 0) alone = share;
        else if (share >= worst) worst = share, worstX = row.x;
    }
    const std::string switchText = "re-timing a quarter bank after up to " + bytes(bankSwitch.rows.back().x) +
                                   " in another bank misses on " + percentText(worst, 1) + " of the loads (" +
                                   percentText(std::max(alone, 0.0), 1) + " alone; series " + bankSwitch.id + ")";
    if (alone < 0 || alone > switchShare) {
        v.reason = "the re-timed quarter bank misses even alone: the switch cannot be judged";
        return v;
    }
    if (worst > switchShare) {
        v.reason = switchText + ", already after " + bytes(worstX) +
                   ": switching banks evicts lines, so a chase over banks measures the switch, not the capacity";
        return v;
    }
    // The sweep over banks: every row up to one bank clean, every row past it missing.
    const HitReference reference = hitReference(multiBank.rows.front().latencies);
    std::size_t agree = 0, past = 0, pastMissing = 0;
    const SeriesRow* firstPast = nullptr;
    for (const auto& row : multiBank.rows) {
        const bool missing = shareAbove(reference.fence, row.latencies) > kMissingShare;
        const bool beyond = row.x > static_cast<double>(bank);
        agree += missing == beyond;
        if (!beyond) continue;
        ++past;
        pastMissing += missing;
        if (!firstPast || row.x < firstPast->x) firstPast = &row;
    }
    v.confidence = static_cast<double>(agree) / static_cast<double>(multiBank.rows.size());
    if (!firstPast || shareAbove(reference.fence, firstPast->latencies) <= kMissingShare || pastMissing < 2) {
        v.reason = switchText + "; but the chase over banks does not miss right past one bank";
        v.confidence = 0;
        return v;
    }
    v.decided = v.confidence > 0.5;
    v.reason = "one bank (" + bytes(static_cast<double>(bank)) + ") fits without a miss; the chase over banks misses " +
               "from the first row past it (" + bytes(firstPast->x) + ": " +
               percentText(shareAbove(reference.fence, firstPast->latencies), 1) + " of the loads; " +
               std::to_string(pastMissing) + " of " + std::to_string(past) + " rows past the bank miss, series " +
               multiBank.id + "); and the switch alone evicts nothing: " + switchText +
               ". So the capacity is one bank; misses that grow gradually past it mean a replacement other than LRU";
    return v;
}

}  // namespace ts
