#pragma once
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include "plots/plot_theme.hpp"
#include "plots/series_store.hpp"

class QCPGraph;
class QCustomPlot;
class QLabel;
class QScrollArea;
class QMouseEvent;

namespace ts::gui {

// Base of every evidence plot: a QCustomPlot bound to one series of a SeriesStore, rebuilt
// at most every 40 ms while the series grows, with zoom and pan, a log-scale toggle, a hover
// readout and export. Subclasses turn the stored rows into plottables.
class PlotPanel : public QWidget {
    Q_OBJECT
public:
    explicit PlotPanel(QWidget* parent = nullptr);

    // Curves (and stacked bars) one plot draws, each with a legend entry: a GPU's series has a few
    // to some twenty; a crafted one of thousands made QCustomPlot's legend layout and teardown
    // quadratic (10,000 rows: minutes). The plots pool or leave out the rest and say so.
    static constexpr int kMaxCurves = 24;
    // Legend entries one plot shows: more overflow a sheet's figure onto its neighbours; the
    // caption says how many the legend leaves out.
    static constexpr int kMaxLegendItems = 6;

    void setStore(const SeriesStore* store);
    void setSeries(const QString& id);  // empty: none
    QString seriesId() const { return seriesId_; }
    QCustomPlot* plot() const { return plot_; }

    bool logScale() const { return logScale_; }
    void setLogScale(bool on);
    virtual bool supportsLogScale() const { return true; }
    void resetView();   // fit the axes to the data and follow it again
    void refreshNow();  // rebuild at once instead of on the next tick
    // PNG, SVG or PDF by the file's suffix. Returns false and sets `error` on failure.
    bool exportTo(const QString& path, QString* error = nullptr);
    QString readout() const { return readout_; }
    QString caption() const;
    int refreshCount() const { return refreshes_; }

signals:
    void readoutChanged(const QString& text);

protected:
    // Rebuild the plottables from `series`; `full` when the rows were replaced or the series
    // changed, otherwise only rows from `plottedRows()` on are new.
    virtual void rebuild(const StoredSeries& series, bool full) = 0;
    virtual void clearPlot() = 0;
    // What lies under `pixel` (widget coordinates of the plot), or empty.
    virtual QString readoutAt(const QPointF& pixel) const = 0;
    virtual void applyScale() = 0;  // logScale() changed
    virtual void applyTheme() {}    // theme() changed; the frame is done already
    virtual void fitView() { rescaleAll(); }

    // The data point of any graph nearest to `pixel`, within 10 pixels; graph null when none.
    struct GraphPoint {
        const QCPGraph* graph = nullptr;
        double key = 0;
        double value = 0;
    };
    GraphPoint nearestGraphPoint(const QPointF& pixel) const;

    const SeriesStore* store() const { return store_; }
    const PlotTheme& theme() const { return theme_; }
    std::size_t plottedRows() const { return plottedRows_; }
    void setCaption(const QString& text);
    void rescaleAll();
    // Shows the legend in a row of its own above the axis rect, its entries side by side: inside
    // the plot it covers data (the first rows, a decision label).
    void placeLegendAbovePlot();
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void scheduleRefresh(bool full);
    void limitLegend();
    void refresh();
    void onRowsChanged(const QString& id);
    void onAnalysisChanged(const QString& id);
    void updateReadout(const QPointF& pixel);
    void updateTheme();
    void updatePixelRatio();

    QCustomPlot* plot_;
    QLabel* readoutLabel_;
    QLabel* captionLabel_;
    QScrollArea* captionArea_;  // three lines high; a longer caption scrolls (issue 37, item 10)
    QPointer<const SeriesStore> store_;
    QString seriesId_;
    QTimer refreshTimer_;
    PlotTheme theme_;
    QString readout_;
    quint64 generation_ = 0;
    std::size_t plottedRows_ = 0;
    bool fullPending_ = true;
    bool logScale_ = true;
    bool userView_ = false;  // the user zoomed or panned: refreshes keep the view
    int refreshes_ = 0;
};

}  // namespace ts::gui
