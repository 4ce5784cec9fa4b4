#include "metatypes.hpp"

#include "device_choice.hpp"
#include "mig/mig_view.hpp"
#include "run_outcome.hpp"

namespace ts::gui {

void registerMetaTypes() {
    qRegisterMetaType<std::shared_ptr<const Series>>();
    qRegisterMetaType<ReductionEvent>();
    qRegisterMetaType<ChangePointEvent>();
    qRegisterMetaType<ResultEvent>();
    qRegisterMetaType<ProgressEvent>();
    qRegisterMetaType<DeviceInfo>();
    qRegisterMetaType<MigViewData>();
    qRegisterMetaType<DeviceChoice>();
    qRegisterMetaType<QVector<DeviceChoice>>();
    qRegisterMetaType<RunOutcome>();
}

}  // namespace ts::gui
