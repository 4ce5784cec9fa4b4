#pragma once
#include <QString>

#include <vector>

#include "model/attribute.hpp"

namespace ts::gui {

// A plain number as every view writes it: whole numbers without decimals ("124"), others to three
// significant digits at most ("31.2", "0.125"), never an exponent.
QString formatNumber(double value);
// A count in full, its digits in groups of three: "24 641 536" (narrow spaces, in every language).
QString formatCount(qint64 count);
// "48 B", "256 KiB", "50 MiB", "1.5 GiB": binary prefixes, at most 3 significant digits.
QString formatBytes(double bytes);
// A clock the API gives in kHz, as people say it: "1980 MHz", "1.5 MHz".
QString formatClockKhz(double kilohertz);
// A result's value with its unit and bound marks: "≥ 256 KiB", "31.2 cycles", "38 cycles",
// "3.35 TiB/s", "L1, Texture"; never an exponent. A value no benchmark decided (confidence 0,
// not a bound) is no number: "undecided: <the engine's reason>".
QString formatValue(const Attribute& attribute);
// The engine's reason for a decision, which the engine words in English: as it is in an English
// window, marked as English where it stands in a sentence of another language (issue 37,
// item 10: English and German mixed on one line).
QString reasonText(const std::string& reason);
// "4 s", "2 min 05 s", "1 h 02 min"; "…" for a negative (unknown) duration.
QString formatDuration(double seconds);
// SM/CU ids as ranges: "0–65, 70, 72–80" (in any order given, each id once).
QString formatIdRanges(std::vector<int> ids);
// The attribute names the engine uses, as a reader would say them: "lineSize" -> "Line size".
QString attributeTitle(const QString& name);

}  // namespace ts::gui
