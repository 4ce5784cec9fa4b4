#pragma once
#include <QString>
#include <QVector>

#include "common/benchmark_tree_model.hpp"

namespace ts::gui {

// The benchmark groups the engine runs on a device of `vendor` ("NVIDIA" or "AMD"), each with
// the memory elements it measures, in the engine's group order.
QVector<BenchmarkGroupInfo> benchmarkCatalog(const QString& vendor);

}  // namespace ts::gui
