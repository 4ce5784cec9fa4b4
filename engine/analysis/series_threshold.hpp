#pragma once
// The latency split each kind of evidence series is decided by, attached to the series so that
// what shows the series (the GUI's plots) draws the engine's threshold instead of finding its
// own: the latency above which a load (or a row's median) counts as a miss, and the rule that
// found it (Series::missThreshold, Series::thresholdRule). Not written to files: loading a
// recording computes it again from the rows.
#include "model/series.hpp"
#include "model/topology.hpp"

namespace ts {

// From every row of `series` so far; rule None and threshold -1 where the kind has no split
// or the rows cannot be split yet.
void updateMissThreshold(Series& series);
void updateMissThresholds(Topology& topology);  // every series

}  // namespace ts
