#pragma once
#include <QString>

#include "model/series.hpp"

namespace ts::gui {

struct Threshold {
    double value = -1;  // a load (or row median) above it counts as a miss; -1: none
    QString rule;       // how it was found
};

// The latency split the engine's decision rule for this kind of series uses, computed with
// the engine's own functions over every row so far, so the plots can show it. (L2 segments:
// the engine decides per unit from its load pattern; the split of row medians only shows it.)
Threshold evidenceThreshold(const Series& series);

}  // namespace ts::gui
