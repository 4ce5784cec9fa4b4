#include "cu-map/cu_map_view.hpp"

#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QVBoxLayout>

namespace ts::gui {

CuMapView::CuMapView(QWidget* parent) : QWidget(parent), info_(new QLabel(this)) {
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(320, 240);
    auto* layout = new QVBoxLayout(this);
    layout->addStretch(1);
    layout->addWidget(info_);
    info_->setWordWrap(true);
    setToolTip(tr("Physical CU ids coloured by the scalar L1 (sL1d) they share; hatched: disabled. "
                  "Click a CU to outline its partners."));
    setData({});
}

void CuMapView::setData(const Topology& topology) {
    map_ = CuSharingMap::fromTopology(topology);
    if (selected_ >= map_.idCount()) selected_ = -1;
    info_->setText(map_.empty() ? tr("No sL1d sharing in this run: the CU-sharing map needs an AMD GPU "
                                     "(or its simulator profile) and the sharing benchmarks.")
                                : selectionText());
    update();
}

QRectF CuMapView::mapArea() const {
    return QRectF(8, 8, width() - 16, std::max(40.0, height() - 16.0 - info_->sizeHint().height()));
}

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

void CuMapView::keyPressEvent(QKeyEvent* event) {
    const int n = map_.idCount();
    if (n <= 0) return QWidget::keyPressEvent(event);
    int id = selected_ < 0 ? 0 : selected_;
    switch (event->key()) {
        case Qt::Key_Right: id = std::min(n - 1, id + 1); break;
        case Qt::Key_Left: id = std::max(0, id - 1); break;
        case Qt::Key_Down: id = std::min(n - 1, id + 16); break;
        case Qt::Key_Up: id = std::max(0, id - 16); break;
        default: return QWidget::keyPressEvent(event);
    }
    select(id);
}

}  // namespace ts::gui
