#pragma once
#include <QWidget>

#include "model/fleet_comparison.hpp"

class QLabel;

namespace ts::gui {

class TopologyView;

// One GPU of the fleet's side-by-side: its name, its outlier attributes (value and the
// fleet's median), and its topology diagram.
class FleetGpuPane : public QWidget {
    Q_OBJECT
public:
    explicit FleetGpuPane(QWidget* parent = nullptr);

    void showMember(const FleetComparison& fleet, int member);  // -1: none
    int member() const { return member_; }
    TopologyView* view() const { return view_; }
    QString title() const;
    QString outlierText() const;

private:
    QLabel* title_;
    QLabel* outliers_;
    TopologyView* view_;
    int member_ = -1;
};

}  // namespace ts::gui
