// The benchmark tree hands the run the engine's element ids, not display names to parse back.
#include <QTest>

#include "benchmark_catalog.hpp"
#include "view_support/benchmark_tree_model.hpp"
#include "gui_test.hpp"

using namespace ts::gui;

class TestBenchmarkElements : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void uncheckedRowsLeaveTheirElementsOut() {
        BenchmarkTreeModel tree;
        tree.setCatalog(benchmarkCatalog(QStringLiteral("NVIDIA")));
        QVERIFY(tree.selectedElements().empty());  // everything checked: no restriction
        const auto group = [&](const char* id) -> QStandardItem* {
            for (int r = 0; r < tree.rowCount(); ++r)
                if (tree.item(r)->data(BenchmarkTreeModel::GroupIdRole).toString() == QLatin1String(id)) return tree.item(r);
            return nullptr;
        };
        QStandardItem* constant = group("constant");
        QVERIFY(constant && group("sharing"));
        group("sharing")->setCheckState(Qt::Unchecked);  // it lists Constant L1 too
        QCOMPARE(constant->rowCount(), 2);
        QCOMPARE(constant->child(0)->text(), QStringLiteral("Constant L1"));
        constant->child(0)->setCheckState(Qt::Unchecked);
        const std::set<ts::Element> selected = tree.selectedElements();
        QVERIFY(selected.count(ts::Element::ConstantL15) == 1);
        QVERIFY(selected.count(ts::Element::ConstantL1) == 0);
        QVERIFY(selected.count(ts::Element::L1) == 1);
    }
};

TS_GUI_TEST(TestBenchmarkElements)
#include "test_benchmark_elements.moc"
