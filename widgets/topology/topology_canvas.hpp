#pragma once
#include <QWidget>

namespace ts::gui {

class TopologyView;

// Paints the view's scene at its zoom and turns mouse events into box hits.
class TopologyCanvas : public QWidget {
    Q_OBJECT
public:
    explicit TopologyCanvas(TopologyView* view);
    void updateSize();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    bool event(QEvent* event) override;

private:
    int boxAt(const QPointF& pos) const;
    TopologyView* view_;
};

}  // namespace ts::gui
