#include "line_size_plot.hpp"

#include <map>
#include <qcustomplot.h>

#include "byte_tickers.hpp"
#include "evidence_math.hpp"
#include "format.hpp"

namespace ts::gui {

LineSizePlot::LineSizePlot(QWidget* parent) : PlotPanel(parent) {
    QCustomPlot* p = plot();
    p->xAxis->setLabel(tr("Stride"));
    decisionLine_ = new QCPItemStraightLine(p);
    decisionLine_->setVisible(false);
    decisionLabel_ = new QCPItemText(p);
    decisionLabel_->position->setTypeX(QCPItemPosition::ptPlotCoords);
    decisionLabel_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    decisionLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    decisionLabel_->setPadding(QMargins(4, 2, 4, 2));
    decisionLabel_->setVisible(false);
    p->legend->setVisible(true);
    p->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignBottom);
    applyScale();
    applyTheme();
}

void LineSizePlot::applyScale() { setByteAxis(plot()->xAxis, logScale()); }

void LineSizePlot::applyTheme() {
    const PlotTheme& t = theme();
    decisionLine_->setPen(QPen(t.changePoint, 2, Qt::DashLine));
    decisionLabel_->setColor(t.changePoint);
    decisionLabel_->setPen(QPen(t.changePoint));
    decisionLabel_->setBrush(QBrush(t.background));
}

void LineSizePlot::clearPlot() {
    plot()->clearGraphs();
    decisionLine_->setVisible(false);
    decisionLabel_->setVisible(false);
}

void LineSizePlot::fitView() {
    rescaleAll();
    const StoredSeries* s = store() ? store()->find(seriesId()) : nullptr;
    if (s && s->missThreshold >= 0) plot()->yAxis->setRange(-0.05, 1.05);
}

void LineSizePlot::rebuild(const StoredSeries& s, bool) {
    clearPlot();
    const bool haveSplit = s.missThreshold >= 0;
    plot()->yAxis->setLabel(haveSplit ? tr("Fraction of loads that missed") : tr("Mean latency [cycles]"));
    std::map<double, std::map<double, double>> curves;  // array size -> stride -> metric
    for (const auto& r : s.rows) {
        if (r.count == 0) continue;
        curves[r.x2][r.x] = haveSplit ? missFraction(s.latenciesOf(r), s.missThreshold) : r.mean;
    }
    int index = 0;
    for (const auto& [arrayBytes, points] : curves) {
        QCPGraph* g = plot()->addGraph();
        g->setName(tr("array %1").arg(formatBytes(arrayBytes)));
        const QColor c = PlotTheme::cycle(index++);
        g->setPen(QPen(c, 2));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, 7));
        QVector<double> xs, ys;
        for (const auto& [stride, v] : points) {
            xs << stride;
            ys << v;
        }
        g->setData(xs, ys, true);
    }
    if (const ResultData* d = findDecision(s, QStringLiteral("lineSize")); d && d->value > 0) {
        decisionLine_->point1->setCoords(d->value, 0);
        decisionLine_->point2->setCoords(d->value, 1);
        decisionLabel_->position->setCoords(d->value, 0.02);
        decisionLabel_->setText(tr("%1 · confidence %2").arg(formatBytes(d->value)).arg(d->confidence, 0, 'f', 2));
        decisionLine_->setVisible(true);
        decisionLabel_->setVisible(true);
    }
    QString text = decisionText(s, QStringLiteral("lineSize"));
    if (haveSplit)
        text +=
            QLatin1Char(' ') +
            tr("A load counts as a miss above %1 cycles (%2).").arg(s.missThreshold, 0, 'f', 0).arg(s.thresholdRule);
    setCaption(text);
}

QString LineSizePlot::readoutAt(const QPointF& pixel) const {
    double best = 100;
    QString text;
    for (int i = 0; i < plot()->graphCount(); ++i) {
        const QCPGraph* g = plot()->graph(i);
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            const double dx = plot()->xAxis->coordToPixel(it->key) - pixel.x();
            const double dy = plot()->yAxis->coordToPixel(it->value) - pixel.y();
            if (dx * dx + dy * dy < best) {
                best = dx * dx + dy * dy;
                text = tr("stride %1, %2: %3").arg(formatBytes(it->key), g->name()).arg(it->value, 0, 'g', 4);
            }
        }
    }
    return text.isEmpty() ? tr("stride %1").arg(formatBytes(plot()->xAxis->pixelToCoord(pixel.x()))) : text;
}

int LineSizePlot::curveCount() const { return plot()->graphCount(); }
bool LineSizePlot::decisionVisible() const { return decisionLine_->visible(); }

}  // namespace ts::gui
