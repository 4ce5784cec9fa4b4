#include "metatypes.hpp"

#include "device_choice.hpp"
#include "common/run_data.hpp"
#include "mig/mig_view.hpp"
#include "run_worker.hpp"

namespace ts::gui {

void registerMetaTypes() {
    qRegisterMetaType<SeriesChunkPtr>();
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
