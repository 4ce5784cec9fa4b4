#pragma once
#include <vector>

#include <QStringList>

#include "plots/plot_panel.hpp"

class QCPStatisticalBox;
class QCPItemStraightLine;

namespace ts::gui {

// Amount and sharing evidence: one box (min, quartiles, median, max of the re-timed loads)
// per row, coloured by the outcome the engine's rule gives it, with the rule's threshold.
// Amount: a warp evicts warp 0's data when more than half of its re-timed loads lie above the
// threshold the engine's miss rule derives from the control row. Sharing: the row's own flag
// (or, for L2 segments, its median against the near/far split).
class EvidenceRowsPlot : public PlotPanel {
    Q_OBJECT
public:
    explicit EvidenceRowsPlot(QWidget* parent = nullptr);
    bool supportsLogScale() const override { return false; }
    int missRowCount() const;
    int hitRowCount() const;

protected:
    void rebuild(const StoredSeries& series, bool full) override;
    void clearPlot() override;
    QString readoutAt(const QPointF& pixel) const override;
    void applyScale() override {}
    void applyTheme() override;

private:
    bool rowMissed(const StoredSeries& s, const StoredRow& row, double median) const;
    std::vector<std::size_t> drawnRows(const StoredSeries& s, QStringList& untimed) const;

    QCPStatisticalBox* hits_;
    QCPStatisticalBox* misses_;
    QCPItemStraightLine* threshold_;
    std::vector<QString> labels_;
    std::vector<bool> missed_;
    std::vector<std::size_t> rowIndex_;  // the series row each drawn box shows
};

}  // namespace ts::gui
