#pragma once
// A result disturbed by another process on the GPU carries Mark::SharedGpu (model/attribute.hpp;
// docs/faults.md, "A shared GPU"); every view draws it in this colour.
#include <QColor>

namespace ts::gui {

// The colour of every shared-GPU mark: table rows, plot points, diagram boxes, the banner.
inline QColor sharedGpuColour() { return QColor(0xc8, 0x6a, 0x00); }

}  // namespace ts::gui
