#pragma once
// Page 1 of the topology sheet, the summary one pins up: the header; the diagram in the left
// column as large as the page allows (its text never under 7 pt; XCDs and L2 segments in rows
// of a few where that prints larger); the key attributes of every level with their confidence
// (undecided ones as "—" with the reason as a footnote); the decisive evidence plots below it.
#include <QStringList>

#include "model/topology.hpp"
#include "topology/topology_scene.hpp"

namespace ts::gui {

class SheetEvidence;
class SheetPainter;

class SheetSummary {
public:
    // Plans the page: the diagram's layout and scale, the key, and how many of `decisive` fit.
    SheetSummary(SheetPainter& sheet, const Topology& data, const QStringList& decisive);

    QStringList plotted() const { return plotted_; }  // the figures 1, 2, … of page 1
    void draw(SheetEvidence* evidence);

private:
    double header(bool paint);
    double key(double x, double y, double width, bool paint);

    SheetPainter& s_;
    const Topology& d_;
    TopologyScene scene_;
    double top_ = 0;
    double scale_ = 1;
    double diagramWidth_ = 0;
    double keyHeight_ = 0;
    QStringList plotted_;
};

}  // namespace ts::gui
