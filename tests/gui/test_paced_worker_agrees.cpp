// The GUI's paced run gives the plain run's answers (issue 35): on every built-in profile the
// worker's run through PacedBackend, saved as "Save Report" saves it, equals the plain
// toposcope-cli run value by value, confidence by confidence (tests/front_end_agreement.hpp).
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "front_end_agreement.hpp"
#include "gui_test.hpp"
#include "run_worker.hpp"

namespace ts::gui {

class TestPacedWorkerAgrees : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pacedRunEqualsThePlainRun_data() {
        QTest::addColumn<QString>("profile");
        for (const auto& name : ts::test::builtinProfileNames()) QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }

    void pacedRunEqualsThePlainRun() {
        QFETCH(QString, profile);
        const std::string groups = ts::test::agreementGroups(profile.toStdString());
        RunWorker worker;
        QSignalSpy finished(&worker, &RunWorker::runFinished);
        QSignalSpy saved(&worker, &RunWorker::reportSaved);
        RunRequest request;
        request.device.backend = QStringLiteral("sim");
        request.device.profile = profile;
        request.groups = QString::fromStdString(groups).split(QLatin1Char(','));
        request.cancel = std::make_shared<CancelToken>();
        request.simDelayUs = 1;  // the pace's wrapper around every device call; its length does not matter here
        worker.run(request);
        QCOMPARE(finished.size(), 1);
        const auto outcome = finished.front().front().value<RunOutcome>();
        QVERIFY2(outcome.ok, qPrintable(outcome.message));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("paced.json"));
        QVERIFY(outcome.topology);
        worker.saveReport(path, outcome.topology);
        QCOMPARE(saved.size(), 1);
        QVERIFY2(saved.front().at(1).toString().isEmpty(), qPrintable(saved.front().at(1).toString()));
        const auto differences = ts::test::reportDifferences(ts::test::reportAsWritten(ts::test::simRun(profile.toStdString(), groups)),
                                                         ts::test::reportAsWritten(readReportFile(path.toStdString())));
        QVERIFY2(differences.empty(), ts::test::describeDifferences(differences).c_str());
    }
};

TS_GUI_TEST(TestPacedWorkerAgrees)

}  // namespace ts::gui

#include "test_paced_worker_agrees.moc"
