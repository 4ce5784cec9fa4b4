#pragma once
#include <QColor>
#include <QPalette>

class QCustomPlot;

namespace ts::gui {

// Plot colours. Data colours follow the matplotlib "tab10" cycle the MT4G paper's plots use
// (samples blue, reduction orange, change point red); frame colours follow the palette, so
// plots are light or dark with the system.
struct PlotTheme {
    QColor background, foreground, grid, subGrid;
    QColor samples, reduction, changePoint, envelope, mean, predicted, hit, miss;

    static PlotTheme fromPalette(const QPalette& palette);
    static QColor cycle(int index);            // tab10 colour `index` (mod 10)
    void applyFrame(QCustomPlot& plot) const;  // background, axes, grid, legend
};

}  // namespace ts::gui
