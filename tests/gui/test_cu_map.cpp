// The sL1d CU-sharing map (issue 18, story 2): neighbouring groups told apart, one block per
// XCD, a legend, hover text, and the keyboard moving over the drawn grid.
#include <QImage>
#include <QPainter>
#include <QTest>

#include "cu-map/cu_map_view.hpp"
#include "cu-map/cu_sharing_map.hpp"
#include "gui_test.hpp"
#include "topology_fixtures.hpp"

using namespace ts::gui;

namespace {

// The smallest colour difference between two groups whose cells touch (side or corner).
double smallestNeighbourDifference(const CuSharingMap& map) {
    double smallest = 1e9;
    for (int id = 0; id < map.idCount(); ++id) {
        const int g = map.groupOf(id);
        if (g < 0) continue;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const int other = map.cellAtGrid(map.gridPosition(id) + QPoint(dx, dy));
                const int h = other < 0 ? -1 : map.groupOf(other);
                if (h >= 0 && h != g)
                    smallest = std::min(smallest, CuSharingMap::colourDifference(map.groupColour(g), map.groupColour(h)));
            }
    }
    return smallest;
}

}  // namespace

class TestCuMap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        mi210_ = test::simulate("mi210", {"scalar", "sharing"});
        mi300x_ = test::simulate("mi300x", {"scalar", "sharing"});
    }

    void colourDifferenceIsCiede2000() {
        // Sharma, Wu and Dalal's first test pair: Lab (50, 2.6772, -79.7751) and (50, 0, -82.7485)
        // differ by 2.0425; through sRGB we can only check the scale: black and white are 100 apart.
        QVERIFY(std::fabs(CuSharingMap::colourDifference(Qt::black, Qt::white) - 100) < 0.5);
        QCOMPARE(CuSharingMap::colourDifference(QColor(0x12, 0x34, 0x56), QColor(0x12, 0x34, 0x56)), 0.0);
    }

    void neighbouringGroupsDifferByAtLeast20() {
        for (const ts::Topology* run : {&mi210_, &mi300x_}) {
            const CuSharingMap map = CuSharingMap::fromTopology(*run);
            QVERIFY(map.groups().size() >= 56);
            const double smallest = smallestNeighbourDifference(map);
            QVERIFY2(smallest >= 20, qPrintable(QStringLiteral("CIEDE2000 %1 between touching groups").arg(smallest)));
        }
    }

    void mi300xIsLaidOutPerXcd() {
        const CuSharingMap map = CuSharingMap::fromTopology(mi300x_);
        QCOMPARE(map.xcds(), 8);
        QCOMPARE(map.idCount(), 320);
        QCOMPARE(map.columns(), 10);  // 40 physical ids an XCD: 10 x 4
        const QRectF area(0, 0, 1200, 700);
        for (int xcd = 0; xcd < 8; ++xcd) {
            QRectF block;
            for (int i = 0; i < 40; ++i) block |= map.cellRect(area, xcd * 40 + i);
            // Every other XCD's cells lie outside this XCD's block.
            for (int id = 0; id < 320; ++id)
                if (map.xcdOf(id) != xcd) QVERIFY(!block.intersects(map.cellRect(area, id).adjusted(1, 1, -1, -1)));
        }
        // XCD 1 starts beside XCD 0, on the same rows; XCD 4 below XCD 0.
        QCOMPARE(map.cellRect(area, 40).top(), map.cellRect(area, 0).top());
        QVERIFY(map.cellRect(area, 40).left() > map.cellRect(area, 9).right());
        QVERIFY(map.cellRect(area, 160).top() > map.cellRect(area, 39).bottom());
        // MI210: one XCD, 16 a row as before.
        QCOMPARE(CuSharingMap::fromTopology(mi210_).columns(), 16);
    }

    void legendIsDrawnBelowTheGrid() {
        const CuSharingMap map = CuSharingMap::fromTopology(mi210_);
        QImage image(900, 600, QImage::Format_RGB32);
        image.fill(Qt::white);
        const QRectF area(0, 0, 900, 600);
        {
            QPainter p(&image);
            map.paint(p, area);
        }
        const int gridBottom = static_cast<int>(map.cellRect(area, map.idCount() - 1).bottom()) + 4;
        int inked = 0;
        for (int y = gridBottom; y < std::min(600, gridBottom + 40); ++y)
            for (int x = 0; x < 900; ++x) inked += image.pixel(x, y) != qRgb(255, 255, 255);
        QVERIFY2(inked > 200, qPrintable(QStringLiteral("%1 pixels under the grid").arg(inked)));
    }

    void hoverNamesTheCuAndItsPartners() {
        CuMapView view;
        view.resize(1000, 600);
        view.setData(mi300x_);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const CuSharingMap& map = view.map();
        int shared = -1, disabled = -1;
        for (int id = 0; id < map.idCount(); ++id) {
            if (shared < 0 && !map.partners(id).empty()) shared = id;
            if (disabled < 0 && map.isDisabled(id)) disabled = id;
        }
        QVERIFY(shared >= 0 && disabled >= 0);
        const QString text = view.toolTipAt(view.cellCentre(shared));
        QVERIFY2(text.startsWith(QStringLiteral("CU %1 (XCD %2)").arg(shared).arg(map.xcdOf(shared))), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("CU %1").arg(map.partners(shared).front())), qPrintable(text));
        QVERIFY(view.toolTipAt(view.cellCentre(disabled)).contains(QStringLiteral("disabled")));
        QVERIFY(view.toolTipAt(QPointF(view.width() - 2, 2)).isEmpty());
    }

    void arrowsMoveOverTheDrawnGrid() {
        CuMapView view;
        view.resize(1000, 600);
        view.setData(mi300x_);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.select(0);
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(view.selected(), 10);  // the cell below in XCD 0's block
        for (int i = 0; i < 9; ++i) QTest::keyClick(&view, Qt::Key_Right);
        QCOMPARE(view.selected(), 19);
        QTest::keyClick(&view, Qt::Key_Right);
        QCOMPARE(view.selected(), 50);  // on into XCD 1, same row
        QTest::keyClick(&view, Qt::Key_Up);
        QCOMPARE(view.selected(), 40);
    }

    // Before the sharing benchmarks have run on an AMD GPU, the map says it is coming, not that
    // it needs an AMD GPU; on an NVIDIA GPU it says why there is none.
    void emptyMapSaysWhy() {
        CuMapView view;
        ts::Topology running;
        running.device = mi210_.device;
        view.setData(running);
        QVERIFY(view.map().empty());
        QVERIFY2(!view.infoText().contains(QStringLiteral("AMD GPU")), qPrintable(view.infoText()));
        QVERIFY2(view.infoText().contains(QStringLiteral("measured yet")), qPrintable(view.infoText()));
        running.device.vendor = ts::Vendor::Nvidia;
        running.device.name = "NVIDIA H100 80GB HBM3";
        view.setData(running);
        QVERIFY2(view.infoText().contains(QStringLiteral("for AMD GPUs")), qPrintable(view.infoText()));
        view.setData(mi210_);
        QVERIFY(!view.map().empty());
    }

private:
    ts::Topology mi210_;
    ts::Topology mi300x_;
};

TS_GUI_TEST(TestCuMap)
#include "test_cu_map.moc"
