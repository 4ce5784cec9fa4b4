#pragma once
#include "plots/decision_marker.hpp"
#include "plots/plot_panel.hpp"

class QCPGraph;

namespace ts::gui {

// Fetch granularity: per stride, the fraction of loads of a cold chase that missed, against
// the sector model of the decided granularity g (a load misses once per g bytes: stride/g,
// capped at 1), with each load's latency on the right axis.
class FetchGranularityPlot : public PlotPanel {
    Q_OBJECT
public:
    explicit FetchGranularityPlot(QWidget* parent = nullptr);
    int observedCount() const;
    bool decisionVisible() const;

protected:
    void rebuild(const StoredSeries& series, bool full) override;
    void clearPlot() override;
    QString readoutAt(const QPointF& pixel) const override;
    void applyScale() override;
    void applyTheme() override;
    void fitView() override;

private:
    QCPGraph* observed_;
    QCPGraph* predicted_;
    QCPGraph* loads_;
    DecisionMarker decision_;
};

}  // namespace ts::gui
