#pragma once
#include <QWidget>

#include "cu-map/cu_sharing_map.hpp"

class QLabel;

namespace ts::gui {

// The sL1d CU-sharing map on screen: click a CU to highlight the CUs it shares its scalar L1
// with; arrow keys move the selection; hovering a CU names its XCD and partners.
class CuMapView : public QWidget {
    Q_OBJECT
public:
    explicit CuMapView(QWidget* parent = nullptr);

    void setData(const Topology& topology);
    const CuSharingMap& map() const { return map_; }
    int selected() const { return selected_; }
    void select(int id);
    QString selectionText() const;
    QString infoText() const;  // the line under the map (or in its place)
    QString toolTipAt(const QPointF& point) const;
    QPointF cellCentre(int id) const;  // where CU `id` is drawn, in widget coordinates  // the CU under `point`, described; empty off the cells

signals:
    void selectionChanged(int id);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    static QString emptyText(const DeviceInfo& device);
    QRectF mapArea() const;
    void placeInfo();

    CuSharingMap map_;
    QLabel* info_;
    int selected_ = -1;
};

}  // namespace ts::gui
