#pragma once
#include "plots/decision_marker.hpp"
#include "plots/plot_panel.hpp"


namespace ts::gui {

// Line size: per stride, the fraction of the timed loads that missed after a warm-up pass,
// one curve per array size. A stride below the line size still touches every line, so such
// arrays thrash; from the line size on, larger strides touch fewer lines and fit.
class LineSizePlot : public PlotPanel {
    Q_OBJECT
public:
    explicit LineSizePlot(QWidget* parent = nullptr);
    int curveCount() const;
    bool decisionVisible() const;

protected:
    void rebuild(const StoredSeries& series, bool full) override;
    void clearPlot() override;
    QString readoutAt(const QPointF& pixel) const override;
    void applyScale() override;
    void applyTheme() override;
    void fitView() override;

private:
    DecisionMarker decision_;
};

}  // namespace ts::gui
