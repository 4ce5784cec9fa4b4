#include "plots/plot_panel.hpp"

#include <QBuffer>
#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMouseEvent>
#include <QPdfWriter>
#include <QScrollArea>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <QWindow>
#include <qcustomplot.h>

#include "view_support/saved_file.hpp"

namespace ts::gui {
namespace {

constexpr int kRefreshMs = 40;

}  // namespace

PlotPanel::PlotPanel(QWidget* parent)
    : QWidget(parent),
      plot_(new QCustomPlot(this)),
      readoutLabel_(new QLabel(this)),
      captionLabel_(new QLabel),
      captionArea_(new QScrollArea(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_, 1);
    // Numbers are written one way in every language, as the captions, tables and reports write
    // them (1.00, 0.2): under a German system locale the axes said "0,2" beside "confidence 1.00".
    plot_->setLocale(QLocale::c());
    layout->addWidget(readoutLabel_);
    layout->addWidget(captionArea_);
    // Fixed heights and ignored widths: new text must not resize the plot (a resize means a
    // full re-layout and a replot of every layer).
    const int line = fontMetrics().lineSpacing();
    readoutLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    readoutLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    readoutLabel_->setFixedHeight(line + 4);
    // The caption shows three lines and scrolls past them: a fixed three-line label cut longer
    // captions in the middle of a line at 1024 x 700 (issue 37, item 10).
    captionLabel_->setWordWrap(true);
    captionLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    captionLabel_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    captionArea_->setWidget(captionLabel_);
    captionArea_->setWidgetResizable(true);
    captionArea_->setFrameShape(QFrame::NoFrame);
    captionArea_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    captionArea_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    captionArea_->setFixedHeight(3 * line + 4);
    plot_->setMinimumSize(320, 220);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot_->setNoAntialiasingOnDrag(true);
    plot_->setNotAntialiasedElements(QCP::aeScatters);  // thousands of points: speed over smoothness
    plot_->setMouseTracking(true);
    plot_->installEventFilter(this);
    refreshTimer_.setSingleShot(true);
    refreshTimer_.setInterval(kRefreshMs);
    connect(&refreshTimer_, &QTimer::timeout, this, &PlotPanel::refresh);
    updateTheme();
}

void PlotPanel::placeLegendAbovePlot() {
    QCustomPlot* p = plot_;
    p->legend->setVisible(true);
    p->axisRect()->insetLayout()->take(p->legend);
    p->plotLayout()->insertRow(0);
    p->plotLayout()->addElement(0, 0, p->legend);
    p->plotLayout()->setRowStretchFactor(0, 0.001);
    p->legend->setFillOrder(QCPLegend::foColumnsFirst);
    p->legend->setMargins(QMargins(4, 1, 4, 1));
}

void PlotPanel::setStore(const SeriesStore* store) {
    if (store_) disconnect(store_, nullptr, this, nullptr);
    store_ = store;
    if (store_) {
        connect(store_, &SeriesStore::rowsChanged, this, &PlotPanel::onRowsChanged);
        connect(store_, &SeriesStore::analysisChanged, this, &PlotPanel::onAnalysisChanged);
        connect(store_, &SeriesStore::cleared, this, [this] { setSeries({}); });
    }
    setSeries({});
}

void PlotPanel::setSeries(const QString& id) {
    seriesId_ = id;
    userView_ = false;
    plottedRows_ = 0;
    clearPlot();
    setCaption({});
    // Drawn now, with its own axes: left to the next tick, a paint in between showed an empty
    // plot under the previous series' axes (issue 37, item 12). The view switches at most every
    // 60 ms while following a run.
    fullPending_ = true;
    if (id.isEmpty()) scheduleRefresh(true);
    else refreshNow();
}

void PlotPanel::setLogScale(bool on) {
    if (!supportsLogScale()) on = false;
    if (on == logScale_) return;
    logScale_ = on;
    applyScale();
    if (!userView_) fitView();
    plot_->replot();
}

void PlotPanel::resetView() {
    userView_ = false;
    fitView();
    plot_->replot();
}

void PlotPanel::refreshNow() {
    refreshTimer_.stop();
    refresh();
}

void PlotPanel::scheduleRefresh(bool full) {
    fullPending_ = fullPending_ || full;
    if (!refreshTimer_.isActive()) refreshTimer_.start();
}

void PlotPanel::onRowsChanged(const QString& id) {
    if (id == seriesId_) scheduleRefresh(false);
}

void PlotPanel::onAnalysisChanged(const QString& id) {
    if (id == seriesId_) scheduleRefresh(false);
}

void PlotPanel::refresh() {
    const StoredSeries* s = store_ && !seriesId_.isEmpty() ? store_->find(seriesId_) : nullptr;
    if (!s) {
        plot_->replot();
        return;
    }
    const bool full = fullPending_ || s->generation != generation_ || s->rows.size() < plottedRows_;
    if (full) {
        plottedRows_ = 0;
        clearPlot();
    }
    rebuild(*s, full);
    limitLegend();
    plottedRows_ = s->rows.size();
    generation_ = s->generation;
    fullPending_ = false;
    if (!userView_) fitView();
    plot_->replot(QCustomPlot::rpQueuedReplot);
    ++refreshes_;
}

void PlotPanel::rescaleAll() {
    plot_->rescaleAxes(true);
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis, plot_->yAxis2}) {
        if (!axis->visible()) continue;
        QCPRange r = axis->range();
        if (axis->scaleType() == QCPAxis::stLogarithmic) {
            if (r.lower > 0) axis->setRange(r.lower / 1.25, r.upper * 1.25);
        } else {
            const double margin = r.size() > 0 ? 0.05 * r.size() : 1;
            axis->setRange(r.lower - margin, r.upper + margin);
        }
    }
}

void PlotPanel::limitLegend() {
    QCPLegend* legend = plot_->legend;
    const int entries = legend->itemCount();
    if (entries <= kMaxLegendItems) return;
    while (legend->itemCount() > kMaxLegendItems) legend->removeItem(legend->itemCount() - 1);
    const QString note = tr("The legend names the first %1 of %2 entries.").arg(kMaxLegendItems).arg(entries);
    setCaption(caption().isEmpty() ? note : caption() + QLatin1Char('\n') + note);
}

void PlotPanel::setCaption(const QString& text) {
    captionLabel_->setText(text);
    captionLabel_->setToolTip(text);
}

QString PlotPanel::caption() const { return captionLabel_->text(); }

bool PlotPanel::exportTo(const QString& path, QString* error) {
    refreshNow();
    plot_->replot(QCustomPlot::rpImmediateRefresh);
    const QString suffix = QFileInfo(path).suffix().toLower();
    QByteArray bytes;  // rendered in memory, then written by the one output writer
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        return saveImage(path, plot_->toPixmap(0, 0, 2.0).toImage(), error);
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setPageSize(QPageSize(QSizeF(plot_->size()), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Point);
        pdf.setTitle(seriesId_);
        pdf.setResolution(72);
        QCPPainter painter;
        ok = painter.begin(&pdf);
        if (ok) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            plot_->toPainter(&painter, plot_->width(), plot_->height());
            ok = painter.end();
        }
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(plot_->size());
        svg.setViewBox(QRect(QPoint(0, 0), plot_->size()));
        svg.setTitle(seriesId_);
        svg.setDescription(tr("TopoScope evidence plot"));
        QCPPainter painter;
        ok = painter.begin(&svg);
        if (ok) {
            plot_->toPainter(&painter, plot_->width(), plot_->height());
            ok = painter.end();
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

bool PlotPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == plot_) {
        switch (event->type()) {
            case QEvent::MouseMove: {
                auto* me = static_cast<QMouseEvent*>(event);
                if (me->buttons() != Qt::NoButton) userView_ = true;
                updateReadout(me->position());
                break;
            }
            case QEvent::Wheel:
                userView_ = true;
                break;
            case QEvent::MouseButtonDblClick:
                resetView();
                return true;
            case QEvent::Leave:
                readout_.clear();
                readoutLabel_->clear();
                break;
            default:
                break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void PlotPanel::updateReadout(const QPointF& pixel) {
    const QString text = plot_->axisRect()->rect().contains(pixel.toPoint()) ? readoutAt(pixel) : QString();
    if (text == readout_) return;
    readout_ = text;
    readoutLabel_->setText(text);
    emit readoutChanged(text);
}

void PlotPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) updateTheme();
    QWidget::changeEvent(event);
}

void PlotPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    updatePixelRatio();
    // A window moved to a screen of another scale needs sharper (or lighter) plot buffers.
    if (QWindow* w = window()->windowHandle())
        connect(w, &QWindow::screenChanged, this, &PlotPanel::updatePixelRatio, Qt::UniqueConnection);
}

void PlotPanel::updatePixelRatio() {
    if (!qFuzzyCompare(plot_->bufferDevicePixelRatio(), devicePixelRatioF())) {
        plot_->setBufferDevicePixelRatio(devicePixelRatioF());
        plot_->replot(QCustomPlot::rpQueuedReplot);
    }
}

void PlotPanel::updateTheme() {
    theme_ = PlotTheme::fromPalette(palette());
    theme_.applyFrame(*plot_);
    applyTheme();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

PlotPanel::GraphPoint PlotPanel::nearestGraphPoint(const QPointF& pixel) const {
    double best = 100;  // squared pixels
    GraphPoint nearest;
    for (int i = 0; i < plot_->graphCount(); ++i) {
        const QCPGraph* g = plot_->graph(i);
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            const double dx = g->keyAxis()->coordToPixel(it->key) - pixel.x();
            const double dy = g->valueAxis()->coordToPixel(it->value) - pixel.y();
            if (dx * dx + dy * dy < best) {
                best = dx * dx + dy * dy;
                nearest = {g, it->key, it->value};
            }
        }
    }
    return nearest;
}

}  // namespace ts::gui
