#include "device_choice.hpp"

namespace ts::gui {
namespace {

QString q(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace

DeviceChoice toChoice(const app::DeviceEntry& e) {
    return {q(e.label), q(e.choice.backend), e.choice.device, q(e.choice.profile), q(toString(e.vendor)), e.real};
}

app::BackendChoice toBackendChoice(const DeviceChoice& c) {
    return {c.backend.toStdString(), c.device, c.profile.toStdString()};
}

}  // namespace ts::gui
