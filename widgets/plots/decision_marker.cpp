#include "plots/decision_marker.hpp"

#include <qcustomplot.h>

#include "plots/plot_theme.hpp"

namespace ts::gui {

DecisionMarker::DecisionMarker(QCustomPlot* plot, Qt::PenStyle style)
    : line_(new QCPItemStraightLine(plot)), label_(new QCPItemText(plot)), style_(style) {
    label_->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label_->setPadding(QMargins(4, 2, 4, 2));
    hide();
}

void DecisionMarker::applyTheme(const PlotTheme& theme) {
    line_->setPen(QPen(theme.changePoint, 2, style_));
    label_->setColor(theme.changePoint);
    label_->setPen(QPen(theme.changePoint));
    label_->setBrush(QBrush(theme.background));
}

void DecisionMarker::show(double x, const QString& label, double labelY) {
    line_->point1->setCoords(x, 0);
    line_->point2->setCoords(x, 1);
    label_->position->setCoords(x, labelY);
    label_->setText(label);
    line_->setVisible(true);
    label_->setVisible(true);
    alignToPlotHalf();
}

void alignToPlotHalf(QCPItemText* label) {
    const QCPAxis* x = label->position->keyAxis();
    const QCPAxisRect* rect = label->position->axisRect();
    if (!x || !rect) return;
    const bool rightHalf = x->coordToPixel(label->position->coords().x()) > rect->center().x();
    label->setPositionAlignment((rightHalf ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
}

void DecisionMarker::alignToPlotHalf() { ts::gui::alignToPlotHalf(label_); }

void DecisionMarker::hide() {
    line_->setVisible(false);
    label_->setVisible(false);
}

bool DecisionMarker::visible() const { return line_->visible(); }

}  // namespace ts::gui
