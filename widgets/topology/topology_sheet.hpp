#pragma once
// The topology sheet: a PDF (A4 landscape, at most six pages) to pin up. Page 1 alone is the
// summary: header, the diagram, the key attributes of every level with their confidence and
// the decisive evidence plots; then the full attribute table, the CU-sharing map (AMD), and as
// many further evidence plots as the pages left hold (each series drawn once).
#include <QCoreApplication>
#include <QString>

#include "model/topology.hpp"
#include "topology/sheet_painter.hpp"

class QCPPainter;
class QIODevice;
class QRectF;

namespace ts::gui {

// Where the sheet's evidence plots come from (the window's evidence plots, in the app).
class SheetEvidence {
public:
    virtual ~SheetEvidence() = default;
    virtual bool has(const QString& seriesId) const = 0;
    // Draws the plot into `target` (points); returns the smallest font it set in points, 0
    // when it could not draw.
    virtual double draw(const QString& seriesId, QCPPainter& painter, const QRectF& target) = 0;
};

class TopologySheet {
    Q_DECLARE_TR_FUNCTIONS(ts::gui::TopologySheet)
public:
    static constexpr int kMaxPages = 6;

    // Returns false and sets `error` (the file and the cause) when the file cannot be written;
    // `stats` (optional) tells what was drawn.
    static bool write(const QString& path, const Topology& data, SheetEvidence* evidence, QString* error = nullptr,
                      SheetStats* stats = nullptr);

private:
    static bool render(QIODevice& device, const QString& path, const Topology& data, SheetEvidence* evidence,
                       QString* error, SheetStats* stats);
};

}  // namespace ts::gui
