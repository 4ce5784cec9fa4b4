#pragma once
// The memory-hierarchy diagram as a list of boxes, computed from the engine's Topology, in the spirit
// of hwloc's lstopo: GPU, XCDs where known, the SM/CU array (folded when long), the caches of
// one SM (a physically shared cache is one box naming every space it serves; an amount above
// one is that many boxes), constant caches, sL1d, L2 with its segments, L3, device memory.
// One paint() draws it on the screen, into PDF, SVG and PNG alike; hitTest() finds a box.
#include <QColor>
#include <QCoreApplication>
#include <QRectF>
#include <QStringList>

#include <vector>

#include "model/topology.hpp"

class QPainter;

class QPaintDevice;

namespace ts::gui {

enum class BoxKind { Gpu, UnitGroup, Unit, Fold, UnitDetail, Scratchpad, Cache, ConstantCache, ScalarCache, L2, Segment, L3, Memory };

struct SceneBox {
    BoxKind kind = BoxKind::Cache;
    QString label;           // first line, bold: "L1 / Texture / Read Only"
    QStringList lines;       // "240 KiB", "line 64 B", "38 cycles"
    QStringList elementIds;  // the elements this box stands for (a shared cache: several)
    QString toolTip;
    QRectF rect;             // scene coordinates
    QColor fill;
    int parent = -1;
    std::vector<int> children;
    int columns = 1;         // children: 1 stacked, 0 in one row, n > 1 a grid of n columns
    bool invisible = false;  // a layout row: neither drawn nor hit
    bool fillWidth = false;  // widened to its parent's inner width
    bool dashed = false;     // reported but not found (size 0)
    bool sharedGpu = false;  // a result of its elements was disturbed by another process
    int unitId = -1;         // Unit boxes: the physical id
};

struct SceneOptions {
    bool expandUnits = false;  // draw every SM/CU instead of the folded array
    int foldAbove = 16;        // fold unit arrays longer than this
    // Several unit groups (XCDs) and the L2 segments: 0 all in one row, n > 1 n a row (the
    // sheet's narrow column); `groupCountsOnly` draws such a group as its count, without units.
    int groupColumns = 0;
    bool groupCountsOnly = false;
    bool bandwidthLines = true;  // read/write bandwidth lines in the boxes (the sheet puts them in a table)
};

class TopologyScene {
    Q_DECLARE_TR_FUNCTIONS(ts::gui::TopologyScene)
public:
    static TopologyScene build(const Topology& data, const SceneOptions& options = {});

    const std::vector<SceneBox>& boxes() const { return boxes_; }
    QSizeF size() const { return size_; }
    bool empty() const { return boxes_.empty(); }
    bool folded() const { return folded_; }

    // Paints in scene coordinates (scale the painter to fit); `selected` is outlined.
    void paint(QPainter& painter, int selected = -1) const;
    int hitTest(const QPointF& scenePoint) const;  // the innermost box, -1 for none
    // Boxes a user can select (those that stand for elements or units), in reading order.
    std::vector<int> selectable() const;
    int findElement(const QString& elementId) const;  // first box showing the element, -1
    std::vector<int> ofKind(BoxKind kind) const;
    // The legend: level colour and name, for the key of the diagram.
    static std::vector<std::pair<QColor, QString>> legend();
    // The smallest text the diagram sets, in scene units: a scale times it is the printed size.
    static double smallestTextPixels();
    // Lines of text wider than their box, measured as `device` sets text (null: the screen).
    int linesWiderThanBoxes(const QPaintDevice* device = nullptr) const;

private:
    // build(), one part of the diagram each, top to bottom; each adds its boxes under `root`.
    int addGpu(const Topology& d);
    void addUnitArray(const Topology& d, const SceneOptions& options, int root, const QString& unitWord);
    void addUnitGroup(const std::vector<int>& ids, const QString& label, int holder, const QString& unitWord);
    void addUnitDetail(const Topology& d, int root, const QString& unitWord);
    void addScalarCache(const Topology& d, int root, const QString& unitWord);
    void addL2(const Topology& d, int root, const QString& unitWord);
    void addL2Segments(const Topology& d, int l2Box);
    void addMemory(const Topology& d, int root);
    void layOut(int root);  // sizes and places every box, then the scene's size

    int add(SceneBox box, int parent);
    QSizeF measure(int index);
    void place(int index, QPointF topLeft, double width);

    std::vector<SceneBox> boxes_;
    SceneOptions options_;
    QSizeF size_;
    bool folded_ = false;
};

}  // namespace ts::gui
