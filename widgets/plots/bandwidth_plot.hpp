#pragma once
#include "plots/plot_panel.hpp"

namespace ts::gui {

// Bandwidth sweeps: GiB/s against the number of blocks, one curve per block size; or, for the
// roofline's occupancy sweeps, against warps per SM/CU, one curve per loads in flight, with the
// plateau and 90 % of it drawn once decided.
class BandwidthPlot : public PlotPanel {
    Q_OBJECT
public:
    enum class Axis { Blocks, Warps };
    explicit BandwidthPlot(Axis axis = Axis::Blocks, QWidget* parent = nullptr);

protected:
    void rebuild(const StoredSeries& series, bool full) override;
    void clearPlot() override;
    QString readoutAt(const QPointF& pixel) const override;
    void applyScale() override;

private:
    Axis axis_;
};

}  // namespace ts::gui
