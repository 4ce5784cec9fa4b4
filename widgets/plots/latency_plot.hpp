#pragma once
#include "plots/plot_panel.hpp"

class QCPItemStraightLine;

namespace ts::gui {

// Latency distribution: a histogram of every load of the series (one colour per row, e.g.
// "tlb-warm" and "tlb-miss"), with the mean, the median and the 95th percentile marked.
class LatencyHistogramPlot : public PlotPanel {
    Q_OBJECT
public:
    explicit LatencyHistogramPlot(QWidget* parent = nullptr);
    bool supportsLogScale() const override { return false; }
    int barSetCount() const;

protected:
    void rebuild(const StoredSeries& series, bool full) override;
    void clearPlot() override;
    QString readoutAt(const QPointF& pixel) const override;
    void applyScale() override {}
    void fitView() override;

private:
    void addMarker(double x, const QColor& color, Qt::PenStyle style, const QString& label);

    double binWidth_ = 1;
    double binOrigin_ = 0;
    double viewLower_ = 0, viewUpper_ = 0;  // initial x range; equal: fit everything
};

}  // namespace ts::gui
