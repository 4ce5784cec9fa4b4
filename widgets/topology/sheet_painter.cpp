#include "topology/sheet_painter.hpp"

#include <QFontMetricsF>
#include <QPdfWriter>
#include <QTextOption>

#include <qcustomplot.h>

#include <algorithm>

#include "topology/topology_sheet.hpp"

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

void SheetPainter::setFooter(const QString& title, int pages) {
    footerTitle_ = title;
    footerPages_ = pages;
}

// In the bottom margin, under the page's area.
void SheetPainter::drawFooter() {
    if (footerPages_ == 0) return;
    const double y = kHeight + kMargin / 3;
    const QColor grey(0x60, 0x60, 0x60);
    const QString number = TopologySheet::tr("page %1 of %2").arg(page_).arg(footerPages_);
    drawText(footerTitle_, 0, y, kWidth * 0.75, kMinPoints, false, grey);
    setFont(kMinPoints);
    const double w = QFontMetricsF(p_.font(), p_.device()).horizontalAdvance(number);
    drawText(number, kWidth - w - 1, y, w + 1, kMinPoints, false, grey);
}

void SheetPainter::newPage() {
    drawFooter();
    pdf_.newPage();
    ++page_;
}

void SheetPainter::finish() { drawFooter(); }

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
