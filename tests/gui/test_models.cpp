// SeriesStore, ResultsModel and BenchmarkTreeModel.
#include <QSignalSpy>
#include <QTest>

#include "view_support/benchmark_tree_model.hpp"
#include "view_support/format.hpp"
#include "gui_test.hpp"
#include "view_support/results_model.hpp"
#include "plots/series_store.hpp"
#include "synthetic_series.hpp"

using namespace ts::gui;

namespace {

// What the run page does with a result: the Topology takes it, the table notes it.
void showResult(ts::Topology& shown, ResultsModel& model, ts::Element element, const ts::Attribute& attribute) {
    shown.element(element).set(attribute);
    model.noteResult(element, attribute.name);
}

}  // namespace

class TestModels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void storeAppendsAndReplaces() {
        SeriesStore store;
        QSignalSpy added(&store, &SeriesStore::seriesAdded);
        QSignalSpy changed(&store, &SeriesStore::rowsChanged);
        ts::Series first = test::sizeSweep(10, 64, 4096);
        store.addChunk(first, 0);
        ts::Series more = test::sizeSweep(4, 64, 4096);
        store.addChunk(more, 10);
        QCOMPARE(added.count(), 1);
        QCOMPARE(changed.count(), 2);
        const StoredSeries* s = store.find(QStringLiteral("l1.size"));
        QVERIFY(s);
        QCOMPARE(s->rows.size(), std::size_t(14));
        QCOMPARE(s->latencies.size(), std::size_t(14 * 64));
        QCOMPARE(s->rows[10].offset, std::uint64_t(10 * 64));
        QCOMPARE(s->latenciesOf(s->rows[3]).size(), std::size_t(64));
        QVERIFY(s->rows[0].min <= s->rows[0].mean && s->rows[0].mean <= s->rows[0].max);

        ts::Series sorted = test::sizeSweep(12, 32, 4096);  // the engine re-sends the series sorted
        store.addChunk(sorted, 0);
        QCOMPARE(s->rows.size(), std::size_t(12));
        QCOMPARE(s->latencies.size(), std::size_t(12 * 32));
        QCOMPARE(s->generation, quint64(2));
        QCOMPARE(store.loadCount(), std::uint64_t(12 * 32));
        QVERIFY(store.bytes() >= 12 * 32 * sizeof(std::uint32_t));
    }

    void storeKeepsAnalysisPerSeries() {
        SeriesStore store;
        store.addChunk(test::sizeSweep(8, 16, 2048), 0);
        QSignalSpy analysis(&store, &SeriesStore::analysisChanged);
        store.setReduction({"l1.size", {1, 2}, {0.5, 7}});
        store.setChangePoint({"l1.size", 5, 2048, 0.9});
        store.setChangePoint({"unknown", 1, 1, 1});  // ignored
        ts::ResultEvent r{ts::Element::L1, {}};
        r.attribute.name = "size";
        r.attribute.value = 2048;
        r.attribute.evidence = "l1.size";
        store.addDecision(r);
        r.attribute.value = 4096;
        store.addDecision(r);  // replaces
        QCOMPARE(analysis.count(), 4);
        const StoredSeries* s = store.find(QStringLiteral("l1.size"));
        QCOMPARE(s->reduction.ys.size(), std::size_t(2));
        QVERIFY(s->changePoint);
        QCOMPARE(s->changePoint->x, 2048.0);
        QCOMPARE(s->decisions.size(), std::size_t(1));
        QCOMPARE(s->decisions.front().attribute.value, 4096.0);
        store.clear();
        QVERIFY(!store.find(QStringLiteral("l1.size")));
    }

    void resultsUpsertByElementAndName() {
        ts::Topology shown;
        ResultsModel model;
        model.setShown(&shown);
        ts::Attribute size;
        size.name = "size";
        size.unit = "bytes";
        size.value = 256 * 1024;
        size.confidence = 0.97;
        size.reason = "K-S";
        showResult(shown, model, ts::Element::L1, size);
        ts::Attribute api = size;
        api.name = "apiSize";
        api.source = ts::Source::Api;
        showResult(shown, model, ts::Element::L1, api);
        size.value = 240 * 1024;
        showResult(shown, model, ts::Element::L1, size);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.data(model.index(0, ResultsModel::ValueColumn), Qt::DisplayRole).toString(),
                 QStringLiteral("240 KiB"));
        QCOMPARE(model.data(model.index(0, ResultsModel::AttributeColumn), Qt::DisplayRole).toString(),
                 QStringLiteral("Size"));
        QCOMPARE(model.data(model.index(0, ResultsModel::ConfidenceColumn), Qt::DisplayRole).toString(),
                 QStringLiteral("0.97"));
        QCOMPARE(model.data(model.index(1, ResultsModel::SourceColumn), Qt::DisplayRole).toString(),
                 QStringLiteral("API"));
        QCOMPARE(model.data(model.index(0, ResultsModel::ValueColumn), ResultsModel::SortRole).toDouble(),
                 240.0 * 1024);
        QVERIFY(model.data(model.index(0, 0), Qt::ToolTipRole).toString().contains(QStringLiteral("K-S")));

        // The cell rounds (the H200's L2: 23.8 MiB); the tool tip gives the measured bytes.
        size.value = 24969216;
        showResult(shown, model, ts::Element::L1, size);
        QCOMPARE(model.data(model.index(0, ResultsModel::ValueColumn), Qt::DisplayRole).toString(),
                 QStringLiteral("23.8 MiB"));
        QVERIFY(model.data(model.index(0, 0), Qt::ToolTipRole).toString().contains(QStringLiteral("24\u202F969\u202F216 bytes")));
    }

    // A recording replays the API's figures first; the table still lists the measured ones first.
    void resultsListMeasuredRowsBeforeApiRows() {
        ts::Topology shown;
        ResultsModel model;
        model.setShown(&shown);
        ts::Attribute api;
        api.name = "apiSize";
        api.unit = "bytes";
        api.value = 50.0 * 1024 * 1024;
        api.confidence = 1;
        api.source = ts::Source::Api;
        showResult(shown, model, ts::Element::L2, api);
        api.name = "apiLineSize";
        showResult(shown, model, ts::Element::L2, api);
        ts::Attribute size;
        size.name = "size";
        size.unit = "bytes";
        size.value = 240 * 1024;
        size.confidence = 0.9;
        showResult(shown, model, ts::Element::L1, size);
        size.name = "lineSize";
        showResult(shown, model, ts::Element::L1, size);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.resultAt(0).name, std::string("size"));
        QCOMPARE(model.resultAt(1).name, std::string("lineSize"));
        QCOMPARE(model.resultAt(2).name, std::string("apiSize"));
        QCOMPARE(model.resultAt(3).name, std::string("apiLineSize"));
    }

    void formatsValues() {
        QCOMPARE(formatBytes(48), QStringLiteral("48 B"));
        QCOMPARE(formatBytes(1536), QStringLiteral("1.5 KiB"));
        QCOMPARE(formatBytes(50.0 * 1024 * 1024), QStringLiteral("50 MiB"));
        ts::Attribute bound;
        bound.unit = "bytes";
        bound.value = 4096;
        bound.lowerBound = true;
        QCOMPARE(formatValue(bound), QStringLiteral("≥ 4 KiB"));
        QCOMPARE(attributeTitle(QStringLiteral("fetchGranularity")), QStringLiteral("Fetch granularity"));
        QCOMPARE(formatDuration(125), QStringLiteral("2 min 05 s"));
    }

    // Numbers as people write them (issue 18): no exponents, no "38.0 cycles", and no number
    // at all for a value the engine could not decide.
    void formatsNumbersAsPeopleWriteThem() {
        ts::Attribute bw;
        bw.name = "readBandwidth";
        bw.unit = "GiB/s";
        bw.value = 14120.4;
        QCOMPARE(formatValue(bw), QStringLiteral("13.8 TiB/s"));
        bw.value = 812.6;
        QCOMPARE(formatValue(bw), QStringLiteral("813 GiB/s"));
        bw.value = 2600;
        QCOMPARE(formatValue(bw), QStringLiteral("2.54 TiB/s"));
        ts::Attribute latency;
        latency.name = "latency";
        latency.unit = "cycles";
        latency.value = 38.0;
        QCOMPARE(formatValue(latency), QStringLiteral("38 cycles"));
        latency.value = 31.24;
        QCOMPARE(formatValue(latency), QStringLiteral("31.2 cycles"));
        latency.value = 219.96;
        QCOMPARE(formatValue(latency), QStringLiteral("220 cycles"));
        ts::Attribute count;
        count.value = 14120.6;
        QCOMPARE(formatValue(count), QStringLiteral("14121"));
        count.value = 0.125;
        QCOMPARE(formatValue(count), QStringLiteral("0.125"));

        ts::Attribute penalty;
        penalty.name = "missPenalty";
        penalty.unit = "cycles";
        penalty.value = 1.0;
        penalty.confidence = 0;
        penalty.reason = "no latency step between the levels";
        QCOMPARE(formatValue(penalty), QStringLiteral("undecided: no latency step between the levels"));
        penalty.reason.clear();
        QCOMPARE(formatValue(penalty), QStringLiteral("undecided"));
        penalty.lowerBound = true;  // a bound is worth showing even undecided
        QCOMPARE(formatValue(penalty), QStringLiteral("≥ 1 cycles"));
        ts::Attribute api;
        api.source = ts::Source::Api;
        api.unit = "bytes";
        api.value = 65536;
        api.confidence = 0;
        QCOMPARE(formatValue(api), QStringLiteral("64 KiB"));
    }

    void treeChecksByGroupAndElement() {
        BenchmarkTreeModel tree;
        tree.setCatalog(
            {{QStringLiteral("l1"), QStringLiteral("L1 cache"), {QStringLiteral("L1")}, {}},
             {QStringLiteral("constant"),
              QStringLiteral("Constant caches"),
              {QStringLiteral("Constant L1"), QStringLiteral("Constant L1.5")},
              {}},
             {QStringLiteral("memory"), QStringLiteral("Device memory"), {QStringLiteral("Main Memory")}, {}}},
            {QStringLiteral("l1"), QStringLiteral("constant")});
        QCOMPARE(tree.selectedGroups(), (QStringList{"l1", "constant"}));
        QSignalSpy changed(&tree, &BenchmarkTreeModel::selectionChanged);

        QStandardItem* constant = tree.item(1);
        constant->child(0)->setCheckState(Qt::Unchecked);  // one element off: group partly checked, still runs
        QCOMPARE(constant->checkState(), Qt::PartiallyChecked);
        QCOMPARE(tree.selectedGroups(), (QStringList{"l1", "constant"}));
        constant->child(1)->setCheckState(Qt::Unchecked);
        QCOMPARE(constant->checkState(), Qt::Unchecked);
        QCOMPARE(tree.selectedGroups(), QStringList{"l1"});

        tree.item(2)->setCheckState(Qt::Checked);  // a group checks its elements
        QCOMPARE(tree.item(2)->child(0)->checkState(), Qt::Checked);
        QCOMPARE(tree.selectedGroups(), (QStringList{"l1", "memory"}));
        QVERIFY(changed.count() >= 3);

        tree.setAllChecked(false);
        QVERIFY(tree.selectedGroups().isEmpty());
        tree.setCheckedGroups({QStringLiteral("constant")});
        QCOMPARE(tree.selectedGroups(), QStringList{"constant"});
        QCOMPARE(tree.item(1)->child(1)->checkState(), Qt::Checked);
    }
};

TS_GUI_TEST(TestModels)
#include "test_models.moc"
