// Issue 18, story 1: a recording replayed as if it were running. The rows come chunk by chunk
// over time through the live run's signals, the status says it is a replay and of which file,
// Cancel shows the rest within a second, and the end is what opening the recording shows.
#include <QElapsedTimer>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <qcustomplot.h>

#include <algorithm>
#include <limits>
#include <vector>

#include "window_fixtures.hpp"
#include "benchmarks/discovery.hpp"
#include "program_support/recording_replay.hpp"
#include "view_support/results_model.hpp"
#include "gui_test.hpp"
#include "io/report_json.hpp"
#include "io/session_read.hpp"
#include "io/session_recorder.hpp"
#include "main_window.hpp"
#include "run_panel.hpp"
#include "plots/evidence_view.hpp"
#include "plots/plot_panel.hpp"
#include "plots/series_store.hpp"
#include "replay_speed_menu.hpp"
#include "run_controller.hpp"
#include "run_page.hpp"
#include "run_panel.hpp"
#include "run_status.hpp"
#include "sim/sim_backend.hpp"
#include "recorded_run.hpp"
#include "sim_test_profiles.hpp"
#include "topology_fixtures.hpp"

using namespace ts::gui;
using ts::gui::test::finishedOutcome;
using ts::gui::test::openAndWait;
using ts::gui::test::quietOptions;
using ts::gui::test::recordedSeconds;
using ts::gui::test::waitForDevices;

namespace {

// What the window shows: every result row, and every series with its rows, threshold and change point.
QStringList shown(MainWindow& w) {
    QStringList out;
    const ResultsModel* r = w.results();
    for (int i = 0; i < r->rowCount(); ++i) {
        const ResultRow& row = r->resultAt(i);
        const ts::Attribute& attribute = r->attributeAt(i);
        out << QStringLiteral("result %1 %2 = %3 (%4) from %5 %6")
                   .arg(row.element ? QString::fromUtf8(ts::toString(*row.element).data()) : QString(),
                        QString::fromStdString(row.name))
                   .arg(attribute.value, 0, 'g', 12)
                   .arg(attribute.confidence)
                   .arg(QString::fromStdString(attribute.evidence), row.cutOff);
    }
    for (const QString& id : w.store()->ids()) {
        const StoredSeries* s = w.store()->find(id);
        out << QStringLiteral("series %1 '%2': %3 rows, %4 loads, threshold %5, change point %6, reduction %7")
                   .arg(id, s->title)
                   .arg(s->rows.size())
                   .arg(s->latencies.size())
                   .arg(s->missThreshold)
                   .arg(s->changePoint ? s->changePoint->x : -1.0)
                   .arg(s->reduction.ys.size());
    }
    out.sort();
    return out;
}

}  // namespace

class TestReplay : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        session_ = dir_.filePath(QStringLiteral("run.tss"));
        // The same run as a report: no time stamps, so a replay plays it series by series with
        // each series' last row followed at once by the next benchmark.
        untimedReport_ = dir_.filePath(QStringLiteral("run.json"));
        ts::writeReportFile(ts::test::recordRun(session_.toStdString(), {"l1", "memory"}), untimedReport_.toStdString());
        // The simulated H100's whole default suite, as ctest's simulated_run.h100 wrote it.
        report_ = QString::fromStdString(ts::test::simulatedRunFile("h100", ".json").string());
    }

    // Issue 37, item 12: a plot switched to another series draws that series with its own axes
    // before anything is painted; it never shows an empty plot with the previous series' axes
    // (twice seen in the replays of the H100 and H200 sessions, between the switch and the
    // plot's next refresh).
    void aSwitchedPlotDrawsItsSeriesAtOnce() {
        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        QCOMPARE(openAndWait(w, report_).ok, true);
        const QString l1 = QStringLiteral("l1.size"), l2 = QStringLiteral("l2.size");
        QVERIFY(w.store()->find(l1) && w.store()->find(l2));
        w.showEvidence(l1);
        QCoreApplication::processEvents();
        w.showEvidence(l2);  // no event is processed before the check: what a paint would show now
        const PlotPanel* plot = w.evidence()->currentPlot();
        QVERIFY(plot && plot->seriesId() == l2);
        const ts::gui::StoredSeries& rows = *w.store()->find(l2);
        const QCPRange x = plot->plot()->xAxis->range();
        QVERIFY2(x.contains(rows.rows.back().x) && x.upper < 64.0 * rows.rows.back().x,
                 qPrintable(QStringLiteral("x axis %1..%2 for rows up to %3").arg(x.lower).arg(x.upper).arg(rows.rows.back().x)));
        int points = 0;
        for (int i = 0; i < plot->plot()->graphCount(); ++i) points += plot->plot()->graph(i)->dataCount();
        QVERIFY(points > 0);
    }

    // Issue 37, item 7: the benchmark tree lists the replayed recording's GPU's items, not those
    // of the device chosen before (an MI300X's vL1, L3 and LDS beside an H100 recording).
    void benchmarkTreeFollowsTheReplayedGpu() {
        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        QVERIFY(w.runPanel()->selectDevice(QStringLiteral("sim:mi300x")));
        QVERIFY(w.runPanel()->benchmarks()->allGroups().contains(QStringLiteral("scalar")));
        QSignalSpy finished(&w, &MainWindow::runFinished);
        w.replayRecording(report_, 1000);
        QVERIFY(finishedOutcome(finished, 60000).ok);
        const QStringList groups = w.runPanel()->benchmarks()->allGroups();
        QVERIFY2(groups.contains(QStringLiteral("texture")) && !groups.contains(QStringLiteral("scalar")),
                 qPrintable(groups.join(',')));
        QVERIFY(w.runPanel()->selectDevice(QStringLiteral("sim:mi300x")));  // the device's own items again
        QVERIFY(w.runPanel()->benchmarks()->allGroups().contains(QStringLiteral("scalar")));
    }

    // A session at its recorded pace (scaled to last about 1.5 s): the chunks come over time,
    // the status names the file and the pace, Run is off, and the end equals the plain open.
    void sessionReplaysChunkByChunk() {
        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        QCOMPARE(openAndWait(w, session_).ok, true);
        const QStringList opened = shown(w);
        QVERIFY(opened.size() > 5);
        QVERIFY(w.replayAction()->isEnabled());
        const bool runAfterOpen = w.runAction()->isEnabled();

        const double seconds = recordedSeconds(session_);
        QVERIFY(seconds > 0);
        const double speed = seconds / 1.5;
        QElapsedTimer clock;
        std::vector<qint64> chunkTimes;
        QStringList steps;
        QObject listening;  // declared after what the handlers touch: their connections end first
        connect(w.controller()->worker(), &RunWorker::seriesChunk, &listening, [&] { chunkTimes.push_back(clock.elapsed()); });
        connect(w.controller()->worker(), &RunWorker::progress, &listening, [&](const ts::ProgressEvent& p) {
            if (steps.size() < 3) steps << w.progressText();
            QVERIFY(!p.benchmark.empty());
        });
        QSignalSpy finished(&w, &MainWindow::runFinished);
        clock.start();
        w.replayRecording(session_, speed);
        QVERIFY(!w.runAction()->isEnabled());
        QVERIFY(!w.replayAction()->isEnabled());
        QVERIFY(w.cancelAction()->isEnabled());
        const RunOutcome o = finishedOutcome(finished, 30000);
        QVERIFY2(o.ok && !o.cancelled, qPrintable(o.message));

        QVERIFY2(chunkTimes.size() > 10, qPrintable(QString::number(chunkTimes.size())));
        QVERIFY2(chunkTimes.back() - chunkTimes.front() > 900,
                 qPrintable(QStringLiteral("all chunks within %1 ms").arg(chunkTimes.back() - chunkTimes.front())));
        const auto early = std::count_if(chunkTimes.begin(), chunkTimes.end(), [&](qint64 t) { return t < chunkTimes.front() + 300; });
        QVERIFY2(early < static_cast<long>(chunkTimes.size()) / 2, "most chunks came at once");
        QVERIFY(!steps.isEmpty());
        QVERIFY2(steps.front().startsWith(QStringLiteral("Replay of run.tss at 1/")) ||
                     steps.front().startsWith(QStringLiteral("Replay of run.tss at ")),
                 qPrintable(steps.front()));
        QVERIFY2(steps.front().contains(QStringLiteral("recorded pace")), qPrintable(steps.front()));
        QVERIFY2(w.progressText().startsWith(QStringLiteral("Replayed run.tss")), qPrintable(w.progressText()));
        QCOMPARE(shown(w), opened);
        QCOMPARE(w.runAction()->isEnabled(), runAfterOpen);  // as after opening it
        QVERIFY(w.replayAction()->isEnabled());
        QVERIFY(w.runPanel()->replayButton()->isVisibleTo(&w));
        QVERIFY(w.logText().contains(QStringLiteral("not a live run")));
    }

    // Issue 37, item 12: at the default speed each size sweep's change point stays on screen for at
    // least 2 s: no progress and no other series' rows come sooner (the plot follows the run). A
    // report plays the next series right after a sweep's last row; a short session was slowed to 20 s.
    void changePointsStayOnScreenAtTheDefaultSpeed() {
        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        QElapsedTimer clock;
        QString held;     // the series whose change point came last
        qint64 heldAt = -1;
        qint64 shortest = std::numeric_limits<qint64>::max();
        int changePoints = 0;
        const auto movedOn = [&] {
            if (heldAt >= 0) shortest = std::min(shortest, clock.elapsed() - heldAt);
            heldAt = -1;
        };
        QObject listening;  // declared after what the handlers touch: their connections end first
        RunWorker* worker = w.controller()->worker();
        connect(worker, &RunWorker::changePoint, &listening, [&](const ts::ChangePointEvent& e) {
            held = QString::fromStdString(e.seriesId), heldAt = clock.elapsed(), ++changePoints;
        });
        connect(worker, &RunWorker::seriesChunk, &listening, [&](const std::shared_ptr<const ts::Series>& rows, qsizetype) {
            if (QString::fromStdString(rows->id) != held) movedOn();
        });
        connect(worker, &RunWorker::progress, &listening, [&](const ts::ProgressEvent&) { movedOn(); });
        QSignalSpy finished(&w, &MainWindow::runFinished);
        clock.start();
        w.replayRecording(untimedReport_, 0);  // the default speed
        QVERIFY(finishedOutcome(finished, 120000).ok);
        QVERIFY(changePoints > 0);
        QVERIFY2(shortest >= 1900, qPrintable(QStringLiteral("a change point left the screen after %1 ms").arg(shortest)));
    }

    // A report has no time stamps: one row every 25 ms. Cancel stops the pace within a second
    // and shows the rest, the same as opening it. (On a loaded machine the first row may come
    // late: the test waits for it, then checks that a second later the replay is still going.)
    void cancelShowsTheWholeRecordingWithinASecond() {
        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        QCOMPARE(openAndWait(w, report_).ok, true);
        const QStringList opened = shown(w);
        int chunks = 0;
        QObject listening;  // declared after `chunks`: the connection ends before it does
        connect(w.controller()->worker(), &RunWorker::seriesChunk, &listening, [&] { ++chunks; });
        QSignalSpy finished(&w, &MainWindow::runFinished);
        w.replayRecording(report_);
        QTRY_VERIFY_WITH_TIMEOUT(chunks > 0, 10000);
        QTest::qWait(1000);
        QVERIFY2(finished.isEmpty(), "the replay of a report ended within a second of its first row: not paced");
        QVERIFY2(chunks < 100, qPrintable(QString::number(chunks)));
        QVERIFY2(w.progressText().contains(QStringLiteral("at one row every 25 ms")), qPrintable(w.progressText()));
        QElapsedTimer clock;
        clock.start();
        w.cancelRun();
        const RunOutcome o = finishedOutcome(finished, 5000);
        // A second is the promise (a few ms unloaded, docs/performance.md "GUI"); a loaded machine gets slack.
        QVERIFY2(clock.elapsed() < 2500, qPrintable(QStringLiteral("%1 ms to stop").arg(clock.elapsed())));
        QVERIFY(o.ok && o.cancelled);
        QVERIFY2(w.progressText().contains(QStringLiteral("the whole recording is shown")), qPrintable(w.progressText()));
        QCOMPARE(shown(w), opened);
    }

    // A session of a killed run (cut in the middle of a benchmark): the replay ends as opening
    // it does, the cut-off benchmark marked in the results and its series titled "(cut off)".
    void cutOffSessionEndsAsOpeningIt() {
        QFile whole(session_);
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const QByteArray bytes = whole.readAll();
        const QString cut = dir_.filePath(QStringLiteral("killed.tss"));
        QFile part(cut);
        QVERIFY(part.open(QIODevice::WriteOnly));
        part.write(bytes.left(bytes.size() * 6 / 10));
        part.close();
        QVERIFY(!ts::readSession(cut.toStdString()).cutOff.empty());

        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        QCOMPARE(openAndWait(w, cut).ok, true);
        const QStringList opened = shown(w);
        QVERIFY(opened.join(QLatin1Char('\n')).contains(QStringLiteral("(cut off)")));
        QSignalSpy finished(&w, &MainWindow::runFinished);
        w.replayRecording(cut, 50);
        const RunOutcome o = finishedOutcome(finished, 30000);
        QVERIFY2(o.ok && !o.cancelled, qPrintable(o.message));
        QCOMPARE(shown(w), opened);
    }

    // Run ▸ Replay Speed picks the pace of Replay Recording; --replay-speed is its choice at start.
    void speedMenuSetsThePace() {
        LaunchOptions o = quietOptions();
        o.replaySpeed = 0.3;
        MainWindow w(o);
        QVERIFY(waitForDevices(w));
        QCOMPARE(w.replaySpeedMenu()->speed(), 0.3);
        w.replaySpeedMenu()->setSpeed(1);
        QCOMPARE(w.replaySpeedMenu()->speed(), 1.0);
        QVERIFY(!w.replayAction()->isEnabled());  // nothing shown to replay yet
        QCOMPARE(openAndWait(w, session_).ok, true);
        QSignalSpy finished(&w, &MainWindow::runFinished);
        w.replayAction()->trigger();
        QVERIFY(finishedOutcome(finished, 30000).ok);
        QVERIFY2(w.logText().contains(QStringLiteral("replaying ") + session_ + QStringLiteral(" at the recorded pace")),
                 qPrintable(w.logText()));
    }

    // A replay knows its time left (the recorded times to come, at its pace), also during its
    // first benchmark, where a run's ETA is unknown; the step says it is a replay.
    void replayEtaIsTheTimeLeft() {
        QStatusBar bar;
        RunStatus status(&bar);
        ts::ProgressEvent p;
        p.benchmark = "L1 Size";
        p.step = "start";
        p.total = 40;
        p.elapsedSeconds = 3;
        p.etaSeconds = 17;
        status.showProgress(p);
        QVERIFY2(status.timeText().contains(QStringLiteral("ETA unknown")), qPrintable(status.timeText()));
        status.setReplay(QStringLiteral("Replay of h100.json at 1/6 of the recorded pace"));
        status.showProgress(p);
        QVERIFY2(status.timeText().contains(QStringLiteral("ETA about 17 s")), qPrintable(status.timeText()));
        QCOMPARE(status.text(), QStringLiteral("Replay of h100.json at 1/6 of the recorded pace: L1 Size — start"));
        status.setReplay({});
        status.showProgress(p);
        QVERIFY(status.timeText().contains(QStringLiteral("ETA unknown")));
        QCOMPARE(status.text(), QStringLiteral("L1 Size — start"));
    }

    void paceIsSaidInWords() {
        QCOMPARE(replayPaceText(1.0 / 6, true), QStringLiteral("at 1/6 of the recorded pace"));
        QCOMPARE(replayPaceText(1, true), QStringLiteral("at the recorded pace"));
        QCOMPARE(replayPaceText(2, true), QStringLiteral("at 2× the recorded pace"));
        QCOMPARE(replayPaceText(0.5, false), QStringLiteral("at one row every 50 ms (the file has no time stamps)"));
        ts::app::ReplayScript h100;  // a 3.5 s H100 run lasts about 20 s; a 26 s H200 run as recorded
        h100.timed = true;
        h100.seconds = 3.5;
        QCOMPARE(ts::app::defaultReplaySpeed(h100), 1.0 / 6);
        h100.seconds = 26;
        QCOMPARE(ts::app::defaultReplaySpeed(h100), 1.0);
    }

    // toposcope --open FILE --replay --quit-after-run: plays, then exits 0; a bad file exits 2 naming it.
    void headlessReplay() {
        QProcess app;
        app.start(QStringLiteral(TOPOSCOPE_APP), {QStringLiteral("--no-settings"), QStringLiteral("--open"), report_,
                                                  QStringLiteral("--replay"), QStringLiteral("--replay-speed"),
                                                  QStringLiteral("20"), QStringLiteral("--quit-after-run")});
        QVERIFY(app.waitForFinished(60000));
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.exitCode(), 0);

        const QString bad = dir_.filePath(QStringLiteral("notes.txt"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a recording\n");
        f.close();
        app.start(QStringLiteral(TOPOSCOPE_APP), {QStringLiteral("--no-settings"), QStringLiteral("--open"), bad,
                                                  QStringLiteral("--replay"), QStringLiteral("--quit-after-run")});
        QVERIFY(app.waitForFinished(60000));
        QCOMPARE(app.exitCode(), 2);
        const QString err = QString::fromUtf8(app.readAllStandardError());
        QVERIFY2(err.contains(bad) && err.contains(QStringLiteral("not a recording")), qPrintable(err));

        app.start(QStringLiteral(TOPOSCOPE_APP), {QStringLiteral("--no-settings"), QStringLiteral("--replay")});
        QVERIFY(app.waitForFinished(60000));
        QCOMPARE(app.exitCode(), 2);
        QVERIFY(QString::fromUtf8(app.readAllStandardError()).contains(QStringLiteral("--replay needs a recording")));
    }

private:
    QTemporaryDir dir_;
    QString session_;
    QString untimedReport_;
    QString report_;
};

TS_GUI_TEST(TestReplay)
#include "test_replay.moc"
