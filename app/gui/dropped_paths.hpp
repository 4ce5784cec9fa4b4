#pragma once
#include <QStringList>

class QMimeData;

namespace ts::gui {

// The local files and folders in a drag (URLs of other schemes are left out), in drag order.
QStringList droppedPaths(const QMimeData* mime);

}  // namespace ts::gui
