// The fleet view on four simulated H100s, one with a smaller L2: the table flags exactly the
// planted cells, formats and sorts them, and two selected rows show two diagrams.
#include <QFont>
#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTest>

#include <set>
#include <utility>

#include "fleet/compare.hpp"
#include "fleet_view/fleet_gpu_pane.hpp"
#include "fleet_view/fleet_table_model.hpp"
#include "fleet_view/fleet_text.hpp"
#include "fleet_view/fleet_view.hpp"
#include "gui_test.hpp"
#include "simulated_fleet.hpp"
#include "topology/topology_view.hpp"

using namespace ts::gui;
using ts::gui::test::kPlantedMember;
using ts::gui::test::simulatedFleet;

class TestFleetView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { fleet_ = ts::fleet::compare(simulatedFleet()); }

    void modelFlagsExactlyThePlantedCells() {
        FleetTableModel model;
        model.setData(fleet_);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), 1 + static_cast<int>(fleet_.attributes.size()));
        std::set<std::pair<int, QString>> flagged;
        for (int row = 0; row < model.rowCount(); ++row)
            for (int column = 1; column < model.columnCount(); ++column)
                if (model.index(row, column).data(FleetTableModel::OutlierRole).toBool())
                    flagged.insert({row, QString::fromStdString(fleet_.attributes[static_cast<std::size_t>(column - 1)].id)});
        // A smaller L2 shows in the measured L2 size, the usable size per SM and the capacity all
        // SMs share, and nowhere else.
        const std::set<std::pair<int, QString>> planted{{kPlantedMember, QStringLiteral("l2.size")},
                                                        {kPlantedMember, QStringLiteral("l2.size_per_sm")},
                                                        {kPlantedMember, QStringLiteral("l2.shared_capacity")}};
        QCOMPARE(flagged, planted);

        const int column = model.columnOfAttribute(QStringLiteral("l2.size"));
        QVERIFY(column > 0);
        const double normal = model.index(0, column).data(FleetTableModel::SortRole).toDouble();
        const double small = model.index(kPlantedMember, column).data(FleetTableModel::SortRole).toDouble();
        QCOMPARE(small, normal * 0.8);  // the simulator's planted L2, measured as it is
        const QModelIndex cell = model.index(kPlantedMember, column);
        QCOMPARE(cell.data().toString(), formatFleetValue(small, "B"));
        QCOMPARE(cell.data(Qt::BackgroundRole).value<QColor>(), FleetTableModel::outlierBackground());
        QVERIFY(cell.data(Qt::FontRole).value<QFont>().bold());
        const QString tip = cell.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("robust z = ")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("median %1").arg(formatFleetValue(normal, "B"))), qPrintable(tip));
        QVERIFY(!model.index(0, column).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model.index(0, column).data(Qt::FontRole).isValid());
        QVERIFY(model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString().contains(QStringLiteral("[B]")));
        const int latency = model.columnOfAttribute(QStringLiteral("l2.latency"));
        QVERIFY(model.headerData(latency, Qt::Horizontal, Qt::DisplayRole).toString().contains(QStringLiteral("[cycles]")));
        QVERIFY(model.index(0, 0).data().toString().startsWith(QStringLiteral("node1 · 0 · SIM-flee")));

        // Sorted through a proxy, the smallest L2 comes first.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(FleetTableModel::SortRole);
        proxy.sort(column, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, 0).data(FleetTableModel::MemberRole).toInt(), kPlantedMember);
        proxy.sort(column, Qt::DescendingOrder);
        QCOMPARE(proxy.index(3, 0).data(FleetTableModel::MemberRole).toInt(), kPlantedMember);
    }

    void summarySaysOutliersOrNoVerdict() {
        QCOMPARE(FleetView::summaryText(fleet_), QStringLiteral("4 GPU(s), 3 outlier(s) in 3 attribute(s)"));
        std::vector<ts::fleet::FleetMember> two(simulatedFleet().begin() + 2, simulatedFleet().end());
        const ts::FleetComparison pair = ts::fleet::compare(two);  // one normal, the planted one
        QCOMPARE(pair.outlierCount(), std::size_t{0});
        QCOMPARE(FleetView::summaryText(pair), QStringLiteral("2 GPU(s) compared side by side; no outlier verdict with fewer than 3 GPUs"));
        FleetTableModel model;
        model.setData(pair);
        const QModelIndex cell = model.index(1, model.columnOfAttribute(QStringLiteral("l2.size")));
        QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(QStringLiteral("No outlier verdict with fewer than 3 GPUs")));
    }

    // Two GPUs: the view says once, in its summary, that there is no verdict (issue 18).
    void twoGpusSayNoVerdictOnce() {
        std::vector<ts::fleet::FleetMember> two(simulatedFleet().begin() + 2, simulatedFleet().end());
        FleetView view;
        view.resize(1400, 900);
        view.setData(ts::fleet::compare(two));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.compareMembers(0, 1);
        QVERIFY(view.sideBySideShown());
        QStringList shown;
        for (const QLabel* label : view.findChildren<QLabel*>())
            if (label->isVisible()) shown << label->text();
        for (const QPlainTextEdit* text : view.findChildren<QPlainTextEdit*>())
            if (text->isVisible()) shown << text->toPlainText();
        const QString all = shown.join(QLatin1Char('\n'));
        QCOMPARE(all.count(QStringLiteral("verdict")) + all.count(QStringLiteral("judged")), 1);
        QVERIFY2(view.summary().contains(QStringLiteral("no outlier verdict")), qPrintable(view.summary()));
        QCOMPARE(view.pane(0)->outlierText(), QStringLiteral("One of the 2 GPU(s) compared side by side"));
    }

    void selectingTwoRowsShowsTwoDiagrams() {
        FleetView view;
        view.resize(1400, 900);
        view.setData(fleet_);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.summary(), FleetView::summaryText(fleet_));
        QVERIFY(!view.sideBySideShown());

        // Click the first row, Ctrl+click the planted one, as a user would.
        QTableView* table = view.table();
        const auto rowCentre = [&](int member) {
            const QModelIndex index = view.proxy()->mapFromSource(view.model()->index(member, 0));
            return table->visualRect(index).center();
        };
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rowCentre(0));
        QVERIFY(!view.sideBySideShown());
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::ControlModifier, rowCentre(kPlantedMember));
        QVERIFY(view.sideBySideShown());
        FleetGpuPane* left = view.pane(0);
        FleetGpuPane* right = view.pane(1);
        QCOMPARE(left->member(), 0);
        QCOMPARE(right->member(), kPlantedMember);
        QVERIFY(left->view()->isVisible() && right->view()->isVisible());
        QVERIFY(!left->view()->scene().empty());
        QVERIFY(!right->view()->scene().empty());
        QCOMPARE(left->view()->data().device.name, fleet_.members[0].report.device.name);
        QVERIFY(left->title().startsWith(fleetRowLabel(fleet_, 0)));
        QVERIFY(right->title().startsWith(fleetRowLabel(fleet_, kPlantedMember)));
        QCOMPARE(left->outlierText(), QStringLiteral("No outliers"));
        QVERIFY2(right->outlierText().startsWith(QStringLiteral("Outliers: L2 size")), qPrintable(right->outlierText()));
        // The planted GPU's L2 box is outlined; the other diagram has none selected.
        QCOMPARE(right->view()->selected(), right->view()->scene().findElement(QStringLiteral("l2")));
        QCOMPARE(left->view()->selected(), -1);

        // A third row: no longer a pair.
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::ControlModifier, rowCentre(1));
        QVERIFY(!view.sideBySideShown());
        view.compareMembers(2, 1);
        QVERIFY(view.sideBySideShown());
        QCOMPARE(view.pane(0)->member(), 1);
        QCOMPARE(view.pane(1)->member(), 2);
        QCOMPARE(view.pane(1)->view()->selected(), -1);
    }

private:
    ts::FleetComparison fleet_;
};

TS_GUI_TEST(TestFleetView)
#include "test_fleet_view.moc"
