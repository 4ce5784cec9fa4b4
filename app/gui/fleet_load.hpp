#pragma once
// Reads a fleet from files: fleet reports, fleet member files or plain TopoScope reports, any
// mix, or folders of them; every GPU of every file becomes one member. Engine work; app/gui runs it off the GUI
// thread (FleetLoader).
#include <QStringList>

#include "fleet/fleet_data.hpp"

namespace ts::gui {

struct FleetLoadResult {
    FleetData data;
    QString file;     // the file that failed
    QString problem;  // empty: loaded
    bool ok() const { return problem.isEmpty(); }
};

FleetLoadResult loadFleet(const QStringList& paths);

}  // namespace ts::gui
