#include "topology/topology_canvas.hpp"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include "topology/topology_view.hpp"

namespace ts::gui {

TopologyCanvas::TopologyCanvas(TopologyView* view) : QWidget(view), view_(view) {
    setMouseTracking(true);
    setFocusPolicy(Qt::NoFocus);
}

void TopologyCanvas::updateSize() {
    const QSizeF s = view_->scene().size() * view_->zoom();
    resize(std::max(1, qCeil(s.width())), std::max(1, qCeil(s.height())));
    update();
}

void TopologyCanvas::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), Qt::white);
    p.scale(view_->zoom(), view_->zoom());
    view_->scene().paint(p, view_->selected());
}

int TopologyCanvas::boxAt(const QPointF& pos) const { return view_->scene().hitTest(pos / view_->zoom()); }

void TopologyCanvas::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    view_->setFocus();
    const int box = boxAt(event->position());
    view_->select(box);
    if (box >= 0 && view_->scene().boxes()[static_cast<std::size_t>(box)].kind == BoxKind::Fold) view_->activate(box);
}

void TopologyCanvas::mouseDoubleClickEvent(QMouseEvent* event) {
    const int box = boxAt(event->position());
    if (box >= 0 && view_->scene().boxes()[static_cast<std::size_t>(box)].kind == BoxKind::UnitGroup) view_->activate(box);
}

void TopologyCanvas::wheelEvent(QWheelEvent* event) {
    if (!(event->modifiers() & Qt::ControlModifier)) {
        event->ignore();
        return;
    }
    view_->setZoom(view_->zoom() * (event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15));
    event->accept();
}

bool TopologyCanvas::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int box = boxAt(help->pos());
        if (box >= 0) {
            const SceneBox& b = view_->scene().boxes()[static_cast<std::size_t>(box)];
            QToolTip::showText(help->globalPos(), b.toolTip.isEmpty() ? b.label : b.toolTip, this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

}  // namespace ts::gui
