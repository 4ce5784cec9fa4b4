// The diagram's scene for every shipped profile: the expected boxes, one box per physically
// shared cache, L2 segments, XCDs, folding, hit-testing; the CU-sharing map of the AMD runs and
// of MT4G's MI210 report.
#include <QTest>

#include <tuple>

#include "cu-map/cu_sharing_map.hpp"
#include "gui_test.hpp"
#include "topology_fixtures.hpp"
#include "topology/topology_lookup.hpp"
#include "topology/topology_scene.hpp"

using namespace ts::gui;

namespace {

std::vector<const SceneBox*> withElement(const TopologyScene& s, const QString& id) {
    std::vector<const SceneBox*> out;
    for (const auto& b : s.boxes())
        if (b.elementIds.contains(id) && b.kind != BoxKind::Segment) out.push_back(&b);
    return out;
}

int unitCount(const TopologyScene& s) { return static_cast<int>(s.ofKind(BoxKind::Unit).size()); }

}  // namespace

class TestTopologyScene : public QObject {
    Q_OBJECT
private slots:
    // Issue 22 on the boxes: ways, sets and policy on the caches, one line per TLB level on
    // memory, from the simulated runs' measured attributes.
    void setStructureAndTlbOnTheBoxes() {
        ts::Topology h100 = test::simulate("h100");
        TopologyScene s = TopologyScene::build(h100);
        const auto lines = [&](const QString& id) { return withElement(s, id).front()->lines.join(QLatin1Char('|')); };
        // Fully associative: one set, and the policy its few probed lines show.
        QVERIFY2(lines(QStringLiteral("l1")).endsWith(QStringLiteral("|4-way · 482 set(s) · LRU")), qPrintable(lines(QStringLiteral("l1"))));
        const QString memory = s.boxes()[static_cast<std::size_t>(s.ofKind(BoxKind::Memory).front())].lines.join(QLatin1Char('|'));
        QVERIFY2(memory.contains(QStringLiteral("TLB 1: 256 MiB (16 × 16 MiB)")), qPrintable(memory));
        QVERIFY2(memory.contains(QStringLiteral("TLB 2: 64 GiB (2048 × 32 MiB)")), qPrintable(memory));
        QVERIFY2(!memory.contains(QStringLiteral("TLB 3")), qPrintable(memory));

        const TopologyScene amd = TopologyScene::build(test::simulateWithoutL3("mi300x", {"l2"}));
        const QString l2 = amd.boxes()[static_cast<std::size_t>(amd.ofKind(BoxKind::L2).front())].lines.join(QLatin1Char('|'));
        QVERIFY2(l2.contains(QStringLiteral("16-way · ≈2048 set")) && l2.endsWith(QStringLiteral(" · LRU")), qPrintable(l2));  // hashed: sets from the capacity

        // Sets counted by packing lines into them (an H200's L1: 482) are no estimate.
        ts::Topology counted = h100;
        for (const auto& [name, value, method] : {std::tuple<std::string, double, std::string>{"ways", 4, "eviction-set"},
                                                  {"sets", 482, "packed-lines/ways"}}) {
            ts::Attribute a = *counted.find(ts::Element::L1, name);
            a.value = value, a.method = method, a.confidence = 0.7;
            counted.element(ts::Element::L1).set(a);
        }
        ts::Attribute index = *counted.find(ts::Element::L1, "indexFunction");
        index.names = {"hashed"};
        counted.element(ts::Element::L1).set(index);
        s = TopologyScene::build(counted);
        QVERIFY2(lines(QStringLiteral("l1")).contains(QStringLiteral("|4-way · 482 set")), qPrintable(lines(QStringLiteral("l1"))));

        // An undecided way count leaves the line out, whatever else was found.
        ts::Attribute ways = *h100.find(ts::Element::L1, "ways");
        ways.confidence = 0;
        h100.element(ts::Element::L1).set(ways);
        s = TopologyScene::build(h100);
        QVERIFY2(!lines(QStringLiteral("l1")).contains(QStringLiteral("associative")), qPrintable(lines(QStringLiteral("l1"))));
    }
    void nvidiaSharedL1_data() {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<int>("units");
        QTest::addColumn<QString>("l1Size");
        QTest::newRow("h100") << "h100" << 132 << "241 KiB";
        QTest::newRow("a100") << "a100" << 108 << "176 KiB";
    }
    void nvidiaSharedL1() {
        QFETCH(QString, profile);
        QFETCH(int, units);
        QFETCH(QString, l1Size);
        const ts::Topology d = test::simulate(profile.toStdString());
        const TopologyScene s = TopologyScene::build(d);
        // One physical L1 serves L1, Texture and Read Only: one box naming all three.
        const auto l1 = withElement(s, QStringLiteral("l1"));
        QCOMPARE(l1.size(), std::size_t(1));
        QCOMPARE(l1.front()->kind, BoxKind::Cache);
        QCOMPARE(l1.front()->elementIds.size(), 3);
        QVERIFY(l1.front()->elementIds.contains(QStringLiteral("texture")));
        QVERIFY(l1.front()->elementIds.contains(QStringLiteral("readonly")));
        QVERIFY2(l1.front()->label.contains(QStringLiteral("Read Only")), qPrintable(l1.front()->label));
        QVERIFY2(l1.front()->lines.contains(l1Size), qPrintable(l1.front()->lines.join(QLatin1Char('|'))));
        QCOMPARE(withElement(s, QStringLiteral("texture")).size(), std::size_t(1));
        QVERIFY(!s.ofKind(BoxKind::ConstantCache).empty());
        QCOMPARE(s.ofKind(BoxKind::Scratchpad).size(), std::size_t(1));
        QCOMPARE(s.ofKind(BoxKind::L2).size(), std::size_t(1));
        QCOMPARE(s.ofKind(BoxKind::Segment).size(), std::size_t(2));  // two L2 partitions
        QCOMPARE(s.ofKind(BoxKind::Memory).size(), std::size_t(1));
        QVERIFY(s.ofKind(BoxKind::ScalarCache).empty());
        // 100+ SMs are folded, and expand to every SM.
        QVERIFY(s.folded());
        QCOMPARE(s.ofKind(BoxKind::Fold).size(), std::size_t(1));
        QVERIFY(unitCount(s) < 16);
        const TopologyScene all = TopologyScene::build(d, SceneOptions{true});
        QCOMPARE(unitCount(all), units);
        // Hit-testing finds the innermost box.
        const int l1Index = s.findElement(QStringLiteral("l1"));
        QCOMPARE(s.hitTest(s.boxes()[static_cast<std::size_t>(l1Index)].rect.center()), l1Index);
        QCOMPARE(s.hitTest(QPointF(-5, -5)), -1);
        QCOMPARE(s.boxes()[static_cast<std::size_t>(s.hitTest(QPointF(8, 8)))].kind, BoxKind::Gpu);
        // Boxes never overflow their parents.
        for (const auto& b : s.boxes())
            if (b.parent >= 0)
                QVERIFY(s.boxes()[static_cast<std::size_t>(b.parent)].rect.adjusted(-0.5, -0.5, 0.5, 0.5).contains(b.rect));
    }

    void amdScalarCacheAndXcds_data() {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<int>("xcds");
        QTest::newRow("mi210") << "mi210" << 1;
        QTest::newRow("mi300x") << "mi300x" << 8;
    }
    void amdScalarCacheAndXcds() {
        QFETCH(QString, profile);
        QFETCH(int, xcds);
        // Not every group, and no L3: the simulated MI300X's L3 and memory sweeps take a minute.
        const ts::Topology run = test::simulateWithoutL3(profile.toStdString(), {"l1", "l2", "scalar", "sharing", "shared"});
        const ts::Topology& d = run;
        const TopologyScene s = TopologyScene::build(d);
        QCOMPARE(s.ofKind(BoxKind::ScalarCache).size(), std::size_t(1));
        QCOMPARE(withElement(s, QStringLiteral("vl1")).size(), std::size_t(1));
        QCOMPARE(s.ofKind(BoxKind::UnitGroup).size(), std::size_t(xcds));
        if (xcds > 1) QCOMPARE(s.ofKind(BoxKind::Segment).size(), std::size_t(xcds));
        QVERIFY(!s.ofKind(BoxKind::Scratchpad).empty());  // LDS
        if (profile == QLatin1String("mi210")) {  // no L3: its benchmarks decide nothing, and no box is drawn
            QVERIFY(!attributesOf(d, QStringLiteral("l3")).empty());
            QVERIFY(s.ofKind(BoxKind::L3).empty());
        }

        const CuSharingMap map = CuSharingMap::fromTopology(run);
        QVERIFY(!map.empty());
        QVERIFY(!map.disabled().empty());
        const auto counts = map.countsBySize();
        QVERIFY(counts.count(2) && counts.at(2) > 0);
        int grouped = 0;
        for (const auto& g : map.groups()) grouped += static_cast<int>(g.size());
        QCOMPARE(grouped, d.device.unitCount);  // every enabled CU is in exactly one group
        for (int id : map.disabled()) QCOMPARE(map.groupOf(id), -1);
        QCOMPARE(map.partners(0), std::vector<int>{1});
    }

    void mt4gMi210Report() {
        const ts::Topology report = test::mi210Mt4g();
        const ts::Topology& d = report;
        const CuSharingMap map = CuSharingMap::fromTopology(report);
        QCOMPARE(map.groups().size(), std::size_t(56));
        const auto counts = map.countsBySize();
        QCOMPARE(counts.at(1), 8);
        QCOMPARE(counts.at(2), 48);
        QCOMPARE(map.partners(3), std::vector<int>{});
        QCOMPARE(map.partners(4), std::vector<int>{5});
        QVERIFY(map.countsText().contains(QStringLiteral("groups of 2: 48")));
        const TopologyScene s = TopologyScene::build(d);
        QCOMPARE(s.ofKind(BoxKind::ScalarCache).size(), std::size_t(1));
        QCOMPARE(d.device.name, std::string("AMD Instinct MI210"));
    }
};

TS_GUI_TEST(TestTopologyScene)
#include "test_topology_scene.moc"
