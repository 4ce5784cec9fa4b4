#include "topology/sheet_painter.hpp"

#include <QFontMetricsF>
#include <QPdfWriter>
#include <QTextOption>

#include <qcustomplot.h>

#include <algorithm>

namespace ts::gui {
namespace {

// Between words where possible; a word wider than its column (a series id) breaks anywhere
// rather than running into the next column or being cut.
QTextOption wrapping() {
    QTextOption o(Qt::AlignLeft | Qt::AlignTop);
    o.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    return o;
}

}  // namespace

void SheetPainter::newPage() {
    pdf_.newPage();
    ++page_;
}

void SheetPainter::noteText(double points) {
    if (stats_.smallestPoints == 0 || points < stats_.smallestPoints) stats_.smallestPoints = points;
}

void SheetPainter::setFont(double points, bool bold) {
    QFont f;
    f.setPointSizeF(std::max(points, kMinPoints));  // the writer runs at 72 dpi: a point is a unit
    f.setBold(bold);
    p_.setFont(f);
    noteText(f.pointSizeF());
}

double SheetPainter::textHeight(const QString& text, double width, double points, bool bold) {
    setFont(points, bold);
    const QRectF r = p_.boundingRect(QRectF(0, 0, width, 1e6), text, wrapping());
    return std::max(r.height(), QFontMetricsF(p_.font(), p_.device()).height());
}

double SheetPainter::drawText(const QString& text, double x, double y, double width, double points, bool bold,
                              const QColor& colour) {
    const double h = textHeight(text, width, points, bold);
    p_.setPen(colour);
    p_.drawText(QRectF(x, y, width, h), text, wrapping());
    return h;
}

}  // namespace ts::gui
