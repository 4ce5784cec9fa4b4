#include "session_folder.hpp"

#include <QStandardPaths>

namespace ts::gui {

QString defaultSessionFolder() {
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return base.isEmpty() ? QString() : base + QStringLiteral("/sessions");
}

}  // namespace ts::gui
