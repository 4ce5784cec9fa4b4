#pragma once
// The full attribute table of the topology sheet: every element's attributes with value, source,
// confidence, method, the engine's note and the figure of its evidence. Cells wrap instead of
// being cut; an element's heading never ends a page and no page starts with an element's lone
// last row.
#include <QStringList>

#include <functional>
#include <vector>

#include "model/topology.hpp"

namespace ts::gui {

class SheetPainter;

class SheetTable {
public:
    // Measures the table with the painter's fonts; nothing is drawn yet.
    SheetTable(SheetPainter& sheet, const Topology& data);

    int pages() const { return pages_; }
    double bottom() const { return bottom_; }  // where the table ends on its last page
    // The fewest rows of an element on one page where the element is split over pages; 0 when
    // none is (a lone row at the top of a page would be 1).
    int smallestSplitPiece() const { return smallestSplitPiece_; }
    // Draws from the top of the current page on, starting new pages as it goes. `figureOf`
    // names where a series is drawn ("Fig. 4"), empty when the sheet does not draw it.
    void draw(const std::function<QString(const QString& seriesId)>& figureOf);

private:
    struct Row {
        bool heading = false;
        QString element;   // heading rows: the element's name
        QStringList cells;
        QString series;
        double height = 0;
        int page = 0;
        double y = 0;
        bool continued = false;  // a heading repeated at the top of a page
    };
    void measure();
    void paginate();
    double cellsHeight(const QStringList& cells) const;
    void noteSplitPiece(std::size_t rows);

    SheetPainter& sheet_;
    std::vector<Row> rows_;
    int pages_ = 0;
    double bottom_ = 0;
    int smallestSplitPiece_ = 0;
};

// A value as the sheet writes it: "—" for a value no benchmark decided.
QString sheetValue(const Attribute& attribute);
bool sheetUndecided(const Attribute& attribute);

}  // namespace ts::gui
