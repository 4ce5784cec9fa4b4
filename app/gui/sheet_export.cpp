#include "sheet_export.hpp"

#include <qcustomplot.h>

#include <algorithm>

#include "plots/evidence_view.hpp"
#include "plots/plot_panel.hpp"
#include "plots/series_store.hpp"
#include "sheet_figure_agreement.hpp"
#include "sheet_plot_fit.hpp"
#include "topology/topology_sheet.hpp"

namespace ts::gui {
namespace {

constexpr double kPlotPoints = 7.5;

// A font's size where one unit is a point (the sheet's writer runs at 72 dpi).
double points(const QFont& f) { return f.pointSizeF() > 0 ? f.pointSizeF() : f.pixelSize(); }

// The smallest text a plot sets: tick labels, axis titles, legend, text items, titles.
double smallestFont(QCustomPlot& plot) {
    double smallest = 1e9;
    auto note = [&](const QFont& f) { smallest = std::min(smallest, points(f)); };
    for (QCPAxisRect* rect : plot.axisRects())
        for (QCPAxis* axis : rect->axes())
            if (axis->visible()) {
                if (axis->tickLabels()) note(axis->tickLabelFont());
                if (!axis->label().isEmpty()) note(axis->labelFont());
            }
    if (plot.legend && plot.legend->visible())
        for (int i = 0; i < plot.legend->itemCount(); ++i) note(plot.legend->item(i)->font());
    for (int i = 0; i < plot.itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot.item(i)); text && text->visible() && !text->text().isEmpty())
            note(text->font());
    for (QCPLayoutElement* e : plot.plotLayout()->elements(true))
        if (auto* title = qobject_cast<QCPTextElement*>(e); title && title->visible()) note(title->font());
    return smallest;
}

// A legend in a row of its own (the size plot's) that is wider than the sheet's plot wraps into
// more rows while the sheet draws it, rather than clipping its entries.
class LegendWrap {
public:
    LegendWrap(QCustomPlot& plot, int width) : legend_(plot.legend) {
        if (!legend_ || !legend_->visible() || legend_->layout() != plot.plotLayout()) {
            legend_ = nullptr;
            return;
        }
        wrap_ = legend_->wrap();
        for (int w = wrap_; w > 1 && legend_->minimumOuterSizeHint().width() > width; --w) rewrap(w - 1);
    }
    ~LegendWrap() {
        if (legend_) rewrap(wrap_);
    }
    LegendWrap(const LegendWrap&) = delete;
    LegendWrap& operator=(const LegendWrap&) = delete;

private:
    void rewrap(int wrap) {
        legend_->setWrap(wrap);
        legend_->setFillOrder(legend_->fillOrder(), true);
    }

    QCPLegend* legend_;
    int wrap_ = 0;
};

// The sheet's plots are the window's own evidence plots, drawn as vectors into the PDF.
class WindowEvidence : public SheetEvidence {
public:
    explicit WindowEvidence(EvidenceView& evidence) : evidence_(evidence) {}

    bool has(const QString& id) const override { return evidence_.store()->find(id) != nullptr; }

    double draw(const QString& id, QCPPainter& painter, const QRectF& target) override {
        PlotPanel* plot = show(id);
        if (!plot) return 0;
        QCustomPlot& canvas = *plot->plot();
        // Laid out larger or smaller so that its smallest text prints at kPlotPoints.
        const double smallest = smallestFont(canvas);
        const double scale = smallest < 1e9 ? kPlotPoints / smallest : 1.0;
        const int width = qRound(target.width() / scale);
        const int height = qRound(target.height() / scale);
        const LegendWrap wrap(canvas, width);
        const SheetPlotFit fit(canvas, width, height, painter.device());
        labelsOutside_ += SheetPlotFit::labelsOutside(canvas, painter.device());
        pointsUnderLegends_ += SheetPlotFit::pointsUnderLegend(canvas);
        if (canvas.axisRect()) axes_[id] = canvas.axisRect()->rect().height() * scale;
        labels_.emplace_back(id, SheetPlotFit::labelTexts(canvas));
        painter.translate(target.topLeft());
        painter.scale(scale, scale);
        canvas.toPainter(&painter, width, height);
        return kPlotPoints;
    }

    int labelsOutside() const { return labelsOutside_; }
    int pointsUnderLegends() const { return pointsUnderLegends_; }
    const QMap<QString, double>& axes() const { return axes_; }
    // The text labels of each figure drawn, by series.
    const std::vector<std::pair<QString, QStringList>>& labels() const { return labels_; }

private:
    PlotPanel* show(const QString& id) {
        if (!has(id)) return nullptr;
        evidence_.showSeries(id);
        PlotPanel* plot = evidence_.currentPlot();
        if (!plot || plot->seriesId() != id) return nullptr;
        if (shown_ != id) {
            plot->resetView();
            plot->refreshNow();
            shown_ = id;
        }
        return plot;
    }

    EvidenceView& evidence_;
    QString shown_;
    int labelsOutside_ = 0;
    int pointsUnderLegends_ = 0;
    QMap<QString, double> axes_;
    std::vector<std::pair<QString, QStringList>> labels_;
};

}  // namespace

bool exportTopologySheet(const Topology& shown, EvidenceView& evidence, const QString& path, QString* error,
                         SheetStats* stats) {
    const bool follow = evidence.follow();
    const QString series = evidence.currentSeries();
    evidence.setFollow(false);
    WindowEvidence plots(evidence);
    const bool ok = TopologySheet::write(path, shown, &plots, error, stats);
    if (stats) {
        stats->labelsOutside = plots.labelsOutside();
        stats->pointsUnderLegends = plots.pointsUnderLegends();
        stats->axesPoints = plots.axes();
        for (const auto& [id, labels] : plots.labels()) stats->figureDisagreements << figureDisagreements(shown, id, labels);
    }
    if (!series.isEmpty()) evidence.showSeries(series);
    evidence.setFollow(follow);
    return ok;
}

}  // namespace ts::gui
