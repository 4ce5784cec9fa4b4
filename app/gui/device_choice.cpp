#include "device_choice.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {
DeviceChoice toChoice(const app::DeviceEntry& e) {
    return {qText(e.label), qText(e.choice.backend), e.choice.device, qText(e.choice.profile), qText(toString(e.vendor)), e.real};
}

app::BackendChoice toBackendChoice(const DeviceChoice& c) {
    return {c.backend.toStdString(), c.device, c.profile.toStdString()};
}

}  // namespace ts::gui
