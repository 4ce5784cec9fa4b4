#pragma once
// The adaptors left between the engine and the GUI, kept because the other side needs a
// different shape: the MIG view's lists (split by kind, computed by the engine's rule) and the
// device chooser's Qt strings for the backend registry's entries.
#include "device_choice.hpp"
#include "mig/mig_view.hpp"

#include "common/backend_factory.hpp"
#include "events/observer.hpp"
#include "model/topology.hpp"

namespace ts::gui {

// What the MIG view shows of a run (the device's layout, the L2 facts decided so far): the
// engine's migShares() over migL2Facts(), the rule the CLI's `mig` command uses.
MigViewData toMigView(const Topology& run);
DeviceChoice toChoice(const app::DeviceEntry& entry);
app::BackendChoice toBackendChoice(const DeviceChoice& choice);

}  // namespace ts::gui
