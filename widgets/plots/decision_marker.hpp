#pragma once
#include <QString>

class QCustomPlot;
class QCPItemStraightLine;
class QCPItemText;

namespace ts::gui {

struct PlotTheme;

// A decided x value on a stride plot: a dashed vertical line with its label at the top,
// hidden until shown. The plot owns the items.
class DecisionMarker {
public:
    explicit DecisionMarker(QCustomPlot* plot);
    void applyTheme(const PlotTheme& theme);
    void show(double x, const QString& label);
    void hide();
    bool visible() const;

private:
    QCPItemStraightLine* line_;
    QCPItemText* label_;
};

}  // namespace ts::gui
