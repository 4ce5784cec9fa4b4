#pragma once
#include <QString>

#include "model/attribute.hpp"

namespace ts::gui {

// "48 B", "256 KiB", "50 MiB", "1.5 GiB": binary prefixes, at most 3 significant digits.
QString formatBytes(double bytes);
// A result's value with its unit and bound marks: "≥ 256 KiB", "31.2 cycles", "L1, Texture".
QString formatValue(const Attribute& attribute);
// "4 s", "2 min 05 s", "1 h 02 min"; "…" for a negative (unknown) duration.
QString formatDuration(double seconds);
// The attribute names the engine uses, as a reader would say them: "lineSize" -> "Line size".
QString attributeTitle(const QString& name);

}  // namespace ts::gui
