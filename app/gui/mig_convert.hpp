#pragma once
// MIG between the engine and the widgets: the device's layout into DeviceData, and the rows of
// the MIG view, computed by the engine (analysis/mig_shares) from the layout, the API L2 size
// and the L2 segment size measured so far.
#include <optional>

#include "mig/mig_data.hpp"
#include "model/mig.hpp"
#include "topology/topology_data.hpp"

namespace ts::gui {

MigLayoutData toMigLayoutData(const std::optional<MigLayout>& layout);
MigLayout toMigLayout(const MigLayoutData& data);  // state None: Unknown

MigViewData toMigView(const TopologyData& topology);

}  // namespace ts::gui
