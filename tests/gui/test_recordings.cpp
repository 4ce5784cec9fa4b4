// Recordings in the window: every kind opens through the worker (a session, a session cut off
// mid-way, MT4G's JSON report and raw folder), by drag and drop too; recent files are kept;
// bad files give a dialog naming the file; a run records a session that reopens the same.
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <map>

#include <nlohmann/json.hpp>

#include "window_fixtures.hpp"
#include "benchmarks/discovery.hpp"
#include "cu-map/cu_map_view.hpp"
#include "plots/evidence_view.hpp"
#include "gui_test.hpp"
#include "io/session_log.hpp"
#include "io/session_read.hpp"
#include "io/session_recorder.hpp"
#include "main_window.hpp"
#include "model/build_info.hpp"
#include "recent_files.hpp"
#include "view_support/results_model.hpp"
#include "run_controller.hpp"
#include "run_panel.hpp"
#include "plots/series_store.hpp"
#include "sim/sim_backend.hpp"
#include "recorded_run.hpp"
#include "sim_test_profiles.hpp"
#include "plots/size_plot.hpp"

using namespace ts::gui;
using ts::gui::test::openAndWait;
using ts::gui::test::quietOptions;
using ts::gui::test::waitForDevices;

namespace {

const QString kMt4g = QStringLiteral(TOPOSCOPE_TEST_DATA "/mt4g");

QByteArray bytesOf(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeBytes(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

// Where to cut a session so that it ends inside the plan's third benchmark, and that benchmark's name.
std::pair<qsizetype, QString> cutInsideThirdBenchmark(const QByteArray& bytes) {
    const std::string all(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    const ts::SessionLog log = ts::parseSessionLog(all, "session");
    std::size_t at = ts::kSessionMagicSize;
    int begins = 0;
    for (std::size_t i = 0; i + 1 < log.records.size(); ++i) {
        at += 8 + log.records[i].size();
        const auto record = nlohmann::json::parse(log.records[i]);
        if (record["type"] == "begin" && ++begins == 3) {
            // Keep the rows (and progress steps) that follow the begin, then tear the first record that is neither.
            std::size_t j = i + 1;
            auto rowsOrStep = [&](std::size_t k) {
                const auto type = nlohmann::json::parse(log.records[k])["type"];
                return type == "rows" || type == "progress";
            };
            while (j + 1 < log.records.size() && rowsOrStep(j)) at += 8 + log.records[j++].size();
            return {static_cast<qsizetype>(at + 8 + log.records[j].size() / 2),
                    QString::fromStdString(record["benchmark"].get<std::string>())};
        }
    }
    return {0, {}};
}

using ResultKey = std::pair<QString, QString>;
struct ShownResult {
    ResultRow row;
    ts::Attribute attribute;
};
std::map<ResultKey, ShownResult> resultsOf(const MainWindow& w) {
    std::map<ResultKey, ShownResult> out;
    for (int row = 0; row < w.results()->rowCount(); ++row) {
        const ResultRow& r = w.results()->resultAt(row);
        const QString elementId = r.element ? QString::fromUtf8(std::string(ts::toString(*r.element)).c_str()) : QString();
        out[{elementId, QString::fromStdString(r.name)}] = {r, w.results()->attributeAt(row)};
    }
    return out;
}

QStringList seriesWithRows(const MainWindow& w) {
    QStringList ids;
    for (const auto& id : w.store()->ids())
        if (!w.store()->find(id)->rows.empty()) ids << id;
    ids.sort();
    return ids;
}

QMessageBox* openErrorBox(MainWindow& w) { return w.findChild<QMessageBox*>(QStringLiteral("openErrorBox")); }

}  // namespace

class TestRecordings : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sessionWrittenByTheEngineReplays() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("engine.tss"));
        ts::test::recordRun(path.toStdString(), {"l1", "memory"});
        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        const RunOutcome o = openAndWait(w, path);
        QVERIFY2(o.ok, qPrintable(o.message));
        QVERIFY(w.store()->find(QStringLiteral("l1.size")));
        QVERIFY(w.store()->find(QStringLiteral("l1.size"))->changePoint.has_value());
        QVERIFY(w.results()->find(ts::Element::L1, "size") >= 0);
        for (int row = 0; row < w.results()->rowCount(); ++row) QVERIFY(w.results()->resultAt(row).cutOff.isEmpty());
        QVERIFY2(w.logText().contains(QStringLiteral("(session)")), qPrintable(w.logText()));
        QVERIFY(w.logText().contains(QStringLiteral("ended: finished")));
    }

    void truncatedSessionSaysWhatWasCutOff() {
        QTemporaryDir dir;
        const QString whole = dir.filePath(QStringLiteral("whole.tss"));
        ts::test::recordRun(whole.toStdString(), {"l1", "memory"});
        const QByteArray bytes = bytesOf(whole);
        const auto [cut, benchmark] = cutInsideThirdBenchmark(bytes);
        QVERIFY(cut > 0);
        const QString torn = dir.filePath(QStringLiteral("killed.tss"));
        writeBytes(torn, bytes.left(cut));

        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        const RunOutcome o = openAndWait(w, torn);
        QVERIFY2(o.ok, qPrintable(o.message));
        QVERIFY2(w.logText().contains(QStringLiteral("cut off: ") + benchmark), qPrintable(w.logText()));
        QVERIFY(w.logText().contains(QStringLiteral("never closed")));
        int marked = 0;
        QString evidence;
        for (int row = 0; row < w.results()->rowCount(); ++row) {
            const ResultRow& r = w.results()->resultAt(row);
            if (r.cutOff != benchmark) continue;
            ++marked;
            evidence = QString::fromStdString(w.results()->attributeAt(row).evidence);
            const QModelIndex note = w.results()->index(row, ResultsModel::NoteColumn);
            QVERIFY(w.results()->data(note, Qt::DisplayRole).toString().contains(QStringLiteral("cut off")));
        }
        QCOMPARE(marked, 1);
        // Its rows so far are evidence, and the evidence panel names the series as cut off.
        QVERIFY(!evidence.isEmpty());
        const StoredSeries* s = w.store()->find(evidence);
        QVERIFY(s);
        QVERIFY(!s->rows.empty());
        QVERIFY2(s->title.contains(QStringLiteral("cut off")), qPrintable(s->title));
        // Finished benchmarks are not marked.
        const int size = w.results()->find(ts::Element::L1, "size");
        if (size >= 0 && benchmark != QLatin1String("L1 Size")) QVERIFY(w.results()->resultAt(size).cutOff.isEmpty());
    }

    void mt4gJsonShowsItsSl1dGroupsInTheCuMap() {
        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        const RunOutcome o = openAndWait(w, kMt4g + QStringLiteral("/AMD Instinct MI210.json"));
        QVERIFY2(o.ok, qPrintable(o.message));
        w.refreshTopology();
        const int row = w.results()->find(ts::Element::SL1D, "sharedBetween");
        QVERIFY(row >= 0);
        const ts::Attribute& shared = w.results()->attributeAt(row);
        QVERIFY(!shared.groups.empty());
        QVERIFY(!w.cuMapView()->map().empty());
        QCOMPARE(w.cuMapView()->map().groups().size(), shared.groups.size());
        QVERIFY(!w.store()->ids().isEmpty());  // the raw folder beside the report: the evidence
    }

    void mt4gRawFolderGivesPlots() {
        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        const RunOutcome o = openAndWait(w, kMt4g + QStringLiteral("/NVIDIA H100 80GB HBM3"));
        QVERIFY2(o.ok, qPrintable(o.message));
        QString sizeSeries;
        for (const auto& id : w.store()->ids())
            if (w.store()->find(id)->kind == ts::SeriesKind::Size && !w.store()->find(id)->rows.empty()) sizeSeries = id;
        QVERIFY(!sizeSeries.isEmpty());
        w.showEvidence(sizeSeries);
        SizePlotWidget* plot = w.evidence()->sizePlot();
        plot->refreshNow();
        QVERIFY(plot->sampleCount() > 0);
        bool decided = false;  // our analysis ran on MT4G's series: results point at them
        for (int r = 0; r < w.results()->rowCount(); ++r) {
            const std::string& evidence = w.results()->attributeAt(r).evidence;
            decided |= !evidence.empty() && w.store()->find(QString::fromStdString(evidence));
        }
        QVERIFY(decided);
        QVERIFY(w.logText().contains(QStringLiteral("(MT4G raw folder)")));
    }

    void openOptionTakesARawFolder() {
        LaunchOptions o = quietOptions();
        o.recording = kMt4g + QStringLiteral("/NVIDIA H100 80GB HBM3");
        MainWindow w(o);
        QSignalSpy finished(&w, &MainWindow::runFinished);
        QVERIFY(finished.wait(60000));
        QVERIFY(finished.first().first().value<RunOutcome>().ok);
        QVERIFY(!w.store()->ids().isEmpty());
    }

    void dropOpensARecording() {
        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        QVERIFY(w.acceptDrops());
        const QString path = kMt4g + QStringLiteral("/AMD Instinct MI210.json");
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QSignalSpy finished(&w, &MainWindow::runFinished);
        QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QVERIFY(drop.isAccepted());
        QVERIFY(finished.wait(60000));
        QVERIFY(finished.first().first().value<RunOutcome>().ok);
        QCOMPARE(w.runPanel()->currentKey(), QStringLiteral("recording:") + path);
        QVERIFY(w.results()->find(ts::Element::SL1D, "sharedBetween") >= 0);

        QMimeData web;  // nothing local: refused
        web.setUrls({QUrl(QStringLiteral("https://example.org/report.json"))});
        QDragEnterEvent refused(QPoint(50, 50), Qt::CopyAction, &web, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &refused);
        QVERIFY(!refused.isAccepted());
    }

    void recentFilesAreKeptAndPersisted() {
        QSettings().remove(QStringLiteral("recent/files"));
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("recent.tss"));
        ts::test::recordRun(session.toStdString(), {"l1", "memory"});
        const QString gone = dir.filePath(QStringLiteral("gone.json"));
        LaunchOptions o = quietOptions();
        o.ignoreSettings = false;
        {
            MainWindow w(o);
            QVERIFY(waitForDevices(w));
            QVERIFY(openAndWait(w, kMt4g + QStringLiteral("/NVIDIA H100 80GB HBM3")).ok);
            QVERIFY(openAndWait(w, session).ok);
            QVERIFY(!openAndWait(w, gone).ok);  // a failed open is not remembered
            if (QMessageBox* box = openErrorBox(w)) box->close();
            QCOMPARE(w.recentFiles()->paths(),
                     (QStringList{session, kMt4g + QStringLiteral("/NVIDIA H100 80GB HBM3")}));
            QCOMPARE(QSettings().value(QStringLiteral("recent/files")).toStringList(), w.recentFiles()->paths());
        }
        // A second window finds them; one deleted meanwhile is dropped with a note.
        QFile::remove(session);
        MainWindow again(o);
        QVERIFY(waitForDevices(again));
        QCOMPARE(again.recentFiles()->paths(), QStringList{kMt4g + QStringLiteral("/NVIDIA H100 80GB HBM3")});
        QVERIFY2(again.logText().contains(session + QStringLiteral(" no longer exists")), qPrintable(again.logText()));
        QCOMPARE(QSettings().value(QStringLiteral("recent/files")).toStringList(), again.recentFiles()->paths());
        // The menu opens an entry through the worker.
        QAction* entry = nullptr;
        for (QAction* a : again.recentFiles()->menu()->actions())
            if (a->data().toString() == kMt4g + QStringLiteral("/NVIDIA H100 80GB HBM3")) entry = a;
        QVERIFY(entry);
        QSignalSpy finished(&again, &MainWindow::runFinished);
        entry->trigger();
        QVERIFY(finished.wait(60000));
        QVERIFY(finished.first().first().value<RunOutcome>().ok);
        // At most ten, the newest first.
        for (int i = 0; i < RecentFiles::kMax + 2; ++i) again.recentFiles()->add(dir.filePath(QStringLiteral("r%1").arg(i)));
        QCOMPARE(again.recentFiles()->paths().size(), RecentFiles::kMax);
        QCOMPARE(again.recentFiles()->paths().front(), dir.filePath(QStringLiteral("r%1").arg(RecentFiles::kMax + 1)));
        QSettings().remove(QStringLiteral("recent/files"));
    }

    void badFilesGiveADialogNamingTheFile() {
        QTemporaryDir dir;
        const QString empty = dir.filePath(QStringLiteral("empty.json"));
        writeBytes(empty, {});
        const QString binary = dir.filePath(QStringLiteral("binary.tss"));
        writeBytes(binary, QByteArray("\x00\x01\x02\xff\xfe\x7f" "ELF", 9));
        const QString truncated = dir.filePath(QStringLiteral("truncated.json"));
        writeBytes(truncated, QByteArray("{\"format\": \"toposcope-report/1\", \"device\": {\"name\": \"GPU"));
        const QString wrongType = dir.filePath(QStringLiteral("wrong-type.json"));
        writeBytes(wrongType, QByteArray("{\"format\": \"toposcope-report/1\", \"device\": 42}"));
        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        for (const QString& bad : {empty, binary, truncated, wrongType}) {
            const RunOutcome o = openAndWait(w, bad);
            QVERIFY(!o.ok);
            QMessageBox* box = openErrorBox(w);
            QVERIFY2(box, qPrintable(bad));
            QVERIFY2(box->isVisible(), qPrintable(bad));
            QVERIFY2(box->text().contains(bad), qPrintable(box->text()));
            QVERIFY2(box->text().length() > bad.length() + 20, qPrintable(box->text()));  // and the problem
            box->close();
            QTRY_VERIFY(!openErrorBox(w));
        }
        QVERIFY(openAndWait(w, kMt4g + QStringLiteral("/AMD Instinct MI210.json")).ok);  // still working
    }

    // A file that cannot be read changes nothing: the device, Run, the results, the title and
    // the chooser (no "Recording: notes.txt" entry) stay as they were, first on a device, then
    // on an opened recording.
    void badFileKeepsTheCurrentView() {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("notes.txt"));
        writeBytes(bad, QByteArray("not a session"));
        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        auto unchangedBy = [&](const char* when) {
            const QString key = w.runPanel()->currentKey();
            const int items = w.runPanel()->chooser()->count();
            const int rows = w.results()->rowCount();
            const QString title = w.windowTitle();
            const bool runEnabled = w.runAction()->isEnabled();
            QVERIFY2(!openAndWait(w, bad).ok, when);
            if (QMessageBox* box = openErrorBox(w)) box->close();
            QTRY_VERIFY(!openErrorBox(w));
            QCOMPARE(w.runPanel()->currentKey(), key);
            QCOMPARE(w.runPanel()->chooser()->count(), items);
            QVERIFY2(w.runPanel()->chooser()->findText(QStringLiteral("notes.txt"), Qt::MatchContains) < 0, when);
            QCOMPARE(w.results()->rowCount(), rows);
            QCOMPARE(w.windowTitle(), title);
            QCOMPARE(w.runAction()->isEnabled(), runEnabled);
            QVERIFY2(w.progressText().contains(bad), qPrintable(w.progressText()));
        };
        unchangedBy("on the simulated H100");
        QVERIFY(w.runAction()->isEnabled());
        QVERIFY(openAndWait(w, kMt4g + QStringLiteral("/AMD Instinct MI210.json")).ok);
        QVERIFY(w.results()->rowCount() > 0);
        QVERIFY2(w.progressText().startsWith(QStringLiteral("Opened AMD Instinct MI210.json")), qPrintable(w.progressText()));
        unchangedBy("on MT4G's MI210 report");
        QVERIFY(w.windowTitle().contains(QStringLiteral("MI210")));
    }

    void simRunRecordsASessionThatReopensTheSame() {
        QTemporaryDir dir;
        MainWindow w(quietOptions());
        w.setSessionFolder(dir.filePath(QStringLiteral("sessions")));
        QVERIFY(waitForDevices(w));
        w.runPanel()->setCheckedGroups({QStringLiteral("l1")});
        QSignalSpy finished(&w, &MainWindow::runFinished);
        w.startRun();
        QVERIFY(finished.wait(120000));
        QVERIFY(finished.first().first().value<RunOutcome>().ok);
        const QString session = w.lastSessionPath();
        QVERIFY(session.startsWith(dir.filePath(QStringLiteral("sessions/"))));
        QVERIFY(QFile::exists(session));
        QVERIFY(w.sessionStatusText().contains(QFileInfo(session).fileName()));
        QVERIFY(w.logText().contains(QStringLiteral("recording the session to ") + session));
        const auto live = resultsOf(w);
        const QStringList liveSeries = seriesWithRows(w);
        QVERIFY(live.size() > 5);

        QVERIFY(openAndWait(w, session).ok);
        const auto reopened = resultsOf(w);
        QCOMPARE(reopened.size(), live.size());
        for (const auto& [key, r] : live) {
            const auto it = reopened.find(key);
            QVERIFY2(it != reopened.end(), qPrintable(key.first + QLatin1Char(' ') + key.second));
            QCOMPARE(it->second.attribute.value, r.attribute.value);
            QCOMPARE(it->second.attribute.confidence, r.attribute.confidence);
            QCOMPARE(it->second.attribute.method, r.attribute.method);
            QCOMPARE(it->second.attribute.evidence, r.attribute.evidence);
            QVERIFY(it->second.row.cutOff.isEmpty());
        }
        QCOMPARE(seriesWithRows(w), liveSeries);
    }

    void unwritableSessionFolderOnlyWarns() {
        QTemporaryDir dir;
        const QString blocker = dir.filePath(QStringLiteral("a-file"));
        writeBytes(blocker, "not a folder");
        MainWindow w(quietOptions());
        w.setSessionFolder(blocker + QStringLiteral("/sessions"));
        QVERIFY(waitForDevices(w));
        w.runPanel()->setCheckedGroups({QStringLiteral("memory")});
        QSignalSpy finished(&w, &MainWindow::runFinished);
        w.startRun();
        QVERIFY(finished.wait(120000));
        QVERIFY(finished.first().first().value<RunOutcome>().ok);
        QVERIFY2(w.logText().contains(QStringLiteral("not recording the session")), qPrintable(w.logText()));
        QVERIFY(w.lastSessionPath().isEmpty());
        QVERIFY(w.store()->find(QStringLiteral("device_memory.latency")));
        QVERIFY(w.results()->rowCount() > 0);
    }

    // File ▸ Open… starts in the sessions folder, where the CLI's runs lie too, once it exists.
    void openDialogStartsInTheSharedSessionsFolder() {
        QTemporaryDir dir;
        MainWindow w(quietOptions());
        const QString folder = dir.filePath(QStringLiteral("toposcope/sessions"));
        w.setSessionFolder(folder);
        QVERIFY(w.openDialogFolder().isEmpty());  // not made yet: the dialog's own default
        QVERIFY(QDir().mkpath(folder));
        QCOMPARE(w.openDialogFolder(), folder);
    }

    // Open Recent lists the newest runs of the shared sessions folder, the CLI's too, newest first,
    // without the ones already among the recent files, and sees a run recorded after it was built.
    void openRecentListsTheRunsOfTheSessionsFolder() {
        QTemporaryDir dir;
        MainWindow w(quietOptions());
        const QString folder = dir.filePath(QStringLiteral("toposcope/sessions"));
        QVERIFY(QDir().mkpath(folder));
        w.setSessionFolder(folder);
        QVERIFY(w.recentFiles()->recentRuns().isEmpty());
        const QDateTime now = QDateTime::currentDateTime();
        QStringList written;
        for (int i = 0; i < RecentFiles::kMaxRuns + 2; ++i) {
            const QString path = folder + QStringLiteral("/cli-run-%1.tss").arg(i);
            writeBytes(path, QByteArray("TSSESSION/1\n"));
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.setFileTime(now.addSecs(i - 100), QFileDevice::FileModificationTime));
            written.prepend(path);
        }
        writeBytes(folder + QStringLiteral("/notes.txt"), QByteArray("not a session"));
        w.recentFiles()->add(written.front());  // the newest run was opened already: listed once
        const QStringList runs = w.recentFiles()->recentRuns();
        QCOMPARE(runs, written.mid(1, RecentFiles::kMaxRuns));
        Q_EMIT w.recentFiles()->menu()->aboutToShow();
        QStringList inMenu;
        for (QAction* a : w.recentFiles()->menu()->actions())
            if (a->data().toString().endsWith(QStringLiteral(".tss"))) inMenu << a->data().toString();
        QCOMPARE(inMenu, QStringList{written.front()} + runs);
    }

#ifdef TOPOSCOPE_APP
    // `toposcope --version`: the first line as before, then the build, the same lines as the CLI's.
    void versionNamesTheBuild() {
        QProcess app;
        app.start(QStringLiteral(TOPOSCOPE_APP), {QStringLiteral("--version")});
        QVERIFY(app.waitForFinished(20000));
        QCOMPARE(app.exitCode(), 0);
        const QString out = QString::fromUtf8(app.readAllStandardOutput()).trimmed();
        QCOMPARE(out, QString::fromStdString(ts::versionText("toposcope")));
        QCOMPARE(out.split(QLatin1Char('\n')).first(), QStringLiteral("toposcope " TOPOSCOPE_VERSION));
    }

    // The application killed (SIGKILL) in the middle of a run: its session keeps every finished
    // benchmark and reopens in the window, naming the one it died in (if it died inside one).
    void killedRunReopensWithItsFinishedBenchmarks() {
        QTemporaryDir dir;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
        QProcess app;
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(TOPOSCOPE_APP),
                  {QStringLiteral("--backend"), QStringLiteral("sim"), QStringLiteral("--profile"), QStringLiteral("h100"),
                   QStringLiteral("--only"), QStringLiteral("l1,l2"), QStringLiteral("--sim-delay-us"), QStringLiteral("300"),
                   QStringLiteral("--run"), QStringLiteral("--no-settings")});
        QVERIFY(app.waitForStarted());
        const QString folder = dir.filePath(QStringLiteral("data/toposcope/sessions"));  // the CLI's folder too
        QString session;
        std::size_t finishedBeforeKill = 0;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 60000 && app.state() == QProcess::Running) {
            const QStringList files = QDir(folder).entryList({QStringLiteral("*.tss")}, QDir::Files);
            if (!files.isEmpty()) {
                session = QDir(folder).filePath(files.front());
                try {
                    finishedBeforeKill = ts::readSession(session.toStdString()).finished.size();
                } catch (const std::exception&) {
                    finishedBeforeKill = 0;  // not even the device yet
                }
                if (finishedBeforeKill >= 2) break;
            }
            QTest::qWait(20);
        }
        QVERIFY2(app.state() == QProcess::Running, "the run ended before it could be killed");
        app.kill();  // SIGKILL
        QVERIFY(app.waitForFinished(10000));
        QVERIFY2(finishedBeforeKill >= 2, qPrintable(session));

        MainWindow w(quietOptions());
        QVERIFY(waitForDevices(w));
        const RunOutcome o = openAndWait(w, session);
        QVERIFY2(o.ok, qPrintable(o.message));
        const ts::Session read = ts::readSession(session.toStdString());
        QVERIFY(read.finished.size() >= finishedBeforeKill);
        QVERIFY(read.outcome.empty());
        QVERIFY(read.cutOff.size() <= 1);
        QVERIFY(w.logText().contains(QStringLiteral("never closed")));
        for (const auto& name : read.cutOff)
            QVERIFY2(w.logText().contains(QStringLiteral("cut off: ") + QString::fromStdString(name)), qPrintable(w.logText()));
        QVERIFY(w.store()->find(QStringLiteral("l1.fetch_granularity")));  // the first benchmark's evidence
        QVERIFY(w.results()->find(ts::Element::L1, "fetchGranularity") >= 0);
    }

    // Headless: --open X --export-pdf F for a session and a raw folder; a bad file exits 2.
    void headlessExportOfEveryKind() {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("s.tss"));
        ts::test::recordRun(session.toStdString(), {"l1", "memory"});
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        writeBytes(bad, QByteArray(1, '{'));
        const std::pair<QString, int> cases[] = {
            {session, 0}, {kMt4g + QStringLiteral("/NVIDIA H100 80GB HBM3"), 0}, {bad, 2}};
        for (const auto& [input, status] : cases) {
            const QString pdf = dir.filePath(QStringLiteral("out.pdf"));
            QFile::remove(pdf);
            QProcess app;
            app.setProcessEnvironment(env);
            app.start(QStringLiteral(TOPOSCOPE_APP),
                      {QStringLiteral("--open"), input, QStringLiteral("--no-settings"), QStringLiteral("--export-pdf"), pdf});
            QVERIFY(app.waitForFinished(120000));
            const QString stderrText = QString::fromLocal8Bit(app.readAllStandardError());
            QVERIFY2(app.exitCode() == status, qPrintable(input + QStringLiteral(": ") + stderrText));
            QCOMPARE(QFile::exists(pdf), status == 0);
            if (status != 0) QVERIFY2(stderrText.contains(bad), qPrintable(stderrText));
        }
    }
#endif
};

TS_GUI_TEST(TestRecordings)
#include "test_recordings.moc"
