#include "launch_device.hpp"

#include <QCoreApplication>
#include <QSettings>

#include "run_panel.hpp"

namespace ts::gui {
namespace {

const QString kDefaultDevice = QStringLiteral("sim:h100");

QString keyFor(const LaunchOptions& o) {
    if (o.backend == QLatin1String("sim"))
        return QStringLiteral("sim:") + (o.profile.isEmpty() ? QStringLiteral("h100") : o.profile);
    if (o.backend == QLatin1String("cuda") || o.backend == QLatin1String("hip"))
        return o.backend + QLatin1Char(':') + QString::number(o.device);
    return {};
}

}  // namespace

bool chooseLaunchDevice(RunPanel& panel, const QVector<DeviceChoice>& devices, const LaunchOptions& options,
                        QString* warning) {
    const QString wanted = keyFor(options);
    bool found = true;
    if (!wanted.isEmpty()) {
        if (panel.selectDevice(wanted)) return true;
        if (warning)
            *warning = QCoreApplication::translate("ts::gui::LaunchDevice", "warning: no device %1 here; choosing the default")
                           .arg(wanted);
        found = false;
    }
    if (options.backend.isEmpty() && !options.ignoreSettings) {
        const QString last = QSettings().value(QStringLiteral("device/last")).toString();
        if (!last.isEmpty() && panel.selectDevice(last)) return found;
    }
    // The default: the first real GPU, else the simulated H100.
    for (const auto& d : devices)
        if (d.real && panel.selectDevice(d.key())) return found;
    if (!panel.selectDevice(kDefaultDevice) && !devices.isEmpty()) panel.selectDevice(devices.front().key());
    return found;
}

}  // namespace ts::gui
