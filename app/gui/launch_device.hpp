#pragma once
#include <QString>
#include <QVector>

#include "device_choice.hpp"
#include "launch_options.hpp"

namespace ts::gui {

class RunPanel;

// Selects the device a launch asked for (--backend/--profile/--device), else the last one used
// (unless settings are ignored), else the first real GPU, else the simulated H100. False when
// the device asked for is not here; `warning` then says so.
bool chooseLaunchDevice(RunPanel& panel, const QVector<DeviceChoice>& devices, const LaunchOptions& options,
                        QString* warning);

}  // namespace ts::gui
