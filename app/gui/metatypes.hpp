#pragma once

namespace ts::gui {

// Registers every type the worker's signals carry across threads. Idempotent.
void registerMetaTypes();

}  // namespace ts::gui
