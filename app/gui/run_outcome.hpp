#pragma once
// How a run, an opened recording or a replay ended (RunSignals::runFinished).
#include <QMetaType>
#include <QString>

namespace ts::gui {

struct RunOutcome {
    bool ok = false;
    bool cancelled = false;
    QString message;  // why it failed, or empty
    double seconds = 0;
};

}  // namespace ts::gui

Q_DECLARE_METATYPE(ts::gui::RunOutcome)
