// The diagram on screen (selection, keyboard, fold, zoom, export), the detail panel with its
// evidence buttons, the CU map's clicks, and the topology sheet: the PDF exists and its text
// names the GPU, the caches and their sizes, from the library and from the headless app.
#include <QApplication>
#include <QProcess>
#include <QTabWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "cu-map/cu_map_view.hpp"
#include "io/report_json.hpp"
#include "topology/element_detail_panel.hpp"
#include "gui_test.hpp"
#include "topology_fixtures.hpp"
#include "topology/topology_panel.hpp"
#include "topology/topology_sheet.hpp"
#include "topology/topology_view.hpp"
#include "main_window.hpp"
#include "window_fixtures.hpp"

using namespace ts::gui;

namespace {

QString pdfText(const QString& path) {
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), path, QStringLiteral("-")});
    if (!p.waitForFinished(30000)) return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

void checkSheetText(const QString& text) {
    for (const char* s : {"H100", "L1", "Texture", "Read Only", "Constant L1", "L2", "Main Memory", "241 KiB",
                          "50 MiB", "Shared Memory"})
        QVERIFY2(text.contains(QLatin1String(s)), s);
}

}  // namespace

class TestTopologyView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { h100_ = test::simulate("h100"); }

    // Issue 37, item 4: in a 1024 x 700 window the diagrams of the simulated MI300X (8 XCDs x 38
    // CUs), MT4G's MI210 and the H100 session are readable without zooming (the smallest label at
    // least 9 px; the MI300X's was fitted to 3 px), and the diagram gets most of the tab.
    void diagramIsReadableAt1024x700_data() {
        QTest::addColumn<QString>("path");
        QTest::newRow("simulated MI300X") << QStringLiteral(TOPOSCOPE_TEST_DATA "/sheet/mi300x-sim.json");
        QTest::newRow("MT4G MI210") << QStringLiteral(TOPOSCOPE_TEST_DATA "/mt4g/AMD Instinct MI210.json");
        QTest::newRow("H100 session") << QStringLiteral(TOPOSCOPE_TEST_DATA "/../../docs/results/2026-11-26/h100-session.tss");
    }

    void diagramIsReadableAt1024x700() {
        QFETCH(QString, path);
        MainWindow w(test::quietOptions());
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(test::openAndWait(w, path).ok);
        w.tabs()->setCurrentWidget(w.topologyPanel());
        QApplication::processEvents();
        const TopologyView* view = w.topologyPanel()->view();
        const double smallest = view->zoom() * TopologyScene::smallestTextPixels();
        QVERIFY2(smallest >= 9, qPrintable(QStringLiteral("smallest label %1 px").arg(smallest)));
        QVERIFY2(view->width() >= 0.6 * w.topologyPanel()->width(),
                 qPrintable(QStringLiteral("diagram %1 of %2 px").arg(view->width()).arg(w.topologyPanel()->width())));
    }

    void panelSelectsAndShowsEvidence() {
        TopologyPanel panel;
        panel.resize(1200, 700);
        panel.show();
        panel.setData(h100_);
        TopologyView* view = panel.view();
        const int l1 = view->scene().findElement(QStringLiteral("l1"));
        QVERIFY(l1 >= 0);
        const QRectF r = view->scene().boxes()[static_cast<std::size_t>(l1)].rect;
        QWidget* canvas = view->widget();
        QTest::mouseClick(canvas, Qt::LeftButton, {}, (r.center() * view->zoom()).toPoint());
        QCOMPARE(view->selected(), l1);
        ElementDetailPanel* details = panel.details();
        QVERIFY(details->title().contains(QStringLiteral("Texture")));
        QVERIFY(details->rowCount() > 10);  // every attribute of L1, Texture and Read Only
        auto* button = details->findChild<QPushButton*>(QStringLiteral("evidence:l1.size"));
        QVERIFY(button);
        QSignalSpy evidence(&panel, &TopologyPanel::evidenceRequested);
        button->click();
        QCOMPARE(evidence.count(), 1);
        QCOMPARE(evidence.at(0).at(0).toString(), QStringLiteral("l1.size"));
        // The source, method and confidence columns are filled.
        bool sawBenchmark = false;
        for (int row = 0; row < details->rowCount(); ++row)
            if (auto* item = details->table()->item(row, 2); item && item->text() == QLatin1String("benchmark")) sawBenchmark = true;
        QVERIFY(sawBenchmark);
        // In the tab of a 1400 px window the Method column stays readable and "Show plot" whole.
        panel.resize(1000, 700);
        QTest::qWait(50);
        const int chars = details->table()->columnWidth(3) / details->fontMetrics().horizontalAdvance(QLatin1Char('x'));
        QVERIFY2(chars >= 16, qPrintable(QString::number(chars)));
        QVERIFY2(details->table()->columnWidth(5) >= button->sizeHint().width(),
                 qPrintable(QStringLiteral("%1 < %2").arg(details->table()->columnWidth(5)).arg(button->sizeHint().width())));
    }

    // An attribute the diagram has no line for still reaches the screen: the details list every
    // attribute of the element as the engine reported it (here the L2's far-segment penalty).
    void detailsListEveryAttribute() {
        TopologyPanel panel;
        panel.resize(1200, 700);
        panel.show();
        panel.setData(h100_);
        TopologyView* view = panel.view();
        const int l2 = view->scene().findElement(QStringLiteral("l2"));
        QVERIFY(l2 >= 0);
        const QRectF r = view->scene().boxes()[static_cast<std::size_t>(l2)].rect;
        QTest::mouseClick(view->widget(), Qt::LeftButton, {}, ((r.topLeft() + QPointF(8, 8)) * view->zoom()).toPoint());
        QCOMPARE(view->selected(), l2);
        const ts::Attribute* far = h100_.find(ts::Element::L2, "farPenalty");
        QVERIFY(far && far->isDecided());
        QCOMPARE(far->value, h100_.find(ts::Element::L2, "farLatency")->value - h100_.find(ts::Element::L2, "nearLatency")->value);
        bool shown = false;
        ElementDetailPanel* details = panel.details();
        for (int row = 0; row < details->rowCount(); ++row)
            if (auto* title = details->table()->item(row, 0); title && title->text() == QLatin1String("Far penalty"))
                shown = details->table()->item(row, 1)->text().contains(QString::number(far->value));
        QVERIFY(shown);
    }

    void keyboardFoldZoomExport() {
        TopologyView view;
        view.resize(900, 600);
        view.show();
        view.setData(h100_);
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_Right);
        QCOMPARE(view.selected(), view.scene().selectable().front());
        QTest::keyClick(&view, Qt::Key_Left);
        QCOMPARE(view.selected(), view.scene().selectable().back());
        const int fold = view.scene().ofKind(BoxKind::Fold).front();
        view.select(fold);
        QTest::keyClick(&view, Qt::Key_Return);
        QVERIFY(view.expanded());
        QCOMPARE(view.scene().ofKind(BoxKind::Unit).size(), std::size_t(132));
        const double fitted = view.zoom();
        QTest::keyClick(&view, Qt::Key_Plus);
        QVERIFY(view.zoom() > fitted);
        QTest::keyClick(&view, Qt::Key_0);
        QCOMPARE(view.zoom(), fitted);
        QTemporaryDir dir;
        for (const char* name : {"d.png", "d.svg", "d.pdf"}) {
            QString error;
            QVERIFY2(view.exportTo(dir.filePath(QLatin1String(name)), &error), qPrintable(error));
            QVERIFY(QFileInfo(dir.filePath(QLatin1String(name))).size() > 1000);
        }
    }

    void cuMapClickHighlightsPartners() {
        CuMapView map;
        map.resize(800, 500);
        map.show();
        map.setData(test::simulate("mi210", {"scalar", "sharing"}));
        QVERIFY(!map.map().empty());
        QSignalSpy spy(&map, &CuMapView::selectionChanged);
        QTest::mouseClick(&map, Qt::LeftButton, {}, QPoint(8 + 20, 8 + 20));  // the first cell: CU 0
        QCOMPARE(map.selected(), 0);
        QVERIFY2(map.selectionText().contains(QStringLiteral("CU 1")), qPrintable(map.selectionText()));
        QTest::keyClick(&map, Qt::Key_Right);
        QCOMPARE(map.selected(), 1);
        map.setData({});
        QVERIFY(map.map().empty());
    }

    void sheetNamesGpuCachesAndSizes() {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) QSKIP("pdftotext (poppler-utils) missing");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("h100.pdf"));
        QString error;
        QVERIFY2(TopologySheet::write(path, h100_, {}, &error), qPrintable(error));
        checkSheetText(pdfText(path));
        const QString mi210 = dir.filePath(QStringLiteral("mi210.pdf"));
        QVERIFY(TopologySheet::write(mi210, test::mi210Mt4g(), {}, &error));
        const QString text = pdfText(mi210);
        QVERIFY(text.contains(QStringLiteral("MI210")));
        QVERIFY(text.contains(QStringLiteral("sL1d")));
        QVERIFY(text.contains(QStringLiteral("groups of 2: 48")));
    }

    void headlessExport() {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) QSKIP("pdftotext (poppler-utils) missing");
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("sheet.pdf"));
        QProcess app;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(TOPOSCOPE_APP), {QStringLiteral("--backend"), QStringLiteral("sim"), QStringLiteral("--profile"),
                                                  QStringLiteral("h100"), QStringLiteral("--run"), QStringLiteral("--no-settings"),
                                                  QStringLiteral("--export-pdf"), pdf});
        QVERIFY(app.waitForFinished(120000));
        QCOMPARE(app.exitCode(), 0);
        const QString text = pdfText(pdf);
        checkSheetText(text);
        QVERIFY(text.contains(QStringLiteral("Fig. 1 · L1 contiguous knee")));  // the summary's first evidence plot: the L1 size sweep, whose knee it is

        // MT4G's JSON report opens as a recording too, with its sL1d map.
        const QString mt4g = dir.filePath(QStringLiteral("mi210.pdf"));
        app.start(QStringLiteral(TOPOSCOPE_APP), {QStringLiteral("--open"), QStringLiteral(TOPOSCOPE_TEST_DATA "/mt4g/AMD Instinct MI210.json"),
                                                  QStringLiteral("--no-settings"), QStringLiteral("--export-pdf"), mt4g});
        QVERIFY(app.waitForFinished(120000));
        QCOMPARE(app.exitCode(), 0);
        QVERIFY(pdfText(mt4g).contains(QStringLiteral("groups of 2: 48")));

        // A reopened report keeps the date and tool version of its run, not today's.
        ts::Topology measured = test::simulate("h100", {"l1"});
        measured.timestamp = "2001-02-03T04:05:06Z";
        measured.toolVersion = "0.0.9";
        const QString report = dir.filePath(QStringLiteral("old.json"));
        ts::writeReportFile(measured, report.toStdString());
        const QString old = dir.filePath(QStringLiteral("old.pdf"));
        app.start(QStringLiteral(TOPOSCOPE_APP), {QStringLiteral("--open"), report, QStringLiteral("--no-settings"),
                                                  QStringLiteral("--export-pdf"), old});
        QVERIFY(app.waitForFinished(120000));
        QCOMPARE(app.exitCode(), 0);
        const QString oldText = pdfText(old);
        QVERIFY2(oldText.contains(QStringLiteral("measured 2001-02-03T04:05:06Z")), qPrintable(oldText.left(400)));
        QVERIFY(oldText.contains(QStringLiteral("TopoScope 0.0.9")));
    }

private:
    ts::Topology h100_;
};

TS_GUI_TEST(TestTopologyView)
#include "test_topology_view.moc"
