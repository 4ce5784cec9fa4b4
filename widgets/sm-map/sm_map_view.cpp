#include "sm-map/sm_map_view.hpp"

#include <QComboBox>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "model/attribute_names.hpp"
#include "view_support/info_label.hpp"

namespace ts::gui {

SmMapView::SmMapView(QWidget* parent) : QWidget(parent), colouring_(new QComboBox(this)), info_(new QLabel(this)) {
    setMinimumSize(320, 240);
    colouring_->addItem(tr("Colour by near L2 segment"));
    colouring_->addItem(tr("Colour by L2 hit latency"));
    colouring_->move(8, 8);
    connect(colouring_, &QComboBox::currentIndexChanged, this, [this] { update(); });
    info_->setWordWrap(true);
    setData({});
}

void SmMapView::setData(const Topology& topology) {
    map_ = SmLayoutMap::fromTopology(topology);
    empty_ = map_.empty() ? emptyText(topology) : QString();
    colouring_->setVisible(!map_.empty());
    if (map_.empty() || map_.describe(selected_).isEmpty()) selected_ = -1;
    describeSelection();
    update();
}

void SmMapView::setColouring(SmLayoutMap::Colouring colouring) {
    colouring_->setCurrentIndex(colouring == SmLayoutMap::Colouring::NearSegment ? 0 : 1);
}

// Said while there is no map: why, in the words of the benchmark that would draw it.
QString SmMapView::emptyText(const Topology& topology) {
    if (topology.device.name.empty())
        return tr("No run yet: the SM layout shows which SMs of an NVIDIA GPU (sm_90 and later, or its simulator "
                  "profile) form a TPC and a GPC, once the layout benchmark has placed thread-block clusters.");
    if (const Attribute* gpcs = topology.find(Element::Compute, attr::gpcs); gpcs && !gpcs->reason.empty())
        return tr("No SM layout for %1: %2").arg(QString::fromStdString(topology.device.name), QString::fromStdString(gpcs->reason));
    if (topology.device.vendor == Vendor::Amd)
        return tr("%1: the layout of AMD CUs (shader arrays, engines, XCDs) is not measured yet; the CU Sharing tab "
                  "shows which CUs share a scalar L1.")
            .arg(QString::fromStdString(topology.device.name));
    return tr("No SM layout measured on %1: run the layout benchmark group.").arg(QString::fromStdString(topology.device.name));
}

QRectF SmMapView::mapArea() const {
    const double top = map_.empty() ? 8.0 : colouring_->geometry().bottom() + 8.0;
    return QRectF(8, top, width() - 16, std::max(40.0, height() - top - 16.0 - 3 * info_->fontMetrics().lineSpacing()));
}

void SmMapView::placeInfo() {
    placeInfoLabel(*info_, map_.empty() ? 8 : static_cast<int>(map_.drawnBottom(mapArea())) + 8);
}

void SmMapView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    placeInfo();
}

void SmMapView::describeSelection() {
    if (map_.empty()) info_->setText(empty_);
    else if (selected_ < 0)
        info_->setText(map_.summary() + QStringLiteral(". ") +
                       tr("Click an SM to mark its TPC and GPC; double-click opens the clusters' placements."));
    else info_->setText(map_.describe(selected_));
    placeInfo();
}

QString SmMapView::infoText() const { return info_->text(); }

void SmMapView::select(int sm) {
    selected_ = map_.describe(sm).isEmpty() ? -1 : sm;
    describeSelection();
    update();
}

QString SmMapView::toolTipAt(const QPointF& point) const {
    const int sm = map_.smAt(mapArea(), point);
    return sm < 0 ? QString() : map_.describe(sm);
}

QPointF SmMapView::cellCentre(int sm) const { return map_.cellRect(mapArea(), sm).center(); }

void SmMapView::paintEvent(QPaintEvent*) {
    if (map_.empty()) return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const auto colouring = colouring_->currentIndex() == 0 ? SmLayoutMap::Colouring::NearSegment : SmLayoutMap::Colouring::Latency;
    map_.paint(painter, mapArea(), colouring, selected_);
}

void SmMapView::mousePressEvent(QMouseEvent* event) {
    select(map_.smAt(mapArea(), event->position()));
    QWidget::mousePressEvent(event);
}

void SmMapView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (map_.smAt(mapArea(), event->position()) >= 0) emit evidenceRequested(QStringLiteral("compute.layout"));
    QWidget::mouseDoubleClickEvent(event);
}

bool SmMapView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) QToolTip::hideText();
        else QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

}  // namespace ts::gui
