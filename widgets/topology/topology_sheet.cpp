#include "topology/topology_sheet.hpp"

#include <QBuffer>
#include <QPdfWriter>

#include <qcustomplot.h>

#include <algorithm>

#include "view_support/saved_file.hpp"
#include "cu-map/cu_sharing_map.hpp"
#include "topology/sheet_painter.hpp"
#include "topology/sheet_plots.hpp"
#include "topology/sheet_summary.hpp"
#include "topology/sheet_table.hpp"

namespace ts::gui {
namespace {

constexpr int kPlotColumns = 2, kPlotRows = 2;  // narrower plots clip their decision labels
constexpr double kMinTailHeight = 210;          // a row of plots below the table: title, plot, caption

void drawCuMapPage(SheetPainter& s, const CuSharingMap& map) {
    const double h = s.drawText(TopologySheet::tr("sL1d CU-sharing map"), 0, 0, SheetPainter::kWidth, 13, true);
    map.paint(s.painter(), QRectF(0, h + 8, SheetPainter::kWidth, SheetPainter::kHeight - h - 8), -1, false);
}

}  // namespace

bool TopologySheet::write(const QString& path, const Topology& data, SheetEvidence* evidence, QString* error,
                          SheetStats* stats) {
    QByteArray bytes;  // rendered in memory, then written by the one output writer
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!render(buffer, path, data, evidence, error, stats)) return false;
    return saveFile(path, bytes, error);
}

bool TopologySheet::render(QIODevice& device, const QString& path, const Topology& data, SheetEvidence* evidence,
                           QString* error, SheetStats* stats) {
    QPdfWriter pdf(&device);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageOrientation(QPageLayout::Landscape);
    pdf.setPageMargins(QMarginsF(SheetPainter::kMargin, SheetPainter::kMargin, SheetPainter::kMargin, SheetPainter::kMargin),
                       QPageLayout::Point);
    pdf.setResolution(72);  // one unit a point: fonts set in points print at that size
    pdf.setTitle(tr("%1 topology sheet").arg(QString::fromStdString(data.device.name)));
    pdf.setCreator(tr("TopoScope %1").arg(QCoreApplication::applicationVersion()));
    QCPPainter p;
    if (!p.begin(&pdf)) {
        if (error) *error = tr("could not write %1").arg(path);
        return false;
    }
    p.setMode(QCPPainter::pmVectorized);
    SheetPainter s(pdf, p);

    const SheetPlotChoice plots = evidence ? chooseSheetPlots(data, *evidence) : SheetPlotChoice{};
    SheetSummary summary(s, data, plots.decisive);
    QStringList rest = plots.decisive.mid(static_cast<int>(summary.plotted().size())) + plots.rest;
    SheetTable table(s, data);
    const CuSharingMap map = CuSharingMap::fromTopology(data);
    const int plotPages = std::max(0, kMaxPages - 1 - table.pages() - (map.empty() ? 0 : 1));
    const int perPage = kPlotColumns * kPlotRows;
    // A table that ends high on its page leaves room there for a row of plots.
    const QRectF tail(0, table.bottom() + 16, SheetPainter::kWidth, SheetPainter::kHeight - table.bottom() - 16);
    const int tailPlots = tail.height() >= kMinTailHeight ? kPlotColumns : 0;
    const int capacity = tailPlots + plotPages * perPage;
    const QStringList drawn = rest.mid(0, capacity);
    s.stats().leftOut = rest.mid(capacity);
    const QStringList figures = summary.plotted() + drawn;
    const int shownTail = std::min(tailPlots, static_cast<int>(drawn.size()));
    const int plotPagesDrawn = (static_cast<int>(drawn.size()) - shownTail + perPage - 1) / perPage;
    s.setFooter(tr("%1 — memory topology, TopoScope %2").arg(QString::fromStdString(data.device.name), QCoreApplication::applicationVersion()),
                1 + table.pages() + (map.empty() ? 0 : 1) + plotPagesDrawn);

    summary.draw(evidence);
    s.newPage();
    table.draw([&](const QString& series) {
        const int i = static_cast<int>(figures.indexOf(series));
        return i < 0 ? QString() : tr("Fig. %1").arg(i + 1);
    });
    const int firstFigure = static_cast<int>(summary.plotted().size()) + 1;
    if (tailPlots > 0 && !drawn.isEmpty())
        drawSheetPlots(s, data, *evidence, drawn.mid(0, tailPlots), firstFigure,
                       QRectF(tail.left(), tail.top(), tail.width(), std::min(tail.height(), SheetPainter::kHeight / kPlotRows)),
                       kPlotColumns, 1);
    if (!map.empty()) {
        s.newPage();
        drawCuMapPage(s, map);
    }
    for (int i = tailPlots; i < drawn.size(); i += perPage) {
        s.newPage();
        drawSheetPlots(s, data, *evidence, drawn.mid(i, perPage), firstFigure + i,
                       QRectF(0, 0, SheetPainter::kWidth, SheetPainter::kHeight), kPlotColumns, kPlotRows);
    }
    s.finish();
    s.stats().pages = s.page();
    s.stats().tablePages = table.pages();
    s.stats().smallestSplitPiece = table.smallestSplitPiece();
    if (!p.end()) {
        if (error) *error = tr("could not finish %1").arg(path);
        return false;
    }
    if (stats) *stats = s.stats();
    return true;
}

}  // namespace ts::gui
