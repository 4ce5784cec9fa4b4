#pragma once
#include <string_view>

#include <QString>

namespace ts::gui {

// The engine's UTF-8 text as a QString.
inline QString qText(std::string_view text) { return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())); }

}  // namespace ts::gui
