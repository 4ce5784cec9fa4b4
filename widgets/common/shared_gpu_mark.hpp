#pragma once
// A result disturbed by another process on the GPU: its reason carries the engine's mark
// (kSharedGpuMark in engine/benchmarks/plan_runner.hpp; docs/faults.md, "A shared GPU").
#include <QColor>
#include <QString>

namespace ts::gui {

inline bool sharedGpuMarked(const QString& reason) { return reason.contains(QLatin1String("shared GPU")); }

// The colour of every shared-GPU mark: table rows, plot points, diagram boxes, the banner.
inline QColor sharedGpuColour() { return QColor(0xc8, 0x6a, 0x00); }

}  // namespace ts::gui
