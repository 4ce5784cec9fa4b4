#pragma once
#include <QMetaType>
#include <QString>
#include <QVector>

#include "program_support/backend_factory.hpp"

namespace ts::gui {

// A device the chooser offers: ts::app::DeviceEntry in the Qt strings the chooser, the settings
// and the queued signals carry.
struct DeviceChoice {
    QString label;
    QString backend;  // "cuda", "hip", "sim"
    int device = 0;
    QString profile;  // sim: built-in profile name
    QString vendor;   // "NVIDIA", "AMD"
    bool real = false;
    bool withoutL3 = false;  // AMD: known to have no L3, so none is offered (app::DeviceEntry)

    QString key() const {
        return backend + QLatin1Char(':') + (backend == QLatin1String("sim") ? profile : QString::number(device));
    }
};

DeviceChoice toChoice(const app::DeviceEntry& entry);
app::BackendChoice toBackendChoice(const DeviceChoice& choice);

}  // namespace ts::gui

Q_DECLARE_METATYPE(ts::gui::DeviceChoice)
