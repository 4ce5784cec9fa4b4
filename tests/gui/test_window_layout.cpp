// Issue 37, item 10, in the window at 1024 x 700: the results table shows rows beside the log,
// and the fetch-granularity plot's legend covers neither its curve nor its decision label.
#include <QDockWidget>
#include <QTableView>
#include <QTest>

#include <qcustomplot.h>

#include "evidence_page.hpp"
#include "gui_test.hpp"
#include "main_window.hpp"
#include "plots/evidence_view.hpp"
#include "plots/plot_panel.hpp"
#include "recording_window.hpp"
#include "sheet_plot_fit.hpp"
#include "window_fixtures.hpp"

using namespace ts::gui;

class TestWindowLayout : public QObject {
    Q_OBJECT
private slots:
    void at1024x700_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("fetchSeries");
        QTest::newRow("h100 session") << test::resultsRecording(QStringLiteral("2026-11-26/h100-session.tss")) << QStringLiteral("l1.fetch_granularity");
        QTest::newRow("h200 session") << test::resultsRecording(QStringLiteral("2026-11-26/h200-session-be26613.tss")) << QStringLiteral("l2.fetch_granularity");
        QTest::newRow("mi210 mt4g") << QStringLiteral(TOPOSCOPE_TEST_DATA "/mt4g/AMD Instinct MI210.json") << QStringLiteral("vl1.fetch_granularity");
    }

    void at1024x700() {
        QFETCH(QString, path);
        QFETCH(QString, fetchSeries);
        MainWindow w(test::quietOptions());
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(test::waitForDevices(w));
        QVERIFY(test::openAndWait(w, path).ok);
        QCoreApplication::processEvents();

        // The results table: at least four rows in view (it showed two under the log dock).
        QTableView* table = w.findChild<EvidencePage*>()->table();
        const int rowHeight = table->rowHeight(0);
        QVERIFY(rowHeight > 0);
        QVERIFY2(table->viewport()->height() >= 4 * rowHeight,
                 qPrintable(QStringLiteral("%1 px for rows of %2 px").arg(table->viewport()->height()).arg(rowHeight)));

        // The fetch-granularity plot: its legend hides no data point and no label.
        w.showEvidence(fetchSeries);
        QCoreApplication::processEvents();
        PlotPanel* panel = w.evidence()->currentPlot();
        QVERIFY(panel && panel->seriesId() == fetchSeries);
        QCustomPlot& plot = *panel->plot();
        plot.replot();
        QCOMPARE(SheetPlotFit::pointsUnderLegend(plot), 0);
        const QRectF legend = plot.legend->outerRect();
        for (int i = 0; i < plot.itemCount(); ++i)
            if (auto* label = qobject_cast<QCPItemText*>(plot.item(i)); label && label->visible() && !label->text().isEmpty()) {
                const QPointF at = label->position->pixelPosition();
                QVERIFY2(!legend.contains(at), qPrintable(label->text()));
            }
    }
};

TS_GUI_TEST(TestWindowLayout)
#include "test_window_layout.moc"
