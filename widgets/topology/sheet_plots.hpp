#pragma once
// The evidence plots of the topology sheet: which series it draws (the decisive ones on page 1,
// then the others by importance, each once) and a grid of figures with title and caption.
#include <QRectF>
#include <QStringList>

#include "model/topology.hpp"

namespace ts::gui {

class SheetEvidence;
class SheetPainter;

struct SheetPlotChoice {
    QStringList decisive;  // page 1: the size sweeps of the first two levels, the L2 segments
    QStringList rest;      // every other series that has a plot, most telling first
};

SheetPlotChoice chooseSheetPlots(const Topology& data, const SheetEvidence& evidence);

// "L1 size": the first attribute the series is evidence for.
QString sheetPlotTitle(const Topology& data, const QString& seriesId);
// Every decision the series is evidence for: "L1 size 243 KiB · confidence 1.00; …".
QString sheetPlotCaption(const Topology& data, const QString& seriesId);

// Draws `ids` as figures numbered from `firstFigure`, `columns` a row, rows of equal height in
// `area`, each with its title and (`captions`) the decisions it is evidence for below it.
void drawSheetPlots(SheetPainter& sheet, const Topology& data, SheetEvidence& evidence, const QStringList& ids,
                    int firstFigure, const QRectF& area, int columns, int rows, bool captions = true);

}  // namespace ts::gui
