#pragma once
#include <QString>
#include <QVector>

#include "view_support/benchmark_tree_model.hpp"

namespace ts::gui {

// The benchmark groups the engine runs on a device of `vendor` ("NVIDIA" or "AMD"), each with
// the memory elements it measures, in the engine's group order; `withoutL3`: the device is
// known to have no L3, so none is listed.
QVector<BenchmarkGroupInfo> benchmarkCatalog(const QString& vendor, bool withoutL3 = false);

}  // namespace ts::gui
