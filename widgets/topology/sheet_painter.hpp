#pragma once
// The pen of the topology sheet: A4 landscape pages in points, text that wraps instead of being
// cut, and a font floor: no text is set below kMinPoints, and the smallest size used is kept
// so tests can check what a reader at A4 gets.
#include <QCoreApplication>
#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>
#include <QMap>
#include <QStringList>

class QPdfWriter;
class QCPPainter;

namespace ts::gui {

struct SheetStats {
    int pages = 0;
    double smallestPoints = 0;  // the smallest text on the sheet, diagram and plots included
    QStringList plotted;        // the evidence series drawn, in order (each once)
    QStringList leftOut;        // the evidence series the page budget left out
    int tablePages = 0;
    int smallestSplitPiece = 0;  // the fewest rows of a split element on one page; 0: none split
    int labelsOutside = 0;       // plot labels (text, axis titles, legends) left outside their plot
    int pointsUnderLegends = 0;  // data points that a legend inside a plot hides
    QStringList figureDisagreements;  // figures whose labels say what the table does not
    int textOutsideBoxes = 0;    // diagram lines wider than their box
    QMap<QString, double> axesPoints;  // each figure's axis rect height in points, by series
};

class SheetPainter {
public:
    static constexpr double kMargin = 28;
    static constexpr double kWidth = 842 - 2 * kMargin;   // A4 landscape, points
    static constexpr double kHeight = 595 - 2 * kMargin;
    static constexpr double kMinPoints = 7;  // nothing smaller is readable on a pinned-up page
    static constexpr double kText = 8;       // tables and captions
    static constexpr double kLineFactor = 1.25;

    SheetPainter(QPdfWriter& pdf, QCPPainter& painter) : pdf_(pdf), p_(painter) {}

    QCPPainter& painter() { return p_; }
    int page() const { return page_; }
    // Every page ends in a footer: `title` on the left, "page N of M" on the right (issue 37,
    // item 10: pages 2-6 had no GPU name and no page number). Set before the first newPage().
    void setFooter(const QString& title, int pages);
    void newPage();
    void finish();  // the last page's footer

    // Sets a font of `points` (raised to kMinPoints) and notes its size.
    void setFont(double points, bool bold = false);
    // Text drawn elsewhere at `points` (the diagram, a plot): noted for the stats.
    void noteText(double points);
    // Height of `text` wrapped into `width` at `points`.
    double textHeight(const QString& text, double width, double points, bool bold = false);
    // Draws `text` wrapped into `width` from (x, y); returns its height.
    double drawText(const QString& text, double x, double y, double width, double points, bool bold = false,
                    const QColor& colour = Qt::black);

    SheetStats& stats() { return stats_; }

private:
    void drawFooter();
    QPdfWriter& pdf_;
    QCPPainter& p_;
    int page_ = 1;
    QString footerTitle_;
    int footerPages_ = 0;
    SheetStats stats_;
};

}  // namespace ts::gui
