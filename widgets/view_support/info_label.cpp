#include "view_support/info_label.hpp"

#include <QLabel>

#include <algorithm>

namespace ts::gui {

void placeInfoLabel(QLabel& label, int top) {
    constexpr int kMargin = 8;
    const QWidget* host = label.parentWidget();
    if (!host) return;
    const int width = host->width() - 2 * kMargin;
    const int height = label.heightForWidth(width) > 0 ? label.heightForWidth(width) : label.sizeHint().height();
    label.setGeometry(kMargin, std::min(top, host->height() - height - 4), width, height);
}

}  // namespace ts::gui
