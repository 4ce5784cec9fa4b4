// Opening a fleet in the application: several reports chosen at once, a fleet report, a bad
// file (a dialog naming it), and `toposcope --fleet FILE...` headless.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QProcess>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "window_fixtures.hpp"
#include "fleet_file_reader.hpp"
#include "fleet_view/fleet_view.hpp"
#include "gui_test.hpp"
#include "io/report_json.hpp"
#include "main_window.hpp"
#include "simulated_fleet.hpp"

using namespace ts::gui;
using ts::gui::test::quietOptions;
using ts::gui::test::kPlantedMember;
using ts::gui::test::simulatedFleet;

namespace {

// Closes the next message box that shows and keeps its text.
class DialogCatcher : public QObject {
public:
    DialogCatcher() {
        connect(&timer_, &QTimer::timeout, this, [this] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                text = box->text();
                box->close();
            }
        });
        timer_.start(20);
    }
    QString text;

private:
    QTimer timer_;
};

}  // namespace

class TestFleetWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QVERIFY(QDir(dir_.path()).mkpath(QStringLiteral("reports")));
        for (std::size_t i = 0; i < simulatedFleet().size(); ++i) {
            const QString path = dir_.filePath(QStringLiteral("reports/gpu%1.json").arg(i));
            ts::writeReportFile(simulatedFleet()[i].report, path.toStdString());
            reports_ << path;
        }
        fleetFile_ = dir_.filePath(QStringLiteral("fleet.json"));
        ts::fleet::FleetReport fleet;
        fleet.createdUtc = "2026-01-01T00:00:00Z";
        fleet.members = simulatedFleet();
        ts::fleet::writeFleetReport(fleet, fleetFile_.toStdString());
    }

    void opensSeveralReportsChosenAtOnce() {
        MainWindow w(quietOptions());
        QVERIFY(!w.fleetView());
        QSignalSpy opened(&w, &MainWindow::fleetOpened);
        w.openFleet(reports_);
        QVERIFY(!w.openFleetAction()->isEnabled());  // loading, off the GUI thread
        QVERIFY(opened.wait(60000));
        FleetView* view = w.fleetView();
        QVERIFY(view);
        QCOMPARE(w.tabs()->currentWidget(), view);
        QCOMPARE(view->data().members.size(), std::size_t{4});
        QCOMPARE(view->data().outlierAttributes(kPlantedMember).size(), std::size_t{3});  // L2 size, per SM, shared
        QCOMPARE(view->data().memberLabels[0], std::string("gpu0.json"));  // plain reports: no host
        QVERIFY(w.openFleetAction()->isEnabled());

        // A fleet report opened next replaces it, in the same tab.
        const int tabs = w.tabs()->count();
        w.openFleet({fleetFile_});
        QVERIFY(opened.wait(60000));
        QCOMPARE(w.tabs()->count(), tabs);
        QCOMPARE(w.fleetView()->data().members[kPlantedMember].host, std::string("node2"));
        QCOMPARE(w.fleetView()->data().outlierCount(), std::size_t{3});

        // A folder stands for the reports in it, in name order.
        w.openFleet({dir_.filePath(QStringLiteral("reports"))});
        QVERIFY(opened.wait(60000));
        QCOMPARE(w.fleetView()->data().members.size(), std::size_t{4});
        QCOMPARE(w.fleetView()->data().memberLabels[3], std::string("gpu3.json"));
    }

    void emptyFolderIsAProblemNamingIt() {
        const QString empty = dir_.filePath(QStringLiteral("empty"));
        QVERIFY(QDir(dir_.path()).mkpath(QStringLiteral("empty")));
        const FleetReadResult result = readFleetFiles({reports_[0], empty});
        QVERIFY(!result.ok());
        QCOMPARE(result.file, empty);
        QVERIFY2(result.problem.contains(QStringLiteral("no .json")), qPrintable(result.problem));
    }

    void badFileShowsADialogNamingIt() {
        const QString bad = dir_.filePath(QStringLiteral("broken.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"toposcope-report/1\", \"device\": ");
        f.close();
        MainWindow w(quietOptions());
        QSignalSpy failed(&w, &MainWindow::fleetFailed);
        DialogCatcher dialog;
        w.openFleet({reports_[0], bad});
        QVERIFY(failed.wait(60000));
        QCOMPARE(failed.first().at(0).toString(), bad);
        QTRY_VERIFY(!dialog.text.isEmpty());
        QVERIFY2(dialog.text.contains(bad), qPrintable(dialog.text));
        QVERIFY2(dialog.text.contains(QStringLiteral("not valid JSON")), qPrintable(dialog.text));
        QVERIFY(!w.fleetView());
        QVERIFY(w.openFleetAction()->isEnabled());
    }

    void fleetOptionOpensAndScreenshotsHeadless() {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        const QString shots = dir_.filePath(QStringLiteral("shots"));
        QProcess app;
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(TOPOSCOPE_APP), QStringList{QStringLiteral("--no-settings"), QStringLiteral("--screenshot"),
                                                             shots, QStringLiteral("--quit-after-run"), QStringLiteral("--fleet")} +
                                                     reports_);
        QVERIFY(app.waitForFinished(120000));
        QCOMPARE(app.exitCode(), 0);
        QVERIFY(QFile::exists(shots + QStringLiteral("/fleet-view.png")));

        const QString missing = dir_.filePath(QStringLiteral("no-such-report.json"));
        app.start(QStringLiteral(TOPOSCOPE_APP), {QStringLiteral("--no-settings"), QStringLiteral("--quit-after-run"),
                                                  QStringLiteral("--fleet"), reports_[0], missing});
        QVERIFY(app.waitForFinished(120000));
        QCOMPARE(app.exitCode(), 2);
        const QString err = QString::fromUtf8(app.readAllStandardError());
        QVERIFY2(err.contains(missing) && err.contains(QStringLiteral("cannot open")), qPrintable(err));
    }

private:
    QTemporaryDir dir_;
    QStringList reports_;
    QString fleetFile_;
};

TS_GUI_TEST(TestFleetWindow)
#include "test_fleet_window.moc"
