#pragma once
#include <QWidget>

#include "model/topology.hpp"

class QToolButton;

namespace ts::gui {

class ElementDetailPanel;
class TopologyView;

// The Topology tab: the diagram with its zoom and export buttons, and the detail panel of the
// selected box beside it.
class TopologyPanel : public QWidget {
    Q_OBJECT
public:
    explicit TopologyPanel(QWidget* parent = nullptr);

    void setData(const Topology& data);
    TopologyView* view() const { return view_; }
    ElementDetailPanel* details() const { return details_; }

signals:
    void evidenceRequested(const QString& seriesId);

private:
    void onSelection(int box);

    TopologyView* view_;
    ElementDetailPanel* details_;
    QToolButton* expand_;
};

}  // namespace ts::gui
