#include "plots/evidence_view.hpp"

#include <QAction>
#include <algorithm>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "plots/bandwidth_plot.hpp"
#include "plots/evidence_rows_plot.hpp"
#include "plots/fetch_granularity_plot.hpp"
#include "plots/latency_plot.hpp"
#include "plots/line_size_plot.hpp"
#include "plots/size_plot.hpp"

namespace ts::gui {
namespace {

// The shortest time a followed series stays before the next replaces it: short enough that a new
// benchmark's first rows are drawn within 0.2 s of their arrival (bench/gui_bench.sh measures it).
constexpr int kFollowMs = 60;
// A series that arrived this long ago and was not drawn yet is left to the chooser.
constexpr int kLateMs = 400;

QToolButton* toolButton(QAction* action, QWidget* parent) {
    auto* b = new QToolButton(parent);
    b->setDefaultAction(action);
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return b;
}

}  // namespace

EvidenceView::EvidenceView(SeriesStore* store, QWidget* parent)
    : QWidget(parent),
      store_(store),
      chooser_(new QComboBox(this)),
      followBox_(new QCheckBox(tr("Follow run"), this)),
      stack_(new QStackedWidget(this)),
      empty_(new QLabel(tr("No evidence yet: press Run to measure, or open a recording."), this)),
      size_(new SizePlotWidget(this)),
      fetch_(new FetchGranularityPlot(this)),
      line_(new LineSizePlot(this)),
      latency_(new LatencyHistogramPlot(this)),
      rows_(new EvidenceRowsPlot(this)),
      bandwidth_(new BandwidthPlot(BandwidthPlot::Axis::Blocks, this)),
      occupancy_(new BandwidthPlot(BandwidthPlot::Axis::Warps, this)) {
    followAction_ = new QAction(tr("&Follow Run"), this);
    followAction_->setCheckable(true);
    followAction_->setChecked(true);
    followAction_->setShortcut(QKeySequence(tr("Ctrl+Shift+F")));
    followAction_->setToolTip(tr("Show each new series as the run starts it"));
    logAction_ = new QAction(tr("&Logarithmic Axis"), this);
    logAction_->setCheckable(true);
    logAction_->setChecked(logScale_);
    logAction_->setShortcut(QKeySequence(tr("Ctrl+L")));
    resetAction_ = new QAction(tr("&Reset View"), this);
    resetAction_->setShortcut(QKeySequence(tr("Ctrl+0")));
    resetAction_->setToolTip(tr("Fit the axes to the data again (or double-click the plot)"));
    exportAction_ = new QAction(tr("&Export Plot…"), this);
    exportAction_->setShortcut(QKeySequence(tr("Ctrl+E")));
    nextAction_ = new QAction(tr("&Next Series"), this);
    nextAction_->setShortcut(QKeySequence(tr("Ctrl+PgDown")));
    previousAction_ = new QAction(tr("&Previous Series"), this);
    previousAction_->setShortcut(QKeySequence(tr("Ctrl+PgUp")));
    for (QAction* a : {followAction_, logAction_, resetAction_, exportAction_, nextAction_, previousAction_}) {
        a->setShortcutContext(Qt::WindowShortcut);
        addAction(a);
    }

    connect(followAction_, &QAction::toggled, followBox_, &QCheckBox::setChecked);
    connect(followBox_, &QCheckBox::toggled, followAction_, &QAction::setChecked);
    followBox_->setChecked(true);
    connect(logAction_, &QAction::toggled, this, &EvidenceView::setLogScale);
    connect(resetAction_, &QAction::triggered, this, [this] {
        if (PlotPanel* p = currentPlot()) p->resetView();
    });
    connect(exportAction_, &QAction::triggered, this, &EvidenceView::exportInteractively);
    connect(nextAction_, &QAction::triggered, this, [this] { step(1); });
    connect(previousAction_, &QAction::triggered, this, [this] { step(-1); });

    auto* top = new QHBoxLayout;
    auto* label = new QLabel(tr("&Evidence:"), this);
    label->setBuddy(chooser_);
    chooser_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    chooser_->setMinimumContentsLength(12);  // it takes the row's room; a German window at 1024 px needed the space
    top->addWidget(label);
    top->addWidget(chooser_, 1);
    top->addWidget(followBox_);
    top->addWidget(toolButton(logAction_, this));
    top->addWidget(toolButton(resetAction_, this));
    top->addWidget(toolButton(exportAction_, this));

    empty_->setAlignment(Qt::AlignCenter);
    stack_->addWidget(empty_);
    for (PlotPanel* p : std::initializer_list<PlotPanel*>{size_, fetch_, line_, latency_, rows_, bandwidth_, occupancy_}) {
        p->setStore(store_);
        p->setLogScale(logScale_);
        stack_->addWidget(p);
    }

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(stack_, 1);

    followTimer_.setSingleShot(true);
    connect(&followTimer_, &QTimer::timeout, this, &EvidenceView::followNewest);
    connect(store_, &SeriesStore::seriesAdded, this, &EvidenceView::onSeriesAdded);
    connect(store_, &SeriesStore::cleared, this, &EvidenceView::onCleared);
    connect(chooser_, &QComboBox::activated, this, [this] { setFollow(false); });  // the user chose
    connect(chooser_, &QComboBox::currentIndexChanged, this,
            [this](int index) { showSeries(index < 0 ? QString() : chooser_->itemData(index).toString()); });
}

PlotPanel* EvidenceView::plotFor(SeriesKind kind) const {
    switch (kind) {
        case SeriesKind::Size:
        case SeriesKind::SegmentSize:
            return size_;
        case SeriesKind::FetchGranularity:
            return fetch_;
        case SeriesKind::LineSize:
            return line_;
        case SeriesKind::Latency:
            return latency_;
        case SeriesKind::Amount:
        case SeriesKind::Sharing:
            return rows_;
        case SeriesKind::Bandwidth:
            return bandwidth_;
        case SeriesKind::Occupancy:
            return occupancy_;
    }
    return size_;
}

void EvidenceView::showSeries(const QString& id) {
    const StoredSeries* s = id.isEmpty() ? nullptr : store_->find(id);
    PlotPanel* target = s ? plotFor(s->kind) : nullptr;
    for (int i = 1; i < stack_->count(); ++i) {
        auto* p = static_cast<PlotPanel*>(stack_->widget(i));
        if (p != target && !p->seriesId().isEmpty()) p->setSeries({});  // drop drawing data of hidden plots
    }
    if (target) {
        if (target->seriesId() != id) target->setSeries(id);
        stack_->setCurrentWidget(target);
    } else {
        empty_->setText(tr("No evidence yet: press Run to measure, or open a recording."));
        stack_->setCurrentWidget(empty_);
    }
    const int index = chooser_->findData(id);
    if (index != chooser_->currentIndex()) {
        QSignalBlocker block(chooser_);
        chooser_->setCurrentIndex(index);
    }
    sinceSwitch_.start();
    if (s) shown_.insert(id);
    emit currentSeriesChanged(s ? id : QString());
}

QString EvidenceView::currentSeries() const {
    const PlotPanel* p = currentPlot();
    return p ? p->seriesId() : QString();
}

PlotPanel* EvidenceView::currentPlot() const {
    return stack_->currentWidget() == empty_ ? nullptr : static_cast<PlotPanel*>(stack_->currentWidget());
}

bool EvidenceView::follow() const { return followAction_->isChecked(); }

void EvidenceView::setFollow(bool on) {
    followAction_->setChecked(on);
    if (on) followNewest();
}

void EvidenceView::setLogScale(bool on) {
    logScale_ = on;
    if (logAction_->isChecked() != on) logAction_->setChecked(on);
    for (int i = 1; i < stack_->count(); ++i) static_cast<PlotPanel*>(stack_->widget(i))->setLogScale(on);
}

bool EvidenceView::exportCurrent(const QString& path, QString* error) {
    PlotPanel* p = currentPlot();
    if (!p) {
        if (error) *error = tr("no plot is shown");
        return false;
    }
    return p->exportTo(path, error);
}

void EvidenceView::onSeriesAdded(const QString& id) {
    const StoredSeries* s = store_->find(id);
    if (!s) return;
    {
        QSignalBlocker block(chooser_);
        chooser_->addItem(tr("%1 (%2)").arg(s->title, id), id);
    }
    newest_ = id;
    if (!clock_.isValid()) clock_.start();
    unseen_.append({id, clock_.elapsed()});
    if (currentPlot() == nullptr && (running_.isEmpty() || s->title == running_ || !follow()))
        showSeries(id);  // the first plot of a run, or the one it was waiting for: at once
    else
        scheduleFollow();
}

void EvidenceView::setRunningBenchmark(const QString& benchmark) {
    if (benchmark == running_) return;
    running_ = benchmark;
    scheduleFollow();
}

void EvidenceView::scheduleFollow() {
    if (!follow() || followTimer_.isActive()) return;
    const qint64 waited = sinceSwitch_.isValid() ? sinceSwitch_.elapsed() : kFollowMs;
    followTimer_.start(static_cast<int>(std::max<qint64>(0, kFollowMs - waited)));
}

QString EvidenceView::seriesTitled(const QString& title) const {
    const QStringList ids = store_->ids();
    for (auto it = ids.crbegin(); it != ids.crend(); ++it)
        if (const StoredSeries* s = store_->find(*it); s && s->title == title) return *it;
    return {};
}

// The running benchmark's series, drawn as soon as it arrives. Series that arrive as their
// benchmark ends (latency, miss penalty: one chunk at the end, with the next benchmark already
// running) are drawn too, each for a moment and oldest first, while that is still within
// kLateMs of their arrival; later they are left to the chooser (a queue would lag the run).
void EvidenceView::followNewest() {
    if (!follow()) return;
    const QString target = running_.isEmpty() ? newest_ : seriesTitled(running_);
    if (!target.isEmpty() && !shown_.contains(target)) {
        showSeries(target);
        if (hasUnseen()) scheduleFollow();
        return;
    }
    if (hasUnseen()) {
        showSeries(unseen_.takeFirst().first);
        scheduleFollow();
        return;
    }
    if (target.isEmpty() && !running_.isEmpty()) {  // its rows are not here yet: say so rather than show the last benchmark
        if (!currentSeries().isEmpty() || stack_->currentWidget() != empty_) showSeries({});
        empty_->setText(tr("Measuring %1: no evidence from it yet.").arg(running_));
        return;
    }
    if (!target.isEmpty() && target != currentSeries()) showSeries(target);
}

bool EvidenceView::hasUnseen() {
    const qint64 now = clock_.elapsed();
    unseen_.removeIf([this, now](const std::pair<QString, qint64>& s) {
        return shown_.contains(s.first) || !store_->find(s.first) || now - s.second > kLateMs;
    });
    return !unseen_.isEmpty();
}

QString EvidenceView::placeholderText() const { return empty_->text(); }

void EvidenceView::onCleared() {
    followTimer_.stop();
    newest_.clear();
    running_.clear();
    shown_.clear();
    unseen_.clear();
    QSignalBlocker block(chooser_);
    chooser_->clear();
    showSeries({});
}

void EvidenceView::exportInteractively() {
    if (!currentPlot()) return;
    QString selected;
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export Plot"), currentSeries() + QStringLiteral(".png"),
                                     tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"), &selected);
    if (path.isEmpty()) return;
    QString error;
    if (!exportCurrent(path, &error)) QMessageBox::warning(this, tr("Export Plot"), error);
}

void EvidenceView::step(int delta) {
    const int n = chooser_->count();
    if (n == 0) return;
    const int index = ((chooser_->currentIndex() + delta) % n + n) % n;
    setFollow(false);
    chooser_->setCurrentIndex(index);
}

}  // namespace ts::gui
