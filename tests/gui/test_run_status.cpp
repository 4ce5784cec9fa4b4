// The status bar during a run (elapsed that ticks, an ETA from measured costs, a progress text
// that fits) and the simulator's default pace: issue 18's "watching" story.
#include <QLabel>
#include <QMainWindow>
#include <QProgressBar>
#include <QStatusBar>
#include <QTest>

#include "events/observer.hpp"
#include "gui_test.hpp"
#include "launch_options.hpp"
#include "run_status.hpp"

using namespace ts::gui;

namespace {

ts::ProgressEvent progress(int done, int total, double elapsed, double engineEta = -1) {
    ts::ProgressEvent p;
    p.benchmark = "sL1d Sharing";
    p.step = "pair 3 of 56";
    p.done = done;
    p.total = total;
    p.elapsedSeconds = elapsed;
    p.etaSeconds = engineEta;
    return p;
}

}  // namespace

class TestRunStatus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void elapsedTicksBetweenProgressEvents() {
        QStatusBar bar;
        RunStatus status(&bar);
        status.setBusy(QStringLiteral("Starting…"));
        status.showProgress(progress(0, 40, 5));
        QVERIFY2(status.timeText().startsWith(QStringLiteral("elapsed 5 s")), qPrintable(status.timeText()));
        QTRY_VERIFY_WITH_TIMEOUT(status.timeText().startsWith(QStringLiteral("elapsed 6 s")), 2500);
    }

    void etaComesFromMeasuredBenchmarks() {
        QStatusBar bar;
        RunStatus status(&bar);
        status.setBusy(QStringLiteral("Starting…"));
        status.showProgress(progress(0, 40, 0, 1));
        QVERIFY2(status.timeText().contains(QStringLiteral("ETA unknown")), qPrintable(status.timeText()));
        // Two benchmarks took 10 s: 5 s each; 38 are left, the current one just began.
        status.showProgress(progress(2, 40, 10, 1));
        QVERIFY2(status.timeText().contains(QStringLiteral("ETA about 3 min 10 s")), qPrintable(status.timeText()));
        // The third benchmark has run 62 s, far past 5 s: the time left is not known, whatever
        // the engine's own estimate says (it said 1 s).
        status.showProgress(progress(2, 40, 72, 1));
        QVERIFY2(status.timeText().contains(QStringLiteral("ETA unknown")), qPrintable(status.timeText()));
        status.showFinished(true, QStringLiteral("Finished"));
        QVERIFY(status.timeText().isEmpty());
    }

    void progressTextIsNotClipped() {
        QMainWindow window;
        window.resize(1024, 700);
        RunStatus status(window.statusBar());
        status.setText(QString(300, QLatin1Char('x')));  // a long step and session squeeze the permanent widgets
        status.setSession(QStringLiteral("/home/u/.local/share/toposcope/sessions/20261125T192801Z-NVIDIA-H200-141GB-HBM3e-123456.tss"));
        status.showProgress(progress(12, 40, 30));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Drawn over the bar, the count's first digit straddled the chunk's edge, half white on
        // blue: "12 of 40" read "2 of 40". It stands beside the bar, whole.
        QProgressBar* bar = status.progressBar();
        QVERIFY(!bar->isTextVisible());
        QCOMPARE(status.countText(), QStringLiteral("12 of 40"));
        auto* count = window.statusBar()->findChild<QLabel*>(QStringLiteral("progressCountLabel"));
        QVERIFY(count);
        QVERIFY2(count->width() >= count->fontMetrics().horizontalAdvance(QStringLiteral("12 of 40")),
                 qPrintable(QStringLiteral("%1 px").arg(count->width())));
    }

    void simulatedRunsArePacedToBeWatched() {
        const QString app = QStringLiteral("toposcope");
        const LaunchOptions watched = parseLaunchOptions(QStringList{app, QStringLiteral("--profile"), QStringLiteral("h100")});
        QCOMPARE(watched.simDelayUs, kWatchableSimDelayUs);
        QVERIFY(watched.simDelayUs >= 10000);  // ~1000 device calls: the H100 plan lasts about 20 s
        const LaunchOptions fast =
            parseLaunchOptions(QStringList{app, QStringLiteral("--sim-delay-us"), QStringLiteral("0")});
        QCOMPARE(fast.simDelayUs, 0);
        const LaunchOptions headless = parseLaunchOptions(
            QStringList{app, QStringLiteral("--run"), QStringLiteral("--export-pdf"), QStringLiteral("x.pdf")});
        QCOMPARE(headless.simDelayUs, 0);
        const LaunchOptions shots = parseLaunchOptions(QStringList{app, QStringLiteral("--run"), QStringLiteral("--quit-after-run")});
        QCOMPARE(shots.simDelayUs, 0);
    }

    // --tlb-walk-gib reaches the run's DiscoveryOptions (the CLI has the same flag).
    void tlbWalkSpanIsParsed() {
        const QString app = QStringLiteral("toposcope");
        QCOMPARE(parseLaunchOptions(QStringList{app}).tlbWalkBytes, ts::kDefaultTlbWalkBytes);
        const LaunchOptions wide = parseLaunchOptions(QStringList{app, QStringLiteral("--tlb-walk-gib"), QStringLiteral("128")});
        QCOMPARE(wide.tlbWalkBytes, std::uint64_t{128} << 30);
    }
};

TS_GUI_TEST(TestRunStatus)
#include "test_run_status.moc"
