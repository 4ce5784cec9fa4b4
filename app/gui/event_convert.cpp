#include "event_convert.hpp"

#include "analysis/mig_shares.hpp"

namespace ts::gui {
namespace {

QString q(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace

MigViewData toMigView(const Topology& run) {
    MigViewData view;
    view.layout = run.device.mig;
    if (!view.layout) return view;
    for (MigShare& share : migShares(*view.layout, migL2Facts(run)))
        (share.kind == MigShare::Kind::Instance ? view.instances : view.profiles).push_back(std::move(share));
    return view;
}

DeviceChoice toChoice(const app::DeviceEntry& e) {
    return {q(e.label), q(e.choice.backend), e.choice.device, q(e.choice.profile), q(toString(e.vendor)), e.real};
}

app::BackendChoice toBackendChoice(const DeviceChoice& c) {
    return {c.backend.toStdString(), c.device, c.profile.toStdString()};
}

}  // namespace ts::gui
