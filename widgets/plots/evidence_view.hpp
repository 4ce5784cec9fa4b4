#pragma once
#include <QSet>
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include "plots/series_store.hpp"

class QAction;
class QCheckBox;
class QComboBox;
class QStackedWidget;
class QLabel;

namespace ts::gui {

class PlotPanel;
class SizePlotWidget;
class FetchGranularityPlot;
class LineSizePlot;
class LatencyHistogramPlot;
class EvidenceRowsPlot;
class BandwidthPlot;

// The evidence of a run: a chooser of every series so far and the plot that fits its kind.
// With "follow" on, the series of the benchmark running now is shown (some benchmarks send
// their series only when they end: until then a line says what is being measured, instead of
// the previous benchmark's plot); without a running benchmark (a recording), the newest
// series. A fast run starts dozens of series a second, so switching happens at most every kFollowMs.
class EvidenceView : public QWidget {
    Q_OBJECT
public:
    explicit EvidenceView(SeriesStore* store, QWidget* parent = nullptr);

    void showSeries(const QString& id);
    QString currentSeries() const;
    PlotPanel* currentPlot() const;
    PlotPanel* plotFor(SeriesKind kind) const;
    SizePlotWidget* sizePlot() const { return size_; }
    const SeriesStore* store() const { return store_; }

    bool follow() const;
    void setFollow(bool on);
    bool logScale() const { return logScale_; }
    void setLogScale(bool on);
    bool exportCurrent(const QString& path, QString* error = nullptr);
    // The benchmark the run measures now, as the engine's progress names it ("L2 Line Size");
    // empty when the run ended.
    void setRunningBenchmark(const QString& benchmark);
    QString runningBenchmark() const { return running_; }
    QString placeholderText() const;  // what shows where no plot is

    // Actions for menus and shortcuts; they act on the plot shown.
    QAction* followAction() const { return followAction_; }
    QAction* logScaleAction() const { return logAction_; }
    QAction* resetViewAction() const { return resetAction_; }
    QAction* exportAction() const { return exportAction_; }
    QAction* nextAction() const { return nextAction_; }
    QAction* previousAction() const { return previousAction_; }

signals:
    void currentSeriesChanged(const QString& id);

private:
    void onSeriesAdded(const QString& id);
    void onCleared();
    bool hasUnseen();  // drops the series drawn since
    void followNewest();
    void scheduleFollow();
    QString seriesTitled(const QString& title) const;
    void exportInteractively();
    void step(int delta);

    SeriesStore* store_;
    QComboBox* chooser_;
    QCheckBox* followBox_;
    QStackedWidget* stack_;
    QLabel* empty_;
    SizePlotWidget* size_;
    FetchGranularityPlot* fetch_;
    LineSizePlot* line_;
    LatencyHistogramPlot* latency_;
    EvidenceRowsPlot* rows_;
    BandwidthPlot* bandwidth_;
    BandwidthPlot* occupancy_;
    QAction* followAction_;
    QAction* logAction_;
    QAction* resetAction_;
    QAction* exportAction_;
    QAction* nextAction_;
    QAction* previousAction_;
    bool logScale_ = true;
    QSet<QString> shown_;  // the series drawn at least once (Follow run draws each, if only briefly)
    QList<std::pair<QString, qint64>> unseen_;  // arrived (clock_ ms), not drawn yet: Follow run draws them in turn
    QElapsedTimer clock_;
    QString newest_;
    QString running_;
    QTimer followTimer_;
    QElapsedTimer sinceSwitch_;
};

}  // namespace ts::gui
