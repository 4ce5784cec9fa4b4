#pragma once
// Constant-cache capacity at the bank limit (issue 21, docs/methods.md "Constant L1.5 inside one
// bank"): a chase over several constant banks misses from the first row past one bank. Capacity,
// or the cost of switching banks? A re-timed quarter bank after a few lines in another bank tells.
#include <cstdint>
#include <string>
#include <vector>

#include "model/series.hpp"

namespace ts {

// The latency above which a load of a front-line walk missed this cache: 1.5 times the median of
// every load of the walk's rows. Past the capacity at most one load in (sector / stride) misses
// and the front cache keeps hits only in the first rows, so that median is a hit of this level;
// the next level costs twice as much or more.
double walkMissCut(const Series& walk);

struct BankLimitVerdict {
    bool decided = false;   // the capacity is exactly one bank
    double confidence = 0;  // share of rows on the side of the bank edge their misses say
    std::string reason;
};

// `multiBank`: the size sweep over several banks (x = total bytes, the first row a known hit);
// `bankSwitch`: a quarter bank re-timed after x bytes in another bank (row x = 0: alone);
// `bank`: one bank's bytes; in `bankSwitch` a load slower than `missCut` cycles missed, and a row
// with more than `switchShare` of such loads was evicted.
BankLimitVerdict judgeBankLimit(const Series& multiBank, const Series& bankSwitch, std::uint64_t bank, double missCut,
                                double switchShare);

}  // namespace ts
