#include "topology/sheet_table.hpp"

#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <map>

#include "view_support/format.hpp"
#include "model/attribute_names.hpp"
#include "topology/sheet_painter.hpp"
#include "topology/topology_lookup.hpp"
#include "topology/topology_sheet.hpp"

namespace ts::gui {
namespace {

// Attribute, value, source, confidence, method, note, evidence: the page width in points.
constexpr std::array<double, 7> kColumns = {100, 92, 54, 58, 150, 272, 60};
constexpr double kPadX = 3, kPadY = 1.8, kHeadingPoints = 9, kCellPoints = 7.5;
constexpr int kSheetEvidenceColumn = 6;

QStringList columnTitles() {
    return {TopologySheet::tr("Attribute"), TopologySheet::tr("Value"),  TopologySheet::tr("Source"),
            TopologySheet::tr("Confidence"), TopologySheet::tr("Method"), TopologySheet::tr("Note"),
            TopologySheet::tr("Evidence")};
}

// The engine's reason as far as its clauses fit kNoteChars (the first always), "…" where the
// report and the window's tool tip say more: whole reasons made a session's table five pages long
// (issue 37, item 10).
QString condensedReason(const std::string& reason) {
    constexpr qsizetype kNoteChars = 120;
    const QStringList clauses = QString::fromStdString(reason).split(QStringLiteral("; "));
    QString kept = clauses.front();
    qsizetype next = 1;
    for (; next < clauses.size() && kept.size() + 2 + clauses[next].size() <= kNoteChars; ++next) kept += QStringLiteral("; ") + clauses[next];
    return next < clauses.size() ? kept + QStringLiteral("; …") : kept;
}

// The engine's reason (condensed), and for the L2 segments the units near each (the diagram
// counts them).
QString noteOf(const Topology& d, const Attribute& a) {
    QStringList note;
    if (!a.reason.empty()) note << condensedReason(a.reason);
    if (a.name == attr::segments) {
        const QString unit = d.device.vendor == Vendor::Amd ? TopologySheet::tr("CUs") : TopologySheet::tr("SMs");
        for (std::size_t g = 0; g < a.groups.size(); ++g)
            note << TopologySheet::tr("segment %1: %2 %3").arg(g).arg(unit, formatIdRanges(a.groups[g]));
    }
    return note.join(QStringLiteral("; "));
}

}  // namespace

bool sheetUndecided(const Attribute& a) { return a.source != Source::Api && !a.isDecided() && !a.isBound(); }

QString sheetValue(const Attribute& a) { return sheetUndecided(a) ? QStringLiteral("—") : formatValue(a); }

// A later member of a physical cache (the H100's Texture and Read Only are its L1) lists only
// what differs from the first member; one row names the rest (issue 37, item 10: the three
// lists of the same cache made a session's table pages long).
bool sameAsFirstMember(const Topology& d, const QString& first, const Attribute& a) {
    const Attribute* theirs = findAttribute(d, first, a.name);
    return theirs && sheetValue(*theirs) == sheetValue(a) && theirs->source == a.source;
}

SheetTable::SheetTable(SheetPainter& sheet, const Topology& d) : sheet_(sheet) {
    const std::map<QString, QString> laterMembers = laterMembersOfACache(d);
    for (const QString& id : elementIds(d)) {
        Row heading;
        heading.heading = true;
        heading.element = elementName(id);
        rows_.push_back(heading);
        const auto first = laterMembers.find(id);
        QStringList asFirst;
        for (const Attribute& a : attributesOf(d, id)) {
            if (first != laterMembers.end() && sameAsFirstMember(d, first->second, a)) {
                asFirst << attributeTitle(QString::fromStdString(a.name)).toLower();
                continue;
            }
            Row r;
            r.element = heading.element;
            r.series = QString::fromStdString(a.evidence);
            r.cells = {attributeTitle(QString::fromStdString(a.name)),
                       sheetValue(a),
                       a.source == Source::Api ? TopologySheet::tr("API") : TopologySheet::tr("benchmark"),
                       // An API value has no confidence to give, as in the window's table (its source says API).
                       a.source == Source::Api ? QString()
                       : sheetUndecided(a)     ? QStringLiteral("0")
                                               : QString::number(a.confidence, 'f', 2),
                       QString::fromStdString(a.method),
                       noteOf(d, a),
                       r.series.isEmpty() ? QString() : TopologySheet::tr("Fig. 00")};  // the widest it gets
            rows_.push_back(r);
        }
        if (!asFirst.isEmpty()) {
            Row r;
            r.element = heading.element;
            r.cells = {TopologySheet::tr("Same cache as %1").arg(elementName(first->second)),
                       TopologySheet::tr("as %1").arg(elementName(first->second)),
                       QString(), QString(), QString(),
                       TopologySheet::tr("the same values as %1: %2").arg(elementName(first->second), asFirst.join(QStringLiteral(", "))),
                       QString()};
            rows_.push_back(r);
        }
    }
    measure();
    paginate();
}

double SheetTable::cellsHeight(const QStringList& cells) const {
    double h = 0;
    for (int c = 0; c < cells.size(); ++c)
        h = std::max(h, sheet_.textHeight(cells[c], kColumns[static_cast<std::size_t>(c)] - 2 * kPadX, kCellPoints));
    return h + 2 * kPadY;
}

void SheetTable::measure() {
    for (Row& r : rows_)
        r.height = r.heading ? sheet_.textHeight(r.element, SheetPainter::kWidth, kHeadingPoints, true) + 4
                             : cellsHeight(r.cells);
}

// Places every row: a heading needs its first two rows below it on its page (an element of up
// to four rows stays whole), and an element's rows split only where at least two go on each side.
void SheetTable::paginate() {
    const double headerH = cellsHeight(columnTitles());
    int page = 0;
    double y = headerH;
    std::size_t i = 0;
    while (i < rows_.size()) {
        std::size_t end = i + 1;  // the element's rows: [i, end)
        while (end < rows_.size() && !rows_[end].heading) ++end;
        const std::size_t firstRow = i + 1, rowCount = end - firstRow;
        // A short element stays whole; a longer one needs its heading and two rows on the page.
        const std::size_t together = rowCount <= 4 ? rowCount : 2;
        double need = rows_[i].height;
        for (std::size_t k = firstRow; k < firstRow + together; ++k) need += rows_[k].height;
        if (y + need > SheetPainter::kHeight && y > headerH) {
            ++page;
            y = headerH;
        }
        rows_[i].page = page;
        rows_[i].y = y;
        y += rows_[i].height;
        std::size_t pieceStart = firstRow;  // the first row of the element on this page
        bool split = false;
        for (std::size_t k = firstRow; k < end; ++k) {
            const std::size_t left = end - k;  // this row and those after it
            double block = rows_[k].height;
            if (left == 2) block += rows_[k + 1].height;  // the last two go together
            const bool splitAllowed = k - pieceStart >= 2 && left >= 2;
            if (y + block > SheetPainter::kHeight && splitAllowed) {
                noteSplitPiece(k - pieceStart);
                split = true;
                ++page;
                Row heading = rows_[i];
                heading.continued = true;
                heading.page = page;
                heading.y = headerH;
                rows_.insert(rows_.begin() + static_cast<std::ptrdiff_t>(k), heading);
                y = headerH + heading.height;
                ++k;
                ++end;
                pieceStart = k;
            }
            rows_[k].page = page;
            rows_[k].y = y;
            y += rows_[k].height;
        }
        if (split) noteSplitPiece(end - pieceStart);
        i = end;
    }
    pages_ = page + 1;
    bottom_ = y;
}

void SheetTable::noteSplitPiece(std::size_t rows) {
    const int n = static_cast<int>(rows);
    smallestSplitPiece_ = smallestSplitPiece_ == 0 ? n : std::min(smallestSplitPiece_, n);
}

void SheetTable::draw(const std::function<QString(const QString&)>& figureOf) {
    QCPPainter& p = sheet_.painter();
    const QStringList titles = columnTitles();
    const double headerH = cellsHeight(titles);
    int page = -1;
    auto drawCells = [&](const QStringList& cells, double y, bool bold, double height) {
        double x = 0;
        for (int c = 0; c < cells.size(); ++c) {
            const double w = kColumns[static_cast<std::size_t>(c)];
            sheet_.drawText(cells[c], x + kPadX, y + kPadY, w - 2 * kPadX, kCellPoints, bold);
            x += w;
        }
        p.setPen(QPen(QColor(0xd0, 0xd0, 0xd0), 0.5));
        p.drawLine(QPointF(0, y + height), QPointF(SheetPainter::kWidth, y + height));
    };
    for (const Row& r : rows_) {
        if (r.page != page) {
            if (page >= 0) sheet_.newPage();
            page = r.page;
            p.fillRect(QRectF(0, 0, SheetPainter::kWidth, headerH), QColor(0xee, 0xee, 0xee));
            drawCells(titles, 0, true, headerH);
        }
        if (r.heading) {
            const QString text = r.continued ? TopologySheet::tr("%1 (continued)").arg(r.element) : r.element;
            sheet_.drawText(text, 0, r.y + 3, SheetPainter::kWidth, kHeadingPoints, true);
            continue;
        }
        QStringList cells = r.cells;
        if (!r.series.isEmpty()) {
            const QString figure = figureOf(r.series);
            cells[kSheetEvidenceColumn] = figure.isEmpty() ? TopologySheet::tr("in the report") : figure;
        }
        drawCells(cells, r.y, false, r.height);
    }
}

}  // namespace ts::gui
