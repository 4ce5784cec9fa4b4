#pragma once
// A window plot laid out at the size of a sheet's small plot: what fitted the window may not fit
// there. While a SheetPlotFit lives, the plot is laid out at that size with its labels made to
// fit: an axis title longer than its axis in lines as long as the axis; a text label that leaves the axis rect
// turned to its other side or else moved inside when it has a background of its own (a decision
// label), left out when it has none (it would cover the data); labels with a background drawn
// over the data; a legend inside the axis rect in a corner that hides no data point, or where
// every corner hides some, in rows of its own under the plot; a legend in a row of its own
// (the size plots') moved into a corner that hides nothing, which gives its row to the axes.
// Everything is put back afterwards.
#include <QRect>
#include <QSize>
#include <QString>
#include <QStringList>

#include <vector>

class QCustomPlot;
class QCPAxis;
class QCPAxisRect;
class QCPItemText;
class QCPLayer;
class QCPLayoutInset;
class QPaintDevice;

namespace ts::gui {

class SheetPlotFit {
public:
    // Text is measured as `device` (the sheet's writer) sets it.
    SheetPlotFit(QCustomPlot& plot, int width, int height, const QPaintDevice* device);
    ~SheetPlotFit();
    SheetPlotFit(const SheetPlotFit&) = delete;
    SheetPlotFit& operator=(const SheetPlotFit&) = delete;

    // Labels that still leave the plot (text labels outside their axis rect, axis titles longer
    // than their axis, a legend outside the plot), as laid out now.
    static int labelsOutside(QCustomPlot& plot, const QPaintDevice* device);
    // The data points a legend inside an axis rect hides, as laid out now.
    static int pointsUnderLegend(QCustomPlot& plot);
    // The texts of the plot's visible text labels (a decision, a rejected change point).
    static QStringList labelTexts(QCustomPlot& plot);

private:
    struct SavedText {
        QCPItemText* item;
        bool visible;
        Qt::Alignment alignment;
        double x, y;
        QCPLayer* layer;
    };
    void layOut();
    void wrapAxisTitles();
    void fitTextItems();
    void placeInsetLegend();
    void moveLegendBelow(QCPLayoutInset* inset);
    void placeRowLegendInside();
    void tightenTopMargin();
    int legendCost(const QRectF& where) const;

    QCustomPlot& plot_;
    const QPaintDevice* device_;
    QRect viewport_;
    QSize size_;
    std::vector<std::pair<QCPAxis*, QString>> titles_;
    std::vector<SavedText> texts_;
    int legendIndex_ = -1;
    Qt::Alignment legendAlignment_;
    QCPLayoutInset* legendMovedFrom_ = nullptr;
    int legendRowMovedFrom_ = -1;
    std::vector<std::pair<QCPAxisRect*, int>> topMargins_;  // each axis rect's minimum top margin before
    int rowSpacing_ = -1;  // the plot layout's row the legend left for a corner inside
    int legendWrap_ = 0;
    int legendFillOrder_ = 0;  // a QCPLayoutGrid::FillOrder
};

}  // namespace ts::gui
