#pragma once
// Reads a fleet from files: fleet reports, fleet member files or plain TopoScope reports, any
// mix, or folders of them; every GPU of every file becomes one member. Engine work; app/gui runs it off the GUI
// thread (FleetBackgroundReader).
#include <QStringList>

#include "model/fleet_comparison.hpp"

namespace ts::gui {

struct FleetReadResult {
    FleetComparison data;  // the engine's comparison of every GPU read
    QString file;     // the file that failed
    QString problem;  // empty: loaded
    bool ok() const { return problem.isEmpty(); }
};

FleetReadResult readFleetFiles(const QStringList& paths);

}  // namespace ts::gui
