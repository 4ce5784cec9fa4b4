#include "mig_view_data.hpp"

#include "analysis/mig_shares.hpp"

namespace ts::gui {

MigViewData toMigView(const Topology& run) {
    MigViewData view;
    view.layout = run.device.mig;
    if (!view.layout) return view;
    for (MigShare& share : migShares(*view.layout, migL2Facts(run)))
        (share.kind == MigShare::Kind::Instance ? view.instances : view.profiles).push_back(std::move(share));
    return view;
}

}  // namespace ts::gui
