#include "session_folder.hpp"

#include <stdexcept>

#include "common/session_folder.hpp"

namespace ts::gui {

QString defaultSessionFolder() {
    try {
        return QString::fromStdString(app::sessionFolder());
    } catch (const std::runtime_error&) {
        return {};
    }
}

}  // namespace ts::gui
