// The SM layout view (issue 39, item 5): one row per GPC with its TPCs, the selection's TPC and
// GPC marked, hover text, colours by near L2 segment and by latency, and why it is empty.
#include <QImage>
#include <QPainter>
#include <QTest>

#include "gui_test.hpp"
#include "model/attribute_names.hpp"
#include "sim/profile.hpp"
#include "sm-map/sm_layout_map.hpp"
#include "sm-map/sm_map_view.hpp"
#include "topology_fixtures.hpp"

using namespace ts::gui;

class TestSmMap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The H100 profile with SMs 40 cycles apart in their L2 hit latency (a ramp over the units).
    void initTestCase() {
        ts::SimProfile profile = ts::loadProfile("h100");
        for (auto& cache : profile.caches)
            if (cache.id == "l2") cache.unitSpread = 40;
        h100_ = ts::test::simulate(profile, {"layout", "l2"});
    }

    void rowsAreTheGpcsAndColumnsTheTpcs() {
        const SmLayoutMap map = SmLayoutMap::fromTopology(h100_);
        const ts::Attribute* gpcs = h100_.find(ts::Element::Compute, ts::attr::gpcs);
        QVERIFY(gpcs);
        QCOMPARE(map.rows().size(), gpcs->groups.size());
        std::size_t tpcs = 0, sms = 0;
        for (const auto& row : map.rows()) {
            QVERIFY(row.gpc);
            tpcs += row.tpcs.size();
            for (const auto& tpc : row.tpcs) {
                QCOMPARE(tpc.size(), 2u);
                sms += tpc.size();
            }
        }
        QCOMPARE(tpcs, 66u);
        QCOMPARE(sms, 132u);
        QVERIFY2(map.summary().startsWith(QStringLiteral("8 GPC")), qPrintable(map.summary()));
    }

    void hoverNamesTheTpcGpcAndSegment() {
        SmMapView view;
        view.resize(1000, 600);
        view.setData(h100_);
        const QString text = view.toolTipAt(view.cellCentre(17));
        QVERIFY2(text.startsWith(QStringLiteral("SM 17")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("TPC of SMs 16, 17")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("GPC")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("near L2 segment")), qPrintable(text));
        QVERIFY(view.toolTipAt(QPointF(2, 590)).isEmpty());
    }

    void clickMarksTheTpcAndItsGpcRow() {
        SmMapView view;
        view.resize(1000, 600);
        view.setData(h100_);
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.cellCentre(33).toPoint());
        QCOMPARE(view.selected(), 33);
        QVERIFY(view.infoText().contains(QStringLiteral("TPC of SMs 32, 33")));
        QImage image(view.size(), QImage::Format_ARGB32);
        image.fill(Qt::white);
        view.render(&image);
        // The red outline around the TPC: a red pixel just outside SM 32's cell, none around an unselected one.
        const QPointF top = view.cellCentre(32);
        bool red = false;
        for (int dy = -30; dy <= 0 && !red; ++dy) {
            if (top.y() + dy < 0) continue;
            const QColor c = image.pixelColor(top.toPoint() + QPoint(0, dy));
            red = c.red() > 200 && c.green() < 60 && c.blue() < 60;
        }
        QVERIFY(red);
    }

    void latencyColoursFollowTheMeasuredLatency() {
        SmLayoutMap map = SmLayoutMap::fromTopology(h100_);
        QVERIFY(map.hasLatencies());
        int fastest = -1, slowest = -1;
        for (const auto& row : map.rows())
            for (const auto& tpc : row.tpcs)
                for (int sm : tpc) {
                    if (fastest < 0 || *map.latencyOf(sm) < *map.latencyOf(fastest)) fastest = sm;
                    if (slowest < 0 || *map.latencyOf(sm) > *map.latencyOf(slowest)) slowest = sm;
                }
        QVERIFY(*map.latencyOf(slowest) - *map.latencyOf(fastest) > 30);
        const QColor fast = map.colourOf(fastest, SmLayoutMap::Colouring::Latency);
        const QColor slow = map.colourOf(slowest, SmLayoutMap::Colouring::Latency);
        QVERIFY(fast.blue() > fast.red());
        QVERIFY(slow.red() > slow.blue());
        QVERIFY(map.colourOf(0, SmLayoutMap::Colouring::NearSegment) != map.colourOf(131, SmLayoutMap::Colouring::NearSegment));
    }

    void emptyViewSaysWhy() {
        SmMapView view;
        QVERIFY(view.map().empty());
        QVERIFY2(view.infoText().contains(QStringLiteral("No run yet")), qPrintable(view.infoText()));
        view.setData(test::simulate("a100", {"layout"}));
        QVERIFY(view.map().empty());
        QVERIFY2(view.infoText().contains(QStringLiteral("thread-block clusters")), qPrintable(view.infoText()));
        view.setData(h100_);
        QVERIFY(!view.map().empty());
    }

private:
    ts::Topology h100_;
};

TS_GUI_TEST(TestSmMap)
#include "test_sm_map.moc"
