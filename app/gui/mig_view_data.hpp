#pragma once
// What the MIG view shows of a run, as the engine computes it: kept apart from the view because
// the widgets link only the model library, not analysis/mig_shares.
#include "mig/mig_view.hpp"

#include "model/topology.hpp"

namespace ts::gui {

// The device's layout and the L2 facts decided so far: the engine's migShares() over
// migL2Facts(), the rule the CLI's `mig` command uses, split into profiles and instances.
MigViewData toMigView(const Topology& run);

}  // namespace ts::gui
