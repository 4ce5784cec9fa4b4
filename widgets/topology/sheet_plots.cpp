#include "topology/sheet_plots.hpp"

#include <QPen>

#include <qcustomplot.h>

#include <algorithm>
#include <map>

#include "view_support/format.hpp"
#include "model/attribute_names.hpp"
#include "topology/sheet_painter.hpp"
#include "topology/sheet_table.hpp"
#include "topology/topology_lookup.hpp"
#include "topology/topology_sheet.hpp"

namespace ts::gui {
namespace {

// How telling a series of this attribute is on a sheet: sizes and sharing first, then the line
// and fetch sweeps, latencies, bandwidths; counts last.
int attributeRank(const std::string& name) {
    static const std::vector<std::string> order = {attr::size,       attr::segments,         attr::sharedBetween,
                                                   attr::sharedWith, attr::lineSize,         attr::fetchGranularity,
                                                   attr::latency,    attr::readBandwidth,    attr::missPenalty};
    const auto it = std::find(order.begin(), order.end(), name);
    return it == order.end() ? static_cast<int>(order.size()) : static_cast<int>(it - order.begin());
}

QString evidenceOf(const Topology& d, const QString& id, const std::string& name) {
    const Attribute* a = findAttribute(d, id, name);
    return a ? QString::fromStdString(a->evidence) : QString();
}

// The size sweep of a cache: the evidence of its knee where the set structure counted the capacity
// (the size's evidence is then the associativity benchmark's), else of its size.
QString sizeSweepOf(const Topology& d, const QString& id) {
    const QString knee = evidenceOf(d, id, attr::contiguousKnee);
    return knee.isEmpty() ? evidenceOf(d, id, attr::size) : knee;
}

}  // namespace

SheetPlotChoice chooseSheetPlots(const Topology& d, const SheetEvidence& evidence) {
    SheetPlotChoice choice;
    auto take = [&](const QString& series) {
        if (series.isEmpty() || !evidence.has(series) || choice.decisive.contains(series)) return false;
        choice.decisive << series;
        return true;
    };
    // The size sweeps of the first two levels (the first-level cache, L2), then the L2 segments.
    int sizes = 0;
    for (const char* id : {"l1", "vl1", "l2", "l3"})
        if (sizes < 2 && take(sizeSweepOf(d, QLatin1String(id)))) ++sizes;
    if (!take(evidenceOf(d, QStringLiteral("l2"), attr::segments)))
        for (const QString& id : elementIds(d))
            if (choice.decisive.size() < 3) take(sizeSweepOf(d, id));

    struct Candidate {
        int rank;
        int order;
        QString series;
    };
    std::vector<Candidate> rest;
    // A later member of a physical cache (the H100's Texture is its L1): its series come after
    // every first member's.
    const std::map<QString, QString> secondary = laterMembersOfACache(d);
    int order = 0;
    for (const QString& id : elementIds(d))
        for (const Attribute& a : attributesOf(d, id)) {
            const QString series = QString::fromStdString(a.evidence);
            ++order;
            if (series.isEmpty() || !evidence.has(series) || choice.decisive.contains(series)) continue;
            if (std::any_of(rest.begin(), rest.end(), [&](const Candidate& c) { return c.series == series; })) continue;
            rest.push_back({attributeRank(a.name) + (secondary.count(id) ? 100 : 0), order, series});
        }
    std::stable_sort(rest.begin(), rest.end(),
                     [](const Candidate& a, const Candidate& b) { return std::tie(a.rank, a.order) < std::tie(b.rank, b.order); });
    for (const auto& c : rest) choice.rest << c.series;
    return choice;
}

QString sheetPlotTitle(const Topology& d, const QString& seriesId) {
    for (const QString& id : elementIds(d))
        for (const Attribute& a : attributesOf(d, id))
            if (QString::fromStdString(a.evidence) == seriesId)
                return QStringLiteral("%1 %2").arg(elementName(id), attributeTitle(QString::fromStdString(a.name)).toLower());
    return seriesId;
}

QString sheetPlotCaption(const Topology& d, const QString& seriesId) {
    QStringList parts;
    for (const QString& id : elementIds(d))
        for (const Attribute& a : attributesOf(d, id)) {
            if (QString::fromStdString(a.evidence) != seriesId) continue;
            const QString name = QStringLiteral("%1 %2").arg(elementName(id), attributeTitle(QString::fromStdString(a.name)).toLower());
            parts << (sheetUndecided(a) ? TopologySheet::tr("%1 — (undecided, see the table)").arg(name)
                                        : TopologySheet::tr("%1 %2 · confidence %3").arg(name, formatValue(a)).arg(a.confidence, 0, 'f', 2));
        }
    return parts.join(QStringLiteral("; "));
}

void drawSheetPlots(SheetPainter& s, const Topology& d, SheetEvidence& evidence, const QStringList& ids, int firstFigure,
                    const QRectF& area, int columns, int rows, bool withCaptions) {
    constexpr double gap = 14, titlePoints = 8.5, captionPoints = 7.5;
    // Without captions a plot's own x-axis title ends it: rows need less between them (page 1).
    const double rowGap = withCaptions ? gap : 6;
    const double cellW = (area.width() - (columns - 1) * gap) / columns;
    const double cellH = (area.height() - (rows - 1) * rowGap) / rows;
    QCPPainter& p = s.painter();
    for (int row = 0; row * columns < ids.size() && row < rows; ++row) {
        // One caption height for the row, so the plots of a row line up.
        double captionH = 0, titleH = 0;
        QStringList titles, captions;
        for (int k = 0; k < columns && row * columns + k < ids.size(); ++k) {
            const QString id = ids[row * columns + k];
            titles << TopologySheet::tr("Fig. %1 · %2").arg(firstFigure + row * columns + k).arg(sheetPlotTitle(d, id));
            captions << (withCaptions ? sheetPlotCaption(d, id) : QString());
            titleH = std::max(titleH, s.textHeight(titles.back(), cellW, titlePoints, true));
            if (withCaptions) captionH = std::max(captionH, s.textHeight(captions.back(), cellW, captionPoints));
        }
        const double top = area.top() + row * (cellH + rowGap);
        for (int k = 0; k < titles.size(); ++k) {
            const QString id = ids[row * columns + k];
            const double x = area.left() + k * (cellW + gap);
            s.drawText(titles[k], x, top, cellW, titlePoints, true);
            const QRectF target(x, top + titleH + 2, cellW, cellH - titleH - captionH - 6);
            p.save();
            const double smallest = evidence.draw(id, p, target);
            p.restore();
            if (smallest > 0) {
                s.noteText(smallest);
                s.stats().plotted << id;
            } else {
                p.setPen(QPen(Qt::gray, 0.5, Qt::DashLine));
                p.setBrush(Qt::NoBrush);
                p.drawRect(target);
                s.setFont(SheetPainter::kText);
                p.setPen(Qt::black);
                p.drawText(target, Qt::AlignCenter, TopologySheet::tr("series not recorded"));
            }
            if (withCaptions) s.drawText(captions[k], x, target.bottom() + 4, cellW, captionPoints, false, QColor(0x30, 0x30, 0x30));
        }
    }
}

}  // namespace ts::gui
