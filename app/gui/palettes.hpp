#pragma once
#include <QPalette>
#include <QString>

namespace ts::gui {

// "system" (what the platform gave at start), "light" or "dark" (Fusion colours).
QPalette paletteFor(const QString& choice);
void rememberSystemPalette();  // call once before any palette is changed

}  // namespace ts::gui
