#pragma once
// Which AMD CUs share one scalar L1 (sL1d): the groups of physical CU ids the engine found
// (attribute sharedBetween of element sl1d) and the disabled CUs (attribute disabledUnits).
#include <QCoreApplication>
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
    int groupOf(int id) const;                  // index into groups(), -1 for none
    bool isDisabled(int id) const;
    std::vector<int> partners(int id) const;    // the other CUs of its group
    std::map<std::size_t, int> countsBySize() const;  // group size -> how many groups
    QString countsText() const;                 // "groups of 1: 8, of 2: 48"

    // Draws the grid into `area` (cells of at most 40 px, 16 per row) with the counts
    // below; `selected` is outlined and its partners marked. cellAt() finds a cell.
    void paint(QPainter& painter, const QRectF& area, int selected = -1) const;
    int cellAt(const QRectF& area, const QPointF& point) const;
    static QColor groupColour(int group);

private:
    QRectF cellRect(const QRectF& area, int id) const;

    std::vector<std::vector<int>> groups_;
    std::vector<int> disabled_;
    int maxId_ = -1;
};

}  // namespace ts::gui
