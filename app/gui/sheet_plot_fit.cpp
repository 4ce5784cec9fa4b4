#include "sheet_plot_fit.hpp"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <limits>

namespace ts::gui {
namespace {

constexpr double kTolerance = 1;  // pixels: rounding of the layout

// Where a text label lies, as drawn (unrotated labels, the only ones the plots set).
QRectF textRect(const QCPItemText& t, const QPaintDevice* device) {
    const QFontMetricsF metrics(t.font(), device);
    const QRectF text = metrics.boundingRect(QRectF(), Qt::TextDontClip | t.textAlignment(), t.text());
    const QMarginsF pad = t.padding();
    const QSizeF size(text.width() + pad.left() + pad.right(), text.height() + pad.top() + pad.bottom());
    const QPointF at = t.position->pixelPosition();
    const Qt::Alignment a = t.positionAlignment();
    const double x = a & Qt::AlignRight ? at.x() - size.width() : a & Qt::AlignHCenter ? at.x() - size.width() / 2 : at.x();
    const double y = a & Qt::AlignBottom ? at.y() - size.height() : a & Qt::AlignVCenter ? at.y() - size.height() / 2 : at.y();
    return {QPointF(x, y), size};
}

bool inside(const QRectF& inner, const QRectF& outer) {
    return outer.adjusted(-kTolerance, -kTolerance, kTolerance, kTolerance).contains(inner);
}

QRectF clipOf(const QCPItemText& t) {
    return t.clipToAxisRect() && t.clipAxisRect() ? QRectF(t.clipAxisRect()->rect()) : QRectF();
}

double axisLength(const QCPAxis& axis) {
    return axis.orientation() == Qt::Vertical ? axis.axisRect()->height() : axis.axisRect()->width();
}

double widestLine(const QString& text, const QFont& font, const QPaintDevice* device) {
    const QFontMetricsF metrics(font, device);
    double widest = 0;
    for (const QString& line : text.split(QLatin1Char('\n'))) widest = std::max(widest, metrics.horizontalAdvance(line));
    return widest;
}

// The title broken at spaces into as few lines as keep each within `width` (a word longer than
// that stays whole).
QString wrapped(const QString& title, const QFont& font, const QPaintDevice* device, double width) {
    const QFontMetricsF metrics(font, device);
    QStringList lines;
    for (const QString& word : title.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() && metrics.horizontalAdvance(lines.back() + QLatin1Char(' ') + word) <= width)
            lines.back() += QLatin1Char(' ') + word;
        else
            lines << word;
    }
    return lines.join(QLatin1Char('\n'));
}

std::vector<QCPItemText*> visibleTexts(QCustomPlot& plot) {
    std::vector<QCPItemText*> out;
    for (int i = 0; i < plot.itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot.item(i)); t && t->visible() && !t->text().isEmpty()) out.push_back(t);
    return out;
}

// A box of `size` in the corner `a` of `area`.
QRectF cornerRect(const QRectF& area, const QSizeF& size, Qt::Alignment a) {
    const double x = a & Qt::AlignRight ? area.right() - size.width() : area.left();
    const double y = a & Qt::AlignBottom ? area.bottom() - size.height() : area.top();
    return {QPointF(x, y), size};
}

// The legend in a row of its own at `row` of the plot layout, as short as its entries let it be.
void legendIntoRow(QCPLayoutGrid* grid, QCPLegend* legend, int row) {
    grid->insertRow(row);
    grid->addElement(row, 0, legend);
    grid->setRowStretchFactor(row, 0.001);
}

// Data points of the 1D plottables (graphs, boxes, bars) inside `rect` or within a mark's radius
// of it, with each box's range ends.
int pointsIn(QCustomPlot& plot, const QRectF& rect) {
    constexpr double kMark = 5;
    const QRectF near = rect.adjusted(-kMark, -kMark, kMark, kMark);
    int count = 0;
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot.plottable(i);
        QCPPlottableInterface1D* data = p->visible() ? p->interface1D() : nullptr;
        if (!data) continue;
        const int n = data->dataCount();
        const int step = std::max(1, n / 5000);
        for (int k = 0; k < n; k += step) {
            const double key = data->dataMainKey(k);
            const QCPRange values = data->dataValueRange(k);
            for (double v : {values.lower, data->dataMainValue(k), values.upper})
                if (near.contains(p->coordsToPixels(key, v))) count += step;
        }
    }
    return count;
}

}  // namespace

SheetPlotFit::SheetPlotFit(QCustomPlot& plot, int width, int height, const QPaintDevice* device)
    : plot_(plot), device_(device), viewport_(plot.viewport()), size_(width, height) {
    tightenTopMargin();
    layOut();
    wrapAxisTitles();
    fitTextItems();
    placeInsetLegend();
    if (!legendMovedFrom_) placeRowLegendInside();
}

SheetPlotFit::~SheetPlotFit() {
    for (auto& [rect, top] : topMargins_) {
        QMargins m = rect->minimumMargins();
        m.setTop(top);
        rect->setMinimumMargins(m);
    }
    if (rowSpacing_ >= 0) plot_.plotLayout()->setRowSpacing(rowSpacing_);
    for (auto& [axis, title] : titles_) axis->setLabel(title);
    for (const SavedText& s : texts_) {
        s.item->setVisible(s.visible);
        s.item->setPositionAlignment(s.alignment);
        s.item->position->setCoords(s.x, s.y);
        s.item->setLayer(s.layer);
    }
    if (legendRowMovedFrom_ >= 0) {
        QCPLegend* legend = plot_.legend;
        if (auto* inset = qobject_cast<QCPLayoutInset*>(legend->layout())) {
            inset->take(legend);
            inset->simplify();
        }
        legendIntoRow(plot_.plotLayout(), legend, legendRowMovedFrom_);
        legend->setWrap(legendWrap_);
        legend->setFillOrder(static_cast<QCPLayoutGrid::FillOrder>(legendFillOrder_), true);
    } else if (legendMovedFrom_) {
        QCPLegend* legend = plot_.legend;
        plot_.plotLayout()->take(legend);
        plot_.plotLayout()->simplify();
        legend->setWrap(legendWrap_);
        legend->setFillOrder(static_cast<QCPLayoutGrid::FillOrder>(legendFillOrder_), true);
        legendMovedFrom_->addElement(legend, legendAlignment_);
    } else if (legendIndex_ >= 0)
        if (auto* inset = qobject_cast<QCPLayoutInset*>(plot_.legend->layout()))
            inset->setInsetAlignment(legendIndex_, legendAlignment_);
    plot_.setViewport(viewport_);
    plot_.replot(QCustomPlot::rpQueuedReplot);
}

// An axis rect with no axis on top keeps QCustomPlot's 15 px minimum margin there, and the plot
// layout 5 px between rows: on a sheet's small plot (some 170 px) that blank is a tenth of the
// height the axes need (the L2 size plot on page 1 had some 2.4 cm: issue 37, item 10). Only the
// half of the top tick label that stands above the axis rect is kept.
void SheetPlotFit::tightenTopMargin() {
    for (QCPAxisRect* rect : plot_.axisRects()) {
        bool topAxis = false;
        int tickHalf = 0;
        for (QCPAxis* axis : rect->axes()) {
            if (!axis->visible()) continue;
            if (axis->axisType() == QCPAxis::atTop) topAxis = true;
            if (axis->orientation() == Qt::Vertical && axis->tickLabels())
                tickHalf = std::max(tickHalf, QFontMetrics(axis->tickLabelFont(), device_).height() / 2 + 1);
        }
        if (topAxis) continue;
        QMargins m = rect->minimumMargins();
        topMargins_.emplace_back(rect, m.top());
        m.setTop(std::min(m.top(), tickHalf));
        rect->setMinimumMargins(m);
    }
    rowSpacing_ = plot_.plotLayout()->rowSpacing();
    plot_.plotLayout()->setRowSpacing(1);
}

void SheetPlotFit::layOut() {
    plot_.setViewport(QRect(QPoint(0, 0), size_));
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
        plot_.plotLayout()->update(phase);
}

void SheetPlotFit::wrapAxisTitles() {
    bool changed = false;
    for (QCPAxisRect* rect : plot_.axisRects())
        for (QCPAxis* axis : rect->axes()) {
            const QString title = axis->label();
            if (!axis->visible() || title.isEmpty() || widestLine(title, axis->labelFont(), device_) <= axisLength(*axis)) continue;
            titles_.emplace_back(axis, title);
            axis->setLabel(wrapped(title, axis->labelFont(), device_, axisLength(*axis)));
            changed = true;
        }
    if (changed) layOut();
}

void SheetPlotFit::fitTextItems() {
    for (QCPItemText* t : visibleTexts(plot_)) {
        const QRectF clip = clipOf(*t);
        const bool boxed = t->brush().style() != Qt::NoBrush;
        const QPointF at = t->position->coords();
        texts_.push_back({t, t->visible(), t->positionAlignment(), at.x(), at.y(), t->layer()});
        if (boxed && plot_.layer(QStringLiteral("legend"))) t->setLayer(QStringLiteral("legend"));  // over the data
        if (clip.isEmpty() || inside(textRect(*t, device_), clip)) continue;
        if (!boxed) {
            t->setVisible(false);  // without a background of its own, anywhere else it would cover the data
            continue;
        }
        const Qt::Alignment a = t->positionAlignment();
        const Qt::Alignment vertical = a & Qt::AlignVertical_Mask;
        if (a & (Qt::AlignLeft | Qt::AlignRight)) {
            t->setPositionAlignment(vertical | (a & Qt::AlignLeft ? Qt::AlignRight : Qt::AlignLeft));
            if (inside(textRect(*t, device_), clip)) continue;
            t->setPositionAlignment(a);
        }
        const QRectF r = textRect(*t, device_);
        const double dx = r.left() < clip.left() ? clip.left() - r.left() : std::min(0.0, clip.right() - r.right());
        const double dy = r.top() < clip.top() ? clip.top() - r.top() : std::min(0.0, clip.bottom() - r.bottom());
        t->position->setPixelPosition(t->position->pixelPosition() + QPointF(dx, dy));
    }
}

void SheetPlotFit::placeInsetLegend() {
    QCPLegend* legend = plot_.legend;
    auto* inset = legend && legend->visible() ? qobject_cast<QCPLayoutInset*>(legend->layout()) : nullptr;
    if (!inset) return;
    int index = -1;
    for (int i = 0; i < inset->elementCount(); ++i)
        if (inset->elementAt(i) == legend) index = i;
    if (index < 0 || inset->insetPlacement(index) != QCPLayoutInset::ipBorderAligned) return;
    const QRectF area = inset->rect();
    const QSizeF size = legend->outerRect().size();
    const auto cost = [&](Qt::Alignment a) { return legendCost(cornerRect(area, size, a)); };
    legendAlignment_ = inset->insetAlignment(index);
    Qt::Alignment best = legendAlignment_;
    int bestCost = cost(best);
    for (Qt::Alignment a : {Qt::AlignTop | Qt::AlignRight, Qt::AlignTop | Qt::AlignLeft, Qt::AlignBottom | Qt::AlignRight,
                            Qt::AlignBottom | Qt::AlignLeft})
        if (const int c = cost(a); c < bestCost) best = a, bestCost = c;
    if (bestCost > 0) return moveLegendBelow(inset);
    if (best == legendAlignment_) return;
    legendIndex_ = index;
    inset->setInsetAlignment(index, best);
    layOut();
}

// What a legend at `where` would hide: data points, and a thousand for each text label it covers.
int SheetPlotFit::legendCost(const QRectF& where) const {
    int c = pointsIn(plot_, where);
    for (QCPItemText* t : visibleTexts(plot_)) c += where.intersects(textRect(*t, device_)) ? 1000 : 0;
    return c;
}

// A legend in a row of its own above the axes (the size plots': placeLegendAbovePlot) goes into a
// corner of the axis rect that hides nothing, two or three entries a row, where one is free: on
// a sheet's small plot its row took a sixth of the height (issue 37, item 10).
void SheetPlotFit::placeRowLegendInside() {
    QCPLegend* legend = plot_.legend;
    QCPLayoutGrid* grid = plot_.plotLayout();
    if (!legend || !legend->visible() || legend->layout() != grid || plot_.axisRectCount() != 1) return;
    int row = -1;
    for (int r = 0; r < grid->rowCount(); ++r)
        if (grid->element(r, 0) == legend) row = r;
    if (row < 0) return;
    const int wrap = legend->wrap();
    const int fill = legend->fillOrder();
    const QRectF area = plot_.axisRect()->rect();
    // The axis rect grows by the legend's row once it leaves: a corner is judged where it is now
    // and where it will be.
    const QRectF grown = area.adjusted(0, -legend->outerRect().height() - grid->rowSpacing(), 0, 0);
    for (int perRow : {3, 2}) {
        legend->setWrap(perRow);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
        const QSizeF size = legend->minimumOuterSizeHint();
        if (size.width() > 0.7 * area.width() || size.height() > 0.45 * area.height()) continue;
        for (Qt::Alignment a : {Qt::AlignTop | Qt::AlignLeft, Qt::AlignTop | Qt::AlignRight, Qt::AlignBottom | Qt::AlignRight,
                                Qt::AlignBottom | Qt::AlignLeft}) {
            if (legendCost(cornerRect(grown, size, a)) > 0 || legendCost(cornerRect(area, size, a)) > 0) continue;
            legendRowMovedFrom_ = row;
            legendWrap_ = wrap;
            legendFillOrder_ = fill;
            grid->take(legend);
            grid->simplify();
            plot_.axisRect()->insetLayout()->addElement(legend, a);
            layOut();
            return;
        }
    }
    legend->setWrap(wrap);
    legend->setFillOrder(static_cast<QCPLayoutGrid::FillOrder>(fill), true);
}

// Every corner hides data (a scatter that fills the plot, curves in every corner): the legend
// goes under the axis rect, as many entries a row as the plot's width holds.
void SheetPlotFit::moveLegendBelow(QCPLayoutInset* inset) {
    QCPLegend* legend = plot_.legend;
    legendMovedFrom_ = inset;
    legendWrap_ = legend->wrap();
    legendFillOrder_ = legend->fillOrder();
    inset->take(legend);
    inset->simplify();
    legendIntoRow(plot_.plotLayout(), legend, plot_.plotLayout()->rowCount());
    for (int perRow = legend->itemCount(); perRow >= 1; --perRow) {
        legend->setWrap(perRow);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
        if (legend->minimumOuterSizeHint().width() <= size_.width()) break;
    }
    layOut();
}

QStringList SheetPlotFit::labelTexts(QCustomPlot& plot) {
    QStringList out;
    for (QCPItemText* t : visibleTexts(plot)) out << t->text();
    return out;
}

int SheetPlotFit::pointsUnderLegend(QCustomPlot& plot) {
    if (!plot.legend || !plot.legend->visible()) return 0;
    int hidden = 0;
    for (QCPAxisRect* rect : plot.axisRects())
        if (const QRectF over = QRectF(plot.legend->outerRect()).intersected(rect->rect()); !over.isEmpty())
            hidden += pointsIn(plot, over);
    return hidden;
}

int SheetPlotFit::labelsOutside(QCustomPlot& plot, const QPaintDevice* device) {
    int outside = 0;
    for (QCPItemText* t : visibleTexts(plot)) {
        const QRectF clip = clipOf(*t);
        if (!clip.isEmpty() && !inside(textRect(*t, device), clip)) ++outside;
    }
    for (QCPAxisRect* rect : plot.axisRects())
        for (QCPAxis* axis : rect->axes())
            if (axis->visible() && !axis->label().isEmpty() &&
                widestLine(axis->label(), axis->labelFont(), device) > axisLength(*axis) + kTolerance)
                ++outside;
    if (plot.legend && plot.legend->visible() && !inside(plot.legend->outerRect(), plot.viewport())) ++outside;
    return outside;
}

}  // namespace ts::gui
