#include "topology/topology_view.hpp"

#include <QAction>
#include <QBuffer>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QScrollBar>
#include <QSvgGenerator>

#include <algorithm>

#include "view_support/saved_file.hpp"
#include "topology/topology_canvas.hpp"

namespace ts::gui {

TopologyView::TopologyView(QWidget* parent) : QScrollArea(parent), canvas_(new TopologyCanvas(this)) {
    setWidget(canvas_);
    setWidgetResizable(false);
    setAlignment(Qt::AlignCenter);
    setFocusPolicy(Qt::StrongFocus);
    setBackgroundRole(QPalette::Base);
    zoomIn_ = new QAction(tr("Zoom &In"), this);
    zoomIn_->setShortcut(QKeySequence::ZoomIn);
    connect(zoomIn_, &QAction::triggered, this, [this] { setZoom(zoom_ * 1.25); });
    zoomOut_ = new QAction(tr("Zoom &Out"), this);
    zoomOut_->setShortcut(QKeySequence::ZoomOut);
    connect(zoomOut_, &QAction::triggered, this, [this] { setZoom(zoom_ / 1.25); });
    fit_ = new QAction(tr("&Fit Diagram to Window"), this);
    connect(fit_, &QAction::triggered, this, &TopologyView::fitToWindow);
    export_ = new QAction(tr("Export &Diagram…"), this);
    connect(export_, &QAction::triggered, this, &TopologyView::exportInteractively);
    for (QAction* a : {zoomIn_, zoomOut_, fit_}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }
    setToolTip(tr("Click a box for its attributes; arrow keys move, Enter expands the unit array, "
                  "Ctrl+wheel or +/- zoom, 0 fits"));
}

void TopologyView::setData(const Topology& data) {
    QStringList wanted;
    if (selected_ >= 0) wanted = scene_.boxes()[static_cast<std::size_t>(selected_)].elementIds;
    data_ = data;
    rebuild();
    int again = -1;
    if (!wanted.isEmpty()) again = scene_.findElement(wanted.front());
    if (again != selected_) select(again);
}

double TopologyView::readableZoom() { return kSmallestReadablePixels / TopologyScene::smallestTextPixels(); }

void TopologyView::rebuild() {
    if (fitting_)
        buildToFit();
    else
        scene_ = TopologyScene::build(data_, options_);
    if (selected_ >= static_cast<int>(scene_.boxes().size())) selected_ = -1;
    canvas_->updateSize();
}

// XCDs and L2 segments all in one row where that fits the window's width at a readable size, else
// 4, 3 or 2 to a row, else one (an MI300X's 8 XCDs in one row need 1300 px); then the zoom that
// fits the window, never smaller than readable: a diagram too large scrolls instead (issue 37: the
// MI300X's was fitted to 3 px text).
void TopologyView::buildToFit() {
    const double width = contentsRect().width() - 4 - verticalScrollBar()->sizeHint().width();
    for (const int columns : {0, 4, 3, 2, 1}) {
        options_.groupColumns = columns;
        scene_ = TopologyScene::build(data_, options_);
        if (scene_.size().width() * readableZoom() <= width) break;
    }
    const QSizeF s = scene_.size();
    const QSize room = contentsRect().size() - QSize(4, 4);  // without scroll bars where the fitted canvas needs none
    if (!s.isEmpty())
        zoom_ = std::clamp(std::min(room.width() / s.width(), room.height() / s.height()), readableZoom(), 2.0);
}

void TopologyView::select(int box) {
    if (box >= static_cast<int>(scene_.boxes().size())) box = -1;
    selected_ = box;
    canvas_->update();
    if (box >= 0) {
        const QRectF r = scene_.boxes()[static_cast<std::size_t>(box)].rect;
        ensureVisible(qRound(r.center().x() * zoom_), qRound(r.center().y() * zoom_),
                      qRound(r.width() * zoom_ / 2), qRound(r.height() * zoom_ / 2));
    }
    emit selectionChanged(box);
}

void TopologyView::activate(int box) {
    if (box < 0) return;
    const BoxKind k = scene_.boxes()[static_cast<std::size_t>(box)].kind;
    if (k == BoxKind::Fold || k == BoxKind::UnitGroup) setExpanded(!options_.expandUnits);
}

void TopologyView::setExpanded(bool on) {
    if (options_.expandUnits == on) return;
    options_.expandUnits = on;
    selected_ = -1;
    rebuild();
    emit selectionChanged(-1);
}

void TopologyView::setZoom(double zoom) {
    fitting_ = false;
    zoom_ = std::clamp(zoom, 0.1, 8.0);
    canvas_->updateSize();
}

void TopologyView::fitToWindow() {
    fitting_ = true;
    rebuild();
}

void TopologyView::resizeEvent(QResizeEvent* event) {
    QScrollArea::resizeEvent(event);
    if (fitting_) rebuild();  // the groups to a row follow the width
}

void TopologyView::step(int delta) {
    const std::vector<int> order = scene_.selectable();
    if (order.empty()) return;
    auto it = std::find(order.begin(), order.end(), selected_);
    int pos = it == order.end() ? (delta > 0 ? -1 : 0) : static_cast<int>(it - order.begin());
    pos = (pos + delta + static_cast<int>(order.size())) % static_cast<int>(order.size());
    select(order[static_cast<std::size_t>(pos)]);
}

void TopologyView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
        case Qt::Key_Right:
        case Qt::Key_Down:
            step(1);
            return;
        case Qt::Key_Left:
        case Qt::Key_Up:
            step(-1);
            return;
        case Qt::Key_Return:
        case Qt::Key_Enter:
        case Qt::Key_Space:
            activate(selected_);
            return;
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            setZoom(zoom_ * 1.25);
            return;
        case Qt::Key_Minus:
            setZoom(zoom_ / 1.25);
            return;
        case Qt::Key_0:
            fitToWindow();
            return;
        default:
            QScrollArea::keyPressEvent(event);
    }
}

bool TopologyView::exportTo(const QString& path, QString* error) const {
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QSizeF s = scene_.size();
    QByteArray bytes;  // rendered in memory, then written by the one output writer
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        QImage image((s * 2).toSize(), QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter p(&image);
        p.scale(2, 2);
        scene_.paint(p);
        p.end();
        return saveImage(path, image, error);
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(s.toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), s));
        svg.setTitle(QString::fromStdString(data_.device.name));
        svg.setDescription(tr("TopoScope memory-hierarchy diagram"));
        QPainter p;
        ok = p.begin(&svg);
        if (ok) {
            scene_.paint(p);
            ok = p.end();
        }
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setPageSize(QPageSize(QSizeF(s.width() + 20, s.height() + 20), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(10, 10, 10, 10), QPageLayout::Point);
        pdf.setTitle(QString::fromStdString(data_.device.name));
        QPainter p;
        ok = p.begin(&pdf);
        if (ok) {
            const double scale = pdf.resolution() / 72.0;
            p.scale(scale, scale);
            scene_.paint(p);
            ok = p.end();
        }
    } else {
        if (error) *error = tr("unknown file type \"%1\" (use .png, .svg or .pdf)").arg(suffix);
        return false;
    }
    if (!ok) {
        if (error) *error = tr("could not draw %1").arg(path);
        return false;
    }
    return saveFile(path, bytes, error);
}

void TopologyView::exportInteractively() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Diagram"), QStringLiteral("topology.svg"),
                                                      tr("SVG (*.svg);;PNG (*.png);;PDF (*.pdf)"));
    if (path.isEmpty()) return;
    QString error;
    if (!exportTo(path, &error)) QMessageBox::warning(this, tr("Export Diagram"), error);
}

}  // namespace ts::gui
