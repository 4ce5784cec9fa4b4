// toposcope_gui_bench: the GUI's responsiveness and memory figures for docs/performance.md.
//   stream: a whole simulated H100 run streams into the main window; reports the longest
//           event-loop gap (no frame can be shown sooner), resident memory at the end, and how
//           long after a series' first rows arrived the Evidence tab (Follow run) drew it.
//   points: 10^6 loads in the size plot; reports draw, zoom, pan, hover and streaming costs.
//   recording: a recorded run (--open report.json) replayed into the window; memory after it.
// Prints key=value lines; bench/gui_bench.sh runs it and formats them.
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>

#include "plots/evidence_view.hpp"
#include "view_support/frame_monitor.hpp"
#include "main_window.hpp"
#include "metatypes.hpp"
#include "palettes.hpp"
#include "run_panel.hpp"
#include "plots/series_store.hpp"
#include "plots/size_plot.hpp"

using namespace ts::gui;

namespace {

// Times every event delivery, to name what made a gap (--slow-ms).
class TimingApplication : public QApplication {
public:
    using QApplication::QApplication;
    double slowMs = 0;
    std::map<QString, std::pair<int, double>> slow;  // "Class/event" -> count, worst ms

    bool notify(QObject* receiver, QEvent* event) override {
        if (slowMs <= 0) return QApplication::notify(receiver, event);
        QElapsedTimer t;
        t.start();
        const int type = event->type();
        const bool r = QApplication::notify(receiver, event);
        const double ms = t.nsecsElapsed() / 1e6;
        if (ms > slowMs) {
            auto& e = slow[QStringLiteral("%1/%2").arg(QLatin1String(receiver->metaObject()->className())).arg(type)];
            ++e.first;
            e.second = std::max(e.second, ms);
        }
        return r;
    }
};

double statusMiB(const char* key) {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly)) return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(static_cast<int>(strlen(key))).trimmed().split(' ').front().toDouble() / 1024;
    return -1;
}

void print(const char* key, double value) { std::printf("%s=%.2f\n", key, value); }

// With Follow run on: for every series, the time from its first rows reaching the store to the
// first replot of the Evidence tab's plot while it shows that series.
class FirstDrawClock {
public:
    explicit FirstDrawClock(MainWindow& w) : window_(w) {
        clock_.start();
        QObject::connect(w.store(), &SeriesStore::seriesAdded, &w,
                         [this](const QString& id) { arrived_.emplace(id, clock_.nsecsElapsed() / 1e9); });
        for (QCustomPlot* plot : w.findChildren<QCustomPlot*>())
            QObject::connect(plot, &QCustomPlot::afterReplot, &w, [this] { onReplot(); });
    }
    std::vector<double> delays() const {
        std::vector<double> out;
        for (const auto& [id, at] : drawn_) out.push_back(at - arrived_.at(id));
        return out;
    }
    int neverDrawn() const { return static_cast<int>(arrived_.size() - drawn_.size()); }
    // Each series late or never drawn, by name.
    void printLate(double limit) const {
        for (const auto& [id, at] : arrived_) {
            const auto it = drawn_.find(id);
            if (it == drawn_.end())
                std::printf("stream.first_draw.%s=never (arrived at %.2f s)\n", qPrintable(id), at);
            else if (it->second - at > limit)
                std::printf("stream.first_draw.%s=%.2f s (arrived at %.2f s)\n", qPrintable(id), it->second - at, at);
        }
    }

private:
    void onReplot() {
        const QString id = window_.evidence()->currentSeries();
        if (arrived_.count(id) && !drawn_.count(id)) drawn_.emplace(id, clock_.nsecsElapsed() / 1e9);
    }
    MainWindow& window_;
    QElapsedTimer clock_;
    std::map<QString, double> arrived_, drawn_;
};

struct Stats {
    double median = 0, max = 0;
};
Stats stats(std::vector<double> v) {
    if (v.empty()) return {};
    std::sort(v.begin(), v.end());
    return {v[v.size() / 2], v.back()};
}

int stream(int delayUs, const QStringList& groups, int runs) {
    LaunchOptions o;
    o.backend = QStringLiteral("sim");
    o.profile = QStringLiteral("h100");
    o.ignoreSettings = true;
    o.simDelayUs = delayUs;
    MainWindow w(o);
    w.resize(1400, 900);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return 1;
    QSignalSpy ready(&w, &MainWindow::devicesReady);
    if (!w.devicesKnown() && !ready.wait(30000)) return 1;
    if (groups.isEmpty())
        w.runPanel()->benchmarks()->setAllChecked(true);
    else
        w.runPanel()->setCheckedGroups(groups);
    QTest::qWait(500);  // let the first paint and font caches settle
    const double rssBefore = statusMiB("VmRSS:");

    FrameMonitor monitor(5);
    w.evidence()->setFollow(true);
    FirstDrawClock firstDraw(w);
    QSignalSpy finished(&w, &MainWindow::runFinished);
    QElapsedTimer clock;
    clock.start();
    monitor.start();
    w.startRun();
    if (!finished.wait(600000)) return 1;
    const double seconds = clock.elapsed() / 1000.0;
    QTest::qWait(200);  // the last plot refresh
    monitor.stop();

    print("stream.delay_us", delayUs);
    print("stream.run_seconds", seconds);
    print("stream.ticks", monitor.samples());
    print("stream.max_gap_ms", monitor.maxGapMs());
    print("stream.p99_gap_ms", monitor.percentileGapMs(0.99));
    print("stream.p50_gap_ms", monitor.percentileGapMs(0.5));
    print("stream.gaps_over_50ms", monitor.gapsOver(50));
    const std::vector<double> delays = firstDraw.delays();
    const Stats first = stats(delays);
    print("stream.first_draw_median_s", first.median);
    print("stream.first_draw_max_s", first.max);
    print("stream.first_draw_over_0.2s", static_cast<double>(std::count_if(delays.begin(), delays.end(), [](double d) { return d > 0.2; })));
    print("stream.series_never_shown", firstDraw.neverDrawn());
    firstDraw.printLate(0.2);
    print("stream.series", w.store()->ids().size());
    print("stream.loads", static_cast<double>(w.store()->loadCount()));
    print("stream.store_mib", w.store()->bytes() / 1048576.0);
    print("stream.rss_before_mib", rssBefore);
    print("stream.rss_end_mib", statusMiB("VmRSS:"));
    print("stream.rss_peak_mib", statusMiB("VmHWM:"));
    // Further runs replace the data: resident memory must not grow with them.
    for (int r = 2; r <= runs; ++r) {
        QSignalSpy again(&w, &MainWindow::runFinished);
        w.startRun();
        if (!again.wait(600000)) return 1;
        QTest::qWait(200);
        std::printf("stream.rss_after_run_%d_mib=%.2f\n", r, statusMiB("VmRSS:"));
    }
    return 0;
}

// A recorded run (TopoScope report JSON) opened in the window: what the app holds for it.
int recording(const QString& path) {
    LaunchOptions o;
    o.ignoreSettings = true;
    MainWindow w(o);
    w.resize(1400, 900);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return 1;
    QSignalSpy ready(&w, &MainWindow::devicesReady);
    if (!w.devicesKnown() && !ready.wait(30000)) return 1;
    QTest::qWait(300);
    const double rssBefore = statusMiB("VmRSS:");
    FrameMonitor monitor(5);
    QSignalSpy finished(&w, &MainWindow::runFinished);
    monitor.start();
    w.openRecording(path);
    if (!finished.wait(120000) || !finished.first().first().value<RunOutcome>().ok) return 1;
    QTest::qWait(600);
    monitor.stop();
    print("recording.series", w.store()->ids().size());
    print("recording.loads", static_cast<double>(w.store()->loadCount()));
    print("recording.max_gap_ms", monitor.maxGapMs());
    print("recording.store_mib", w.store()->bytes() / 1048576.0);
    print("recording.rss_before_mib", rssBefore);
    print("recording.rss_end_mib", statusMiB("VmRSS:"));
    print("recording.rss_peak_mib", statusMiB("VmHWM:"));
    return 0;
}

ts::Series millionLoads(int rows, int loads, double noiseCycles) {
    ts::Series c;
    c.id = "bench.size";
    c.title = "Bench Size";
    c.kind = ts::SeriesKind::Size;
    std::mt19937 rng(7);
    std::normal_distribution<double> noise(0, noiseCycles);
    std::uniform_real_distribution<double> u(0, 1);
    for (int r = 0; r < rows; ++r) {
        ts::SeriesRow row;
        row.x = 1024.0 * std::pow(2.0, r * 14.0 / rows);  // 1 KiB .. 16 MiB
        const double missRate = row.x < 256 * 1024 ? 0.01 : std::min(1.0, 0.3 + (row.x - 256 * 1024) / (4e6));
        for (int i = 0; i < loads; ++i)
            row.latencies.push_back(
                static_cast<std::uint32_t>(std::max(1.0, (u(rng) < missRate ? 220 : 38) + noise(rng))));
        c.rows.push_back(std::move(row));
    }
    return c;
}

double timeReplot(QCustomPlot* plot) {
    QElapsedTimer t;
    t.start();
    plot->replot(QCustomPlot::rpImmediateRefresh);
    return t.nsecsElapsed() / 1e6;
}

int points(int count, double noiseCycles) {
    const int rows = 256;
    const int loads = count / rows;
    SeriesStore store;
    SizePlotWidget plot;
    plot.resize(1200, 700);
    plot.setStore(&store);
    plot.show();
    if (!QTest::qWaitForWindowExposed(&plot)) return 1;
    const double rssBefore = statusMiB("VmRSS:");

    // Streaming: rows arrive 8 at a time, in the order a binary search would send them.
    ts::Series all = millionLoads(rows, loads, noiseCycles);
    std::vector<int> order(rows);
    for (int i = 0; i < rows; ++i) order[static_cast<std::size_t>(i)] = i;
    std::shuffle(order.begin(), order.end(), std::mt19937(3));
    plot.setSeries(QString::fromStdString(all.id));
    std::vector<double> refresh;
    QElapsedTimer total;
    total.start();
    for (int first = 0; first < rows; first += 8) {
        ts::Series part = all;
        part.rows.clear();
        for (int i = first; i < first + 8; ++i)
            part.rows.push_back(all.rows[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])]);
        QElapsedTimer t;
        t.start();
        store.addChunk(part, static_cast<std::size_t>(first));
        plot.refreshNow();
        plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
        refresh.push_back(t.nsecsElapsed() / 1e6);
    }
    const double streamMs = total.nsecsElapsed() / 1e6;
    const Stats streaming = stats(refresh);

    std::vector<double> full, zoom, pan;
    for (int i = 0; i < 20; ++i) full.push_back(timeReplot(plot.plot()));
    QCPAxis* x = plot.plot()->xAxis;
    const QCPRange whole = x->range();
    for (int i = 0; i < 20; ++i) {
        x->scaleRange(0.85, x->range().center());
        zoom.push_back(timeReplot(plot.plot()));
    }
    for (int i = 0; i < 20; ++i) {
        const double step = x->range().size() * 0.05;
        const double factor = std::pow(2.0, i < 10 ? 0.2 : -0.2);  // right, then back
        (void)step;
        x->setRange(x->range().lower * factor, x->range().upper * factor);
        pan.push_back(timeReplot(plot.plot()));
    }
    x->setRange(whole);
    QElapsedTimer t;
    t.start();
    plot.setLogScale(false);
    plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
    const double linearMs = t.nsecsElapsed() / 1e6;
    plot.setLogScale(true);
    std::vector<double> hover;
    const QRect area = plot.plot()->axisRect()->rect();
    for (int i = 0; i < 50; ++i) {
        const QPointF at(area.left() + area.width() * (i + 0.5) / 50.0, area.top() + area.height() * 0.8);
        QMouseEvent move(QEvent::MouseMove, at, plot.plot()->mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                         Qt::NoModifier);
        QElapsedTimer h;
        h.start();
        QApplication::sendEvent(plot.plot(), &move);
        hover.push_back(h.nsecsElapsed() / 1e6);
    }

    print("points.noise_cycles", noiseCycles);
    print("points.count", plot.sampleCount());
    print("points.distinct_points", plot.samplePointCount());
    print("points.stream_total_ms", streamMs);
    print("points.stream_refresh_median_ms", streaming.median);
    print("points.stream_refresh_max_ms", streaming.max);
    print("points.replot_median_ms", stats(full).median);
    print("points.replot_max_ms", stats(full).max);
    print("points.zoom_median_ms", stats(zoom).median);
    print("points.zoom_max_ms", stats(zoom).max);
    print("points.pan_median_ms", stats(pan).median);
    print("points.pan_max_ms", stats(pan).max);
    print("points.linear_axis_ms", linearMs);
    print("points.hover_max_ms", stats(hover).max);
    print("points.store_mib", store.bytes() / 1048576.0);
    print("points.rss_growth_mib", statusMiB("VmRSS:") - rssBefore);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    TimingApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TopoScope"));
    QApplication::setApplicationName(QStringLiteral("toposcope-bench"));
    registerMetaTypes();
    rememberSystemPalette();
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption mode(QStringLiteral("mode"), QStringLiteral("stream, points or all"),
                                  QStringLiteral("mode"), QStringLiteral("all"));
    const QCommandLineOption delay(QStringLiteral("delay-us"), QStringLiteral("simulator delay per device call"),
                                   QStringLiteral("us"), QStringLiteral("0"));
    const QCommandLineOption groups(QStringLiteral("only"), QStringLiteral("benchmark groups (default: all)"),
                                    QStringLiteral("groups"));
    const QCommandLineOption count(QStringLiteral("points"), QStringLiteral("loads in the size plot"),
                                   QStringLiteral("n"), QStringLiteral("1048576"));
    const QCommandLineOption open(QStringLiteral("open"), QStringLiteral("recording: the report to open"),
                                  QStringLiteral("file"));
    const QCommandLineOption noise(QStringLiteral("noise"),
                                   QStringLiteral("points: latency noise (standard deviation, cycles)"),
                                   QStringLiteral("cycles"), QStringLiteral("4"));
    const QCommandLineOption runs(QStringLiteral("runs"), QStringLiteral("stream: runs one after the other"),
                                  QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption slow(QStringLiteral("slow-ms"), QStringLiteral("list event deliveries slower than this"),
                                  QStringLiteral("ms"), QStringLiteral("0"));
    parser.addOptions({mode, delay, groups, count, noise, runs, open, slow});
    parser.process(app);
    app.slowMs = parser.value(slow).toDouble();

    int status = 0;
    const QString m = parser.value(mode);
    if (m == QLatin1String("stream") || m == QLatin1String("all"))
        status |= stream(parser.value(delay).toInt(), parser.value(groups).split(QLatin1Char(','), Qt::SkipEmptyParts),
                         parser.value(runs).toInt());
    if (m == QLatin1String("points") || m == QLatin1String("all"))
        status |= points(parser.value(count).toInt(), parser.value(noise).toDouble());
    if (m == QLatin1String("recording")) status |= recording(parser.value(open));
    for (const auto& [what, e] : app.slow)
        std::printf("slow.%s=%d events, worst %.1f ms\n", qPrintable(what), e.first, e.second);
    return status;
}
