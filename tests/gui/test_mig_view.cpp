// The MIG view: the what-if table of the simulated H100, the enabled configuration of the
// h100-mig profile with its instances at their placements, a GPU without MIG, and the main
// window showing a report's MIG layout.
#include <QScrollArea>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include "mig_view_data.hpp"
#include "gui_test.hpp"
#include "io/report_json.hpp"
#include "main_window.hpp"
#include "mig/mig_view.hpp"
#include "run_panel.hpp"
#include "sim/profile.hpp"
#include "topology_fixtures.hpp"

using namespace ts::gui;

namespace {

// The device as a run reports it, before any benchmark.
ts::Topology deviceOnly(const std::string& profile) {
    ts::Topology d;
    d.device = ts::deviceInfoFrom(ts::loadProfile(profile));
    return d;
}

int profileIndex(const MigViewData& data, const QString& name) {
    for (std::size_t i = 0; i < data.profiles.size(); ++i)
        if (QString::fromStdString(data.profiles[i].name) == name) return static_cast<int>(i);
    return -1;
}

}  // namespace

class TestMigView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void whatIfOverTheH100ProfileTable() {
        MigView view;
        view.resize(900, 700);
        view.show();
        view.setData(toMigView(deviceOnly("h100")));
        QVERIFY2(view.bannerText().contains(QStringLiteral("MIG disabled")), qPrintable(view.bannerText()));
        QVERIFY(view.bannerText().contains(QStringLiteral("what-if")));
        QCOMPARE(view.profileCount(), 6);
        QCOMPARE(view.selectorCount(), 6);  // no "all instances" entry without instances
        QCOMPARE(view.table()->rowCount(), 6);

        const int one = profileIndex(view.data(), QStringLiteral("1g.10gb"));
        QVERIFY(one >= 0);
        view.selectProfile(one);
        QCOMPARE(view.blocks().size(), std::size_t{7});  // every placement of 1g.10gb
        for (const auto& b : view.blocks()) {
            QCOMPARE(b.computeCount, 1);
            QCOMPARE(b.memoryCount, 1);
            QCOMPARE(b.computeStart, b.memoryStart);
        }
        const int seven = profileIndex(view.data(), QStringLiteral("7g.80gb"));
        view.selectProfile(seven);
        QCOMPARE(view.blocks().size(), std::size_t{1});
        QCOMPARE(view.blocks()[0].computeStart, 0);
        QCOMPARE(view.blocks()[0].computeCount, 7);
        QCOMPARE(view.blocks()[0].memoryCount, 8);
        // 1g.20gb: one compute slice over two memory slices, the last placement in compute column 6.
        view.selectProfile(profileIndex(view.data(), QStringLiteral("1g.20gb")));
        QCOMPARE(view.blocks().back().memoryStart, 6);
        QCOMPARE(view.blocks().back().memoryCount, 2);
        QCOMPARE(view.blocks().back().computeStart, 6);

        // No run yet: the L2 share is known from the API, the segment share is not.
        const ts::MigShare& row = view.data().profiles[static_cast<std::size_t>(one)];
        QCOMPARE(row.l2Size.value, 52428800.0 / 8);
        QCOMPARE(row.l2Segments.confidence, 0.0);
        QCOMPARE(view.table()->item(one, 7)->text(), QStringLiteral("?"));
        // Nor the usable L2: its column says "?" and the tooltip why.
        QCOMPARE(view.table()->horizontalHeaderItem(8)->text(), QStringLiteral("L2 usable"));
        QCOMPARE(view.table()->item(one, 8)->text(), QStringLiteral("?"));
        QVERIFY2(view.table()->item(one, 8)->toolTip().contains(QStringLiteral("L2 partitions not measured")),
                 qPrintable(view.table()->item(one, 8)->toolTip()));
    }

    void enabledShowsInstancesAtTheirPlacements() {
        MigView view;
        view.resize(900, 700);
        view.show();
        view.setData(toMigView(test::simulate("h100-mig")));
        QVERIFY2(view.bannerText().contains(QStringLiteral("MIG enabled")), qPrintable(view.bannerText()));
        QVERIFY(view.bannerText().contains(QStringLiteral("4 instance")));
        QCOMPARE(view.selectorCount(), 7);  // all instances + 6 profiles
        view.selectInstances();
        const auto& blocks = view.blocks();
        QCOMPARE(blocks.size(), std::size_t{4});
        const std::vector<ts::MigShare>& instances = view.data().instances;
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            const ts::MigPlacement& p = instances[i].placements.front();
            QCOMPARE(blocks[i].memoryStart, p.start);
            QCOMPARE(blocks[i].memoryCount, p.size);
            QCOMPARE(blocks[i].computeCount, instances[i].sliceCount);
            QCOMPARE(blocks[i].row, 0);
        }
        // Together they cover each compute and memory column exactly once.
        std::vector<int> compute(ts::kMigComputeSlices), memory(ts::kMigMemorySlices);
        for (const auto& b : blocks) {
            for (int c = b.computeStart; c < b.computeStart + b.computeCount; ++c) ++compute[static_cast<std::size_t>(c)];
            for (int c = b.memoryStart; c < b.memoryStart + b.memoryCount; ++c) ++memory[static_cast<std::size_t>(c)];
        }
        QCOMPARE(compute, std::vector<int>(ts::kMigComputeSlices, 1));
        QCOMPARE(memory, std::vector<int>(ts::kMigMemorySlices, 1));

        // The l2 group measured the segment: a 1g instance sees a quarter of one.
        QCOMPARE(view.table()->rowCount(), 10);
        bool quarter = false;
        for (const auto& r : instances)
            if (r.sliceCount == 1) {
                QVERIFY(r.l2Segments.confidence > 0);
                QVERIFY(r.l2Segments.source != ts::Source::Api);
                quarter = std::abs(r.l2Segments.value - 0.25) < 0.02;
            }
        QVERIFY(quarter);
        QVERIFY2(view.table()->item(1, 7)->text().contains(QStringLiteral("1/4 of one")),
                 qPrintable(view.table()->item(1, 7)->text()));
        // The l2 group measured the partitions too: the usable L2 of that instance, a projection at 0.50.
        QCOMPARE(view.table()->horizontalHeaderItem(8)->text(), QStringLiteral("L2 usable"));
        QVERIFY2(view.table()->item(1, 8)->text().endsWith(QStringLiteral("MiB (0.50)")),
                 qPrintable(view.table()->item(1, 8)->text()));
        const QString tip = view.table()->item(1, 8)->toolTip();
        QVERIFY2(tip.contains(QStringLiteral("sharedCapacity")) && tip.contains(QStringLiteral("projected from the whole GPU")),
                 qPrintable(tip));
        QVERIFY(instances[1].l2Usable.confidence > 0);
    }

    void gpuWithoutMigSaysSo() {
        MigView view;
        view.setData(toMigView(deviceOnly("mi210")));
        QVERIFY2(view.bannerText().contains(QStringLiteral("MIG not supported/unknown")), qPrintable(view.bannerText()));
        QCOMPARE(view.profileCount(), 0);
        QCOMPARE(view.table()->rowCount(), 0);
        QVERIFY(view.blocks().empty());
        // Issue 37, item 7: no empty slice grid and table beside the banner.
        view.resize(800, 600);
        view.show();
        QVERIFY(!view.table()->isVisible());
        QVERIFY(!view.findChild<QScrollArea*>()->isVisible());
        view.setData(toMigView(deviceOnly("h100")));
        QVERIFY(view.table()->isVisible());
    }

    // The chosen device's MIG layout is shown before any run (it said "unknown" until Run).
    void mainWindowShowsTheChosenDevicesMigBeforeARun() {
        LaunchOptions o;
        o.backend = QStringLiteral("sim");
        o.profile = QStringLiteral("h100-mig");
        o.ignoreSettings = true;
        MainWindow w(o);
        QTRY_VERIFY_WITH_TIMEOUT(w.migView()->bannerText().contains(QStringLiteral("MIG enabled")), 20000);
        QCOMPARE(w.migView()->data().instances.size(), std::size_t{4});
        QVERIFY(w.runPanel()->selectDevice(QStringLiteral("sim:h100")));
        QTRY_VERIFY_WITH_TIMEOUT(w.migView()->bannerText().contains(QStringLiteral("MIG disabled")), 20000);
        // Issue 37, item 7: an AMD device chosen before Run shows its own (absent) layout, not the last one.
        QVERIFY(w.runPanel()->selectDevice(QStringLiteral("sim:mi300x")));
        QTRY_VERIFY_WITH_TIMEOUT(w.migView()->bannerText().contains(QStringLiteral("MIG not supported")), 20000);
        QVERIFY2(!w.migView()->bannerText().contains(QStringLiteral("h100")), qPrintable(w.migView()->bannerText()));
        QVERIFY(w.migView()->data().instances.empty());
    }

    void mainWindowShowsTheMigOfAnOpenedReport() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mig.json"));
        ts::writeReportFile(test::simulate("h100-mig"), path.toStdString());

        LaunchOptions o;
        o.backend = QStringLiteral("sim");
        o.profile = QStringLiteral("h100");
        o.ignoreSettings = true;
        MainWindow w(o);
        QVERIFY(w.tabs()->indexOf(w.migView()) >= 0);
        QSignalSpy finished(&w, &MainWindow::runFinished);
        w.openRecording(path);
        QVERIFY(finished.wait(20000));
        w.refreshTopology();
        QVERIFY2(w.migView()->bannerText().contains(QStringLiteral("MIG enabled")), qPrintable(w.migView()->bannerText()));
        QCOMPARE(w.migView()->data().instances.size(), std::size_t{4});
        QVERIFY(w.migView()->data().instances.front().l2Segments.confidence > 0);
        QVERIFY(w.migView()->data().instances.front().l2Usable.confidence > 0);  // the partitions replayed too
    }
};

TS_GUI_TEST(TestMigView)
#include "test_mig_view.moc"
