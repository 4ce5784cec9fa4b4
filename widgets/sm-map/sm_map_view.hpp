#pragma once
#include <QWidget>

#include "sm-map/sm_layout_map.hpp"

class QComboBox;
class QLabel;

namespace ts::gui {

// The SM layout on screen (issue 39): one row per GPC, its TPCs as columns of two SMs, coloured
// by near L2 segment or by L2 hit latency. Click an SM to outline its TPC and mark its GPC;
// double-click opens the evidence (the clusters' placements); hovering describes it.
class SmMapView : public QWidget {
    Q_OBJECT
public:
    explicit SmMapView(QWidget* parent = nullptr);

    void setData(const Topology& topology);
    const SmLayoutMap& map() const { return map_; }
    int selected() const { return selected_; }
    void select(int sm);
    void setColouring(SmLayoutMap::Colouring colouring);
    QString infoText() const;
    QString toolTipAt(const QPointF& point) const;
    QPointF cellCentre(int sm) const;

signals:
    void evidenceRequested(const QString& seriesId);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    static QString emptyText(const Topology& topology);
    QRectF mapArea() const;
    void placeInfo();
    void describeSelection();

    SmLayoutMap map_;
    QComboBox* colouring_;
    QLabel* info_;
    QString empty_;
    int selected_ = -1;
};

}  // namespace ts::gui
