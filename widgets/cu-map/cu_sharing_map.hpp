#pragma once
// Which AMD CUs share one scalar L1 (sL1d): the groups of physical CU ids the engine found
// (attribute sharedBetween of element sl1d) and the disabled CUs (attribute disabledUnits).
#include <QColor>
#include <QCoreApplication>
#include <QPoint>
#include <QRectF>

#include <map>
#include <vector>

#include "model/topology.hpp"

class QPainter;

namespace ts::gui {

class CuSharingMap {
    Q_DECLARE_TR_FUNCTIONS(ts::gui::CuSharingMap)
public:
    static CuSharingMap fromTopology(const Topology& topology);

    bool empty() const { return groups_.empty(); }
    const std::vector<std::vector<int>>& groups() const { return groups_; }
    const std::vector<int>& disabled() const { return disabled_; }
    int idCount() const { return maxId_ + 1; }  // cells drawn: ids 0..maxId
    int xcds() const { return xcds_; }
    int xcdOf(int id) const { return idCount() > 0 ? id / idsPerXcd() : 0; }
    int groupOf(int id) const;                  // index into groups(), -1 for none
    bool isDisabled(int id) const;
    std::vector<int> partners(int id) const;    // the other CUs of its group
    std::map<std::size_t, int> countsBySize() const;  // group size -> how many groups
    QString countsText() const;                 // "groups of 1: 8, of 2: 48"
    QString describe(int id) const;             // one CU for a tool tip: XCD, group, partners

    // The grid: one block of cells per XCD (the physical ids of an XCD in rows of
    // columns()), the blocks side by side in up to four columns, a legend and the counts below.
    // Cells of one group are drawn as one outlined shape; `selected` and its partners outlined red.
    // Printed (not `selectable`), the legend has no entry for a selection.
    void paint(QPainter& painter, const QRectF& area, int selected = -1, bool selectable = true) const;
    int cellAt(const QRectF& area, const QPointF& point) const;
    QRectF cellRect(const QRectF& area, int id) const;
    double drawnBottom(const QRectF& area) const;  // below the legend and the counts
    QPoint gridPosition(int id) const;          // column and row over all blocks
    int cellAtGrid(QPoint position) const;      // -1 where no cell is
    int columns() const;                        // cells a row, in each XCD block
    // A colour per group: groups whose cells touch (sides or corners) get colours at least
    // CIEDE2000 20 apart.
    QColor groupColour(int group) const;
    static double colourDifference(const QColor& a, const QColor& b);  // CIEDE2000

private:
    int idsPerXcd() const { return (idCount() + xcds_ - 1) / xcds_; }
    int blocksAcross() const { return xcds_ <= 4 ? xcds_ : (xcds_ + 1) / 2; }
    int rowsPerBlock() const { return (idsPerXcd() + columns() - 1) / columns(); }
    double cellSize(const QRectF& area) const;
    double headerHeight(double cell) const;
    double legendHeight() const;
    void assignColours();
    void paintLegend(QPainter& painter, const QRectF& area, bool selectable) const;

    std::vector<std::vector<int>> groups_;
    std::vector<int> disabled_;
    std::vector<int> colourIndex_;  // per group, into the palette
    int maxId_ = -1;
    int xcds_ = 1;
};

}  // namespace ts::gui
