// A run on a shared GPU in the window (issue 15): a session recorded beside an injected
// neighbour that never leaves opens with the banner over the tabs, its disturbed results
// marked in the table, and the diagram's boxes of those caches marked; a quiet session shows
// none of it.
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "backend/fault_injection.hpp"
#include "benchmarks/discovery.hpp"
#include "gui_test.hpp"
#include "io/report_json.hpp"
#include "io/session_recorder.hpp"
#include "main_window.hpp"
#include "view_support/results_model.hpp"
#include "view_support/shared_gpu_mark.hpp"
#include "sim/profile.hpp"
#include "sim/sim_backend.hpp"
#include "topology/topology_scene.hpp"

using namespace ts::gui;
using ts::gui::test::openAndWait;
using ts::gui::test::quietOptions;

namespace {

ts::Topology recordBeside(const QString& path, const std::string& spec) {
    ts::SimBackend sim(ts::loadProfile("h100"));
    ts::Observer silent;
    ts::CancelToken cancel;
    ts::Topology live;
    ts::SessionRecorder recorder(path.toStdString(), silent, &live);
    if (spec.empty()) {
        ts::runDiscovery(sim, ts::DiscoveryOptions{{"l1", "memory"}}, recorder, cancel, live);
    } else {
        ts::FaultInjectingBackend faulty(sim, ts::parseFaultSpec(spec));
        ts::runDiscovery(faulty, ts::DiscoveryOptions{{"l1", "memory"}}, recorder, cancel, live);
    }
    recorder.close("finished");
    return live;
}

}  // namespace

class TestSharedGpuMarks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void disturbedRunShowsTheBannerAndMarksRowsAndBoxes() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("shared.tss"));
        const ts::Topology recorded = recordBeside(path, "neighbour@any");
        MainWindow w(quietOptions());
        QVERIFY(openAndWait(w, path).ok);
        auto* banner = w.findChild<QLabel*>(QStringLiteral("sharedGpuBanner"));
        QVERIFY(banner);
        QVERIFY(!banner->isHidden());
        QVERIFY(banner->text().contains(QStringLiteral("Shared GPU")));

        const int size = w.results()->find(ts::Element::L1, "size");
        QVERIFY(size >= 0);
        const ts::Attribute& r = w.results()->attributeAt(size);
        QVERIFY(r.hasMark(ts::Mark::SharedGpu));
        QVERIFY(r.confidence <= 0.5);
        int decidedMarks = 0;
        for (int row = 0; row < w.results()->rowCount(); ++row) {
            const ts::Attribute& m = w.results()->attributeAt(row);
            if (!m.hasMark(ts::Mark::SharedGpu)) continue;
            const QModelIndex confidence = w.results()->index(row, ResultsModel::ConfidenceColumn);
            QCOMPARE(w.results()->data(confidence, Qt::ForegroundRole).value<QColor>(), sharedGpuColour());
            QVERIFY(!w.results()->data(w.results()->index(row, ResultsModel::ElementColumn), Qt::DecorationRole).isNull());
            QVERIFY(w.results()->data(confidence, Qt::ToolTipRole).toString().contains(QStringLiteral("another process")));
            if (m.confidence <= 0) continue;  // "undecided" says more than the mark
            ++decidedMarks;
            QVERIFY(w.results()->data(confidence, Qt::DisplayRole).toString().endsWith(QStringLiteral("· shared GPU")));
        }
        QVERIFY(decidedMarks > 0);

        const TopologyScene scene = TopologyScene::build(recorded);
        int marked = 0;
        for (const SceneBox& b : scene.boxes())
            if (b.sharedGpu) {
                ++marked;
                QVERIFY(b.lines.last().contains(QStringLiteral("shared GPU")));
            }
        QVERIFY(marked > 0);
    }

    void quietRunShowsNoMark() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("quiet.tss"));
        const ts::Topology recorded = recordBeside(path, "");
        MainWindow w(quietOptions());
        QVERIFY(openAndWait(w, path).ok);
        QVERIFY(w.findChild<QLabel*>(QStringLiteral("sharedGpuBanner"))->isHidden());
        for (int row = 0; row < w.results()->rowCount(); ++row)
            QVERIFY(!w.results()->attributeAt(row).hasMark(ts::Mark::SharedGpu));
        for (const SceneBox& b : TopologyScene::build(recorded).boxes()) QVERIFY(!b.sharedGpu);
    }

    // A run whose disturbed benchmarks all came out clean when measured again marks no result,
    // only the run itself (the report's shared_gpu): that alone raises the banner. A warning that
    // merely reads like the engine's is no mark.
    void theRunsOwnMarkRaisesTheBannerAndWarningTextDoesNot() {
        QTemporaryDir dir;
        ts::Topology run = recordBeside(dir.filePath(QStringLiteral("quiet.tss")), "");
        const std::string words = "shared GPU: another process used the GPU during the run; 2 pre-empted chase(s) measured again clean";
        run.warnings.push_back(words);
        const QString worded = dir.filePath(QStringLiteral("worded.json"));
        ts::writeReportFile(run, worded.toStdString());
        run.sharedGpu = words;
        const QString marked = dir.filePath(QStringLiteral("marked.json"));
        ts::writeReportFile(run, marked.toStdString());

        MainWindow w(quietOptions());
        QVERIFY(openAndWait(w, worded).ok);
        auto* banner = w.findChild<QLabel*>(QStringLiteral("sharedGpuBanner"));
        QVERIFY(banner->isHidden());
        QVERIFY(openAndWait(w, marked).ok);
        QVERIFY(!banner->isHidden());
        QCOMPARE(banner->toolTip(), QString::fromStdString(words));
    }
};

TS_GUI_TEST(TestSharedGpuMarks)
#include "test_shared_gpu_marks.moc"
#include "window_fixtures.hpp"
