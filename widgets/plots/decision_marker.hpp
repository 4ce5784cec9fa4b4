#pragma once
#include <QString>
#include <Qt>

class QCustomPlot;
class QCPItemStraightLine;
class QCPItemText;

namespace ts::gui {

struct PlotTheme;

// A label at an x of the plot, its top at a fixed height: on the side of its x that faces the
// plot's middle, so that it stays inside the plot.
void alignToPlotHalf(QCPItemText* label);

// A decided x value on a stride plot: a dashed vertical line with its label at the top,
// hidden until shown. The plot owns the items.
class DecisionMarker {
public:
    // `style`: the line's pen (dashed for the decision a plot stands for, dotted for one beside it).
    explicit DecisionMarker(QCustomPlot* plot, Qt::PenStyle style = Qt::DashLine);
    void applyTheme(const PlotTheme& theme);
    // `labelY`: the label's top, as a share of the axis rect's height from its top.
    void show(double x, const QString& label, double labelY = 0.02);
    void hide();
    bool visible() const;
    // The label on the side of its line that faces the plot's middle, so that it stays inside
    // the plot (called again when the x range changes).
    void alignToPlotHalf();

private:
    QCPItemStraightLine* line_;
    QCPItemText* label_;
    Qt::PenStyle style_;
};

}  // namespace ts::gui
