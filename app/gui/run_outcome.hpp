#pragma once
// How a run, an opened recording or a replay ended (RunSignals::runFinished).
#include <QMetaType>
#include <QString>

#include <memory>

#include "model/topology.hpp"

namespace ts::gui {

struct RunOutcome {
    bool ok = false;
    bool cancelled = false;
    QString message;  // why it failed, or empty
    double seconds = 0;
    // The engine's model of the run or recording as it ended (what was measured before a
    // failure or cancel included); null when nothing was opened or started.
    std::shared_ptr<const Topology> topology;
};

}  // namespace ts::gui

Q_DECLARE_METATYPE(ts::gui::RunOutcome)
