#include "cu-map/cu_map_view.hpp"

#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "view_support/info_label.hpp"

namespace ts::gui {

CuMapView::CuMapView(QWidget* parent) : QWidget(parent), info_(new QLabel(this)) {
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(320, 240);
    info_->setWordWrap(true);
    setData({});
}

void CuMapView::setData(const Topology& topology) {
    map_ = CuSharingMap::fromTopology(topology);
    if (selected_ >= map_.idCount()) selected_ = -1;
    info_->setText(map_.empty() ? emptyText(topology.device) : selectionText());
    placeInfo();
    update();
}

// The selection's text right under the map's legend, not at the window's bottom edge.
void CuMapView::placeInfo() {
    placeInfoLabel(*info_, map_.empty() ? 8 : static_cast<int>(map_.drawnBottom(mapArea())) + 4);
}

void CuMapView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    placeInfo();
}

QRectF CuMapView::mapArea() const {
    return QRectF(8, 8, width() - 16, std::max(40.0, height() - 24.0 - 2 * info_->fontMetrics().lineSpacing()));
}

// Said while there is no map: on an AMD GPU the map comes with the sharing benchmarks (not
// "needs an AMD GPU" while the MI210's sharing runs).
QString CuMapView::emptyText(const DeviceInfo& device) {
    if (device.name.empty())
        return tr("No run yet: the CU-sharing map shows which CUs of an AMD GPU (or its simulator profile) share "
                  "a scalar L1, once the sharing benchmarks have run.");
    if (device.vendor == Vendor::Amd)
        return tr("No sL1d sharing measured yet on %1: the map appears when the sharing benchmarks have found "
                  "which CUs share a scalar L1.")
            .arg(QString::fromStdString(device.name));
    return tr("%1 has no scalar L1 shared by CUs: the CU-sharing map is for AMD GPUs.")
        .arg(QString::fromStdString(device.name));
}

QString CuMapView::infoText() const { return info_->text(); }

QString CuMapView::selectionText() const {
    if (selected_ < 0) return tr("Click a CU to see which CUs share its scalar L1.");
    if (map_.isDisabled(selected_)) return tr("CU %1 is disabled.").arg(selected_);
    if (map_.groupOf(selected_) < 0) return tr("CU %1 was not measured.").arg(selected_);
    const std::vector<int> partners = map_.partners(selected_);
    if (partners.empty()) return tr("CU %1 has its scalar L1 to itself.").arg(selected_);
    QStringList ids;
    for (int id : partners) ids << QString::number(id);
    return tr("CU %1 shares its scalar L1 with CU %2.").arg(selected_).arg(ids.join(QStringLiteral(", ")));
}

void CuMapView::select(int id) {
    if (id >= map_.idCount()) id = -1;
    selected_ = id;
    if (!map_.empty()) info_->setText(selectionText());
    placeInfo();
    update();
    emit selectionChanged(id);
}

void CuMapView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), Qt::white);
    if (!map_.empty()) map_.paint(p, mapArea(), selected_);
}

void CuMapView::mousePressEvent(QMouseEvent* event) {
    setFocus();
    select(map_.cellAt(mapArea(), event->position()));
}

// The arrows move to the cell drawn beside the selected one (across XCD blocks too).
void CuMapView::keyPressEvent(QKeyEvent* event) {
    if (map_.idCount() <= 0) return QWidget::keyPressEvent(event);
    QPoint step;
    switch (event->key()) {
        case Qt::Key_Right: step = {1, 0}; break;
        case Qt::Key_Left: step = {-1, 0}; break;
        case Qt::Key_Down: step = {0, 1}; break;
        case Qt::Key_Up: step = {0, -1}; break;
        default: return QWidget::keyPressEvent(event);
    }
    if (selected_ < 0) return select(0);
    const int next = map_.cellAtGrid(map_.gridPosition(selected_) + step);
    if (next >= 0) select(next);
}

QPointF CuMapView::cellCentre(int id) const { return map_.cellRect(mapArea(), id).center(); }

QString CuMapView::toolTipAt(const QPointF& point) const {
    if (map_.empty()) return {};
    return map_.describe(map_.cellAt(mapArea(), point));
}

bool CuMapView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

}  // namespace ts::gui
