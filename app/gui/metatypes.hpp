#pragma once
// The engine's types that cross threads in the worker's signals, as they are.
#include <QMetaType>

#include <memory>

#include "events/observer.hpp"
#include "model/series.hpp"

Q_DECLARE_METATYPE(std::shared_ptr<const ts::Series>)
Q_DECLARE_METATYPE(ts::DeviceInfo)
Q_DECLARE_METATYPE(ts::ResultEvent)
Q_DECLARE_METATYPE(ts::ReductionEvent)
Q_DECLARE_METATYPE(ts::ChangePointEvent)
Q_DECLARE_METATYPE(ts::ProgressEvent)

namespace ts::gui {

// Registers every type the worker's signals carry across threads. Idempotent.
void registerMetaTypes();

}  // namespace ts::gui
