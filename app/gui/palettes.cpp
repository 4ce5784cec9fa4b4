#include "palettes.hpp"

#include <QApplication>
#include <QStyle>

namespace ts::gui {
namespace {

QPalette& systemPalette() {
    static QPalette palette;
    return palette;
}

QPalette dark() {
    QPalette p;
    const QColor window(45, 45, 48), base(30, 30, 32), text(225, 225, 225), disabled(128, 128, 128);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(90, 160, 240));
    p.setColor(QPalette::Highlight, QColor(42, 110, 190));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, disabled);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

}  // namespace

void rememberSystemPalette() { systemPalette() = QApplication::palette(); }

QPalette paletteFor(const QString& choice) {
    if (choice == QLatin1String("dark")) return dark();
    if (choice == QLatin1String("light")) return QApplication::style()->standardPalette();
    return systemPalette();
}

}  // namespace ts::gui
