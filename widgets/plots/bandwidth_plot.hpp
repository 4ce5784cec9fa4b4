#pragma once
#include "plots/plot_panel.hpp"

namespace ts::gui {

// Bandwidth sweeps: GiB/s against the number of blocks, one curve per block size.
class BandwidthPlot : public PlotPanel {
    Q_OBJECT
public:
    explicit BandwidthPlot(QWidget* parent = nullptr);

protected:
    void rebuild(const StoredSeries& series, bool full) override;
    void clearPlot() override;
    QString readoutAt(const QPointF& pixel) const override;
    void applyScale() override;
};

}  // namespace ts::gui
