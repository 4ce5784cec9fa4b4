#pragma once
#include <map>
#include <utility>
#include <vector>

#include "plots/plot_panel.hpp"

class QCPGraph;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;

namespace ts::gui {
class DensityScatter;
class DecisionMarker;
}

namespace ts::gui {

// A size sweep as it grows: every per-load latency against array size, the min/mean/max
// envelopes, the reduction curve on the right axis and the K-S change point.
// Latencies are whole cycles, so the loads of one size pile up on few distinct values: each
// distinct (size, latency) becomes one weighted point of a DensityScatter, whose pixels
// darken with the number of loads on them. A million loads draw in a few milliseconds.
class SizePlotWidget : public PlotPanel {
    Q_OBJECT
public:
    explicit SizePlotWidget(QWidget* parent = nullptr);

    // For tests and the benchmark: what is drawn now.
    int sampleCount() const;       // loads the scatter stands for
    int samplePointCount() const;  // distinct points it draws
    int envelopePointCount() const;
    int reductionPointCount() const;
    bool changePointVisible() const;
    double changePointX() const;
    QString changePointLabel() const;
    // Where the set structure counted the capacity apart from the knee this sweep decided: the
    // capacity's marker (dotted) beside the knee's.
    bool capacityMarkerVisible() const;
    int clippedMarkCount() const;  // sizes with loads above the y axis, marked at its top
    QString reductionAxisTitle() const;

protected:
    void rebuild(const StoredSeries& series, bool full) override;
    void clearPlot() override;
    QString readoutAt(const QPointF& pixel) const override;
    void applyScale() override;
    void applyTheme() override;
    void fitView() override;

private:
    void appendSamples(const StoredSeries& series, std::size_t firstRow);
    void updateEnvelopes(const StoredSeries& series);
    void updateReduction(const StoredSeries& series);
    void updateChangePoint(const StoredSeries& series);
    void updateCaption(const StoredSeries& series);
    void placeChangeLabel();  // left of the line in the right half, so it stays inside
    void updateClippedMarks();
    void fitAxisTitle();
    static QString longReductionTitle();

    DensityScatter* samples_;
    bool sharedGpu_ = false;  // the series' decision was disturbed by another process: points marked
    QCPGraph* minimum_;
    QCPGraph* mean_;
    QCPGraph* maximum_;
    QCPGraph* clipped_;
    QCPItemRect* unmeasured_;
    QCPItemText* unmeasuredLabel_;
    std::map<std::size_t, std::uint32_t> robustHigh_;  // row -> the latency 98 % of its loads stay under
    std::vector<std::pair<double, double>> envelopeMax_;  // size -> slowest load
    int clippedCount_ = 0;
    QCPGraph* reduction_;
    QCPItemStraightLine* changeLine_;
    QCPItemText* changeLabel_;
    DecisionMarker* capacity_;
    std::vector<std::size_t> byX_;  // row indices sorted by x, for the hover readout
};

}  // namespace ts::gui
