#pragma once
// Engine types to the widgets' value types. Every function copies: nothing returned points
// into engine memory, so the results can cross to the GUI thread.
#include "device_choice.hpp"
#include "common/run_data.hpp"
#include "mig/mig_view.hpp"

#include "common/backend_factory.hpp"
#include "events/observer.hpp"
#include "model/topology.hpp"

namespace ts::gui {

// Rows [firstRow, end) of `series`; firstRow 0 marks the chunk as replacing the series.
SeriesChunk toChunk(const Series& series, std::size_t firstRow);
ResultData toResult(Element element, const Attribute& attribute);
// What the MIG view shows of a run (the device's layout, the L2 facts decided so far): the
// engine's migShares() over migL2Facts(), the rule the CLI's `mig` command uses.
MigViewData toMigView(const Topology& run);
DeviceChoice toChoice(const app::DeviceEntry& entry);
app::BackendChoice toBackendChoice(const DeviceChoice& choice);

}  // namespace ts::gui
