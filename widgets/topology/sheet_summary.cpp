#include "topology/sheet_summary.hpp"

#include <QDateTime>
#include <QFontMetricsF>

#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <limits>
#include <utility>

#include "view_support/format.hpp"
#include "model/attribute_names.hpp"
#include "topology/sheet_painter.hpp"
#include "topology/sheet_plots.hpp"
#include "topology/sheet_table.hpp"
#include "topology/topology_lookup.hpp"
#include "topology/topology_sheet.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {
namespace {

constexpr double kColumnGap = 16;
constexpr std::array<double, 3> kDiagramShares = {0.5, 0.62, 0.75};  // of the page width, tried in turn
constexpr double kMinPlotHeight = 160;    // a decisive plot below the key, title and caption included
// Key columns (shares of its width): element with its level colour, size, line, latency.
constexpr std::array<double, 4> kKeyShares = {0.25, 0.27, 0.21, 0.27};
const QColor kGrey(0x60, 0x60, 0x60);

QString superscript(int n) {
    static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString out;
    for (const QChar c : QString::number(n)) out += digits[c.digitValue()];
    return out;
}

// One key cell: the value and, smaller and grey after it, where it comes from.
struct KeyCell {
    QString value;
    QString note;
};

// The SM layout condensed to a line (issue 39): "SM layout: 8 GPCs of 9, 9, 8, … TPCs; 66 TPCs
// of 2 SMs (0.90, thread-block clusters)"; empty where no GPC was found.
QString layoutLine(const Topology& d) {
    const Attribute* gpcs = d.find(Element::Compute, attr::gpcs);
    if (!gpcs || !gpcs->isDecided() || gpcs->groups.empty()) return {};
    const Attribute* tpcs = d.find(Element::Compute, attr::tpcs);
    const bool pairs = tpcs && tpcs->isDecided();
    QStringList perGpc;
    for (const auto& gpc : gpcs->groups) perGpc << QString::number(pairs ? (gpc.size() + 1) / 2 : gpc.size());
    QString text = TopologySheet::tr("SM layout: %1%2 GPCs of %3 %4")
                       .arg(gpcs->lowerBound ? TopologySheet::tr("at least ") : QString())
                       .arg(gpcs->groups.size())
                       .arg(perGpc.join(QStringLiteral(", ")), pairs ? TopologySheet::tr("TPCs") : TopologySheet::tr("SMs"));
    if (pairs) text += TopologySheet::tr("; %1 TPCs of 2 SMs").arg(tpcs->groups.size());
    return text + TopologySheet::tr(" (%1, thread-block clusters)").arg(gpcs->confidence, 0, 'f', 2);
}

// One row of the key within `area` (its top and width): the cells in the key's columns, each
// value with its confidence beside it where it fits; the height it took.
double keyRow(SheetPainter& s, const QRectF& area, const std::vector<KeyCell>& cells, const QColor& colour, bool bold, bool paint) {
    QCPPainter& p = s.painter();
    const double x = area.x(), y = area.y(), width = area.width();
    double h = 0, cx = x;
    const double swatch = colour.isValid() ? 12 : 0;
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const double inset = c == 0 ? swatch : 0, w = width * kKeyShares[c] - inset - 3;
        // The value, then its confidence in small grey on the same line where it fits.
        const QString text = cells[c].value;
        double ch = s.textHeight(text, w, SheetPainter::kText, bold);
        const double valueW = QFontMetricsF(p.font(), p.device()).horizontalAdvance(text);
        if (paint) s.drawText(text, cx + inset, y, w, SheetPainter::kText, bold);
        if (!cells[c].note.isEmpty()) {
            s.setFont(SheetPainter::kMinPoints);
            const double noteW = QFontMetricsF(p.font(), p.device()).horizontalAdvance(cells[c].note);
            const bool sameLine = ch < 12 && valueW + 4 + noteW <= w;
            const double nx = sameLine ? cx + inset + valueW + 4 : cx + inset, ny = sameLine ? y + 0.8 : y + ch;
            if (paint) s.drawText(cells[c].note, nx, ny, w, SheetPainter::kMinPoints, false, kGrey);
            if (!sameLine) ch += s.textHeight(cells[c].note, w, SheetPainter::kMinPoints);
        }
        h = std::max(h, ch);
        cx += width * kKeyShares[c];
    }
    if (paint && colour.isValid()) {
        p.setPen(QPen(kGrey, 0.5));
        p.setBrush(colour);
        p.drawRect(QRectF(x, y + 1.5, 9, 8));
    }
    if (paint) {
        p.setPen(QPen(QColor(0xd0, 0xd0, 0xd0), 0.5));
        p.drawLine(QPointF(x, y + h + 1.5), QPointF(x + width, y + h + 1.5));
    }
    return h + 3;
}

// Whether the run measured the roofline (bytes per cycle of some level).
bool rooflineMeasured(const Topology& d) {
    for (const QString& id : elementIds(d))
        for (const attr::RooflineNames* access : attr::rooflineAccesses)
            if (findShowable(d, id, access->perCycle)) return true;
    return false;
}

}  // namespace

SheetSummary::SheetSummary(SheetPainter& sheet, const Topology& d, const QStringList& decisive) : s_(sheet), d_(d) {
    top_ = header(false);
    // The layout that prints the diagram largest in the left column: one row of XCDs and
    // segments, with the XCDs as their counts or not, or rows of four or two. A column of half the page
    // first; where no layout fits its height at 7 pt (the MI300X ran off the page), a wider one.
    const double maxH = SheetPainter::kHeight - top_;
    const double smallest = SheetPainter::kMinPoints / TopologyScene::smallestTextPixels();
    SceneOptions best;
    double bestScale = 0;
    for (const double share : kDiagramShares) {
        const double maxW = SheetPainter::kWidth * share;
        for (const auto& [columns, counts] : {std::pair{0, false}, std::pair{0, true}, std::pair{4, true}, std::pair{2, true}}) {
            SceneOptions o;
            o.bandwidthLines = !rooflineMeasured(d);
            o.groupColumns = columns;
            o.groupCountsOnly = counts;
            const TopologyScene scene = TopologyScene::build(d, o);
            if (scene.empty()) break;
            const double scale = std::min({1.0, maxW / scene.size().width(), maxH / scene.size().height()});
            if (scale > bestScale + 0.01) {
                bestScale = scale;
                best = o;
            }
        }
        if (bestScale >= smallest) break;
    }
    scene_ = TopologyScene::build(d, best);
    // Never below 7 pt: a diagram too large for that even in the widest column runs past it.
    scale_ = std::max(bestScale, smallest);
    diagramWidth_ = scene_.empty() ? 0 : scene_.size().width() * scale_;
    const double keyX = diagramWidth_ + kColumnGap;
    keyHeight_ = key(keyX, top_, SheetPainter::kWidth - keyX, false);
    const double room = SheetPainter::kHeight - top_ - keyHeight_ - 10;
    const int fit = std::clamp(static_cast<int>(room / kMinPlotHeight), 0, 3);
    plotted_ = decisive.mid(0, fit);
}

double SheetSummary::header(bool paint) {
    const DeviceInfo& g = d_.device;
    const QString title = TopologySheet::tr("%1 — memory topology").arg(qText(g.name));
    QStringList facts;
    // MT4G's reports name no architecture: "AMD", not "AMD " before the separator (issue 37, item 6).
    if (!g.name.empty()) facts << (qText(std::string(toString(g.vendor))) + QLatin1Char(' ') + qText(g.arch)).trimmed();
    facts << TopologySheet::tr("driver %1").arg(g.driver.empty() ? TopologySheet::tr("unknown") : qText(g.driver));
    if (g.clockKhz > 0) facts << TopologySheet::tr("clock %1").arg(formatClockKhz(static_cast<double>(g.clockKhz)));
    if (g.memoryClockKhz > 0)
        facts << TopologySheet::tr("memory clock %1").arg(formatClockKhz(static_cast<double>(g.memoryClockKhz)));
    if (g.unitCount > 0) facts << TopologySheet::tr("%n unit(s)", nullptr, g.unitCount);
    const QString date = d_.timestamp.empty() ? QDateTime::currentDateTimeUtc().toString(Qt::ISODate) : qText(d_.timestamp);
    facts << TopologySheet::tr("measured %1").arg(date)
          << (g.backend == "mt4g" ? TopologySheet::tr("measured by MT4G, read by TopoScope %1").arg(QCoreApplication::applicationVersion())
                                  : TopologySheet::tr("TopoScope %1").arg(d_.toolVersion.empty() ? QCoreApplication::applicationVersion()
                                                                                                  : qText(d_.toolVersion)))
          << TopologySheet::tr("backend %1").arg(qText(g.backend));
    const QString line = facts.join(QStringLiteral(" · "));
    const double w = SheetPainter::kWidth;
    double y = paint ? s_.drawText(title, 0, 0, w, 15, true) : s_.textHeight(title, w, 15, true);
    y += 2;
    y += paint ? s_.drawText(line, 0, y, w, 8.5) : s_.textHeight(line, w, 8.5);
    return y + 8;
}

// The key: a row per element (its level colour, size, line, latency, each with its confidence
// or "API"), an undecided value as "—" with a numbered footnote giving the engine's reason.
double SheetSummary::key(double x, double y0, double width, bool paint) {
    QStringList footnotes;
    auto cell = [&](const QString& id, std::initializer_list<const char*> names) -> KeyCell {
        for (const char* name : names)
            if (const Attribute* a = findShowable(d_, id, name))
                return {formatValue(*a), a->source == Source::Api ? TopologySheet::tr("API") : QString::number(a->confidence, 'f', 2)};
        for (const char* name : names)
            if (const Attribute* a = findAttribute(d_, id, name); a && sheetUndecided(*a)) {
                footnotes << TopologySheet::tr("%1 %2 %3 undecided: %4")
                                 .arg(superscript(static_cast<int>(footnotes.size()) + 1), elementName(id),
                                      attributeTitle(QString::fromLatin1(name)).toLower(),
                                      a->reason.empty() ? TopologySheet::tr("no reason given") : qText(a->reason));
                return {QStringLiteral("— %1").arg(superscript(static_cast<int>(footnotes.size()))), {}};
            }
        return {};
    };
    auto row = [&](double y, const std::vector<KeyCell>& cells, const QColor& colour, bool bold) {
        return keyRow(s_, QRectF(x, y, width, 0), cells, colour, bold, paint);
    };
    double y = y0;
    const QString title = TopologySheet::tr("Key attributes");
    y += (paint ? s_.drawText(title, x, y, width, 10, true) : s_.textHeight(title, width, 10, true)) + 3;
    y += row(y, {{TopologySheet::tr("Element"), {}}, {TopologySheet::tr("Size"), {}}, {TopologySheet::tr("Line"), {}},
                 {TopologySheet::tr("Latency"), {}}},
             QColor(), true);
    // In the diagram's order, from the units down to the memory (the engine's order put the L2 and
    // the memory before an AMD GPU's vL1); elements without a box last.
    QStringList ids = elementIds(d_);
    const auto order = [&](const QString& id) {
        const int box = scene_.findElement(id);
        return box >= 0 ? box : std::numeric_limits<int>::max();
    };
    std::stable_sort(ids.begin(), ids.end(), [&](const QString& a, const QString& b) { return order(a) < order(b); });
    const auto colourOf = [&](const QString& id) {  // the element's box colour in the diagram
        const int box = scene_.findElement(id);
        return box >= 0 ? scene_.boxes()[static_cast<std::size_t>(box)].fill : QColor();
    };
    for (const QString& id : ids) {
        if (id == QLatin1String(toString(Element::Compute).data())) continue;  // no memory: its line follows
        y += row(y,
                 {{elementName(id), {}},
                  cell(id, {attr::size, attr::apiSize, attr::sharedMemPerMultiProcessor, attr::totalGlobalMem}),
                  cell(id, {attr::lineSize, attr::apiLineSize}), cell(id, {attr::latency})},
                 colourOf(id), false);
    }
    const QString legend = TopologySheet::tr("Grey: the confidence of a measured value (0 to 1), or API where the driver reported it.");
    y += 3;
    y += (paint ? s_.drawText(legend, x, y, width, SheetPainter::kMinPoints, false, kGrey)
                : s_.textHeight(legend, width, SheetPainter::kMinPoints)) + 2;
    if (const QString layout = layoutLine(d_); !layout.isEmpty())
        y += (paint ? s_.drawText(layout, x, y, width, SheetPainter::kText) : s_.textHeight(layout, width, SheetPainter::kText)) + 2;
    // The roofline (issue 38), where the run measured it: a row per level and access. The diagram
    // on the sheet then leaves the bandwidth out (SceneOptions::bandwidthLines).
    struct RooflineRow {
        const attr::RooflineNames& figures;
        const char* suffix;
    };
    static const RooflineRow accesses[] = {
        {attr::rooflineRead, ""},
        {attr::rooflineBroadcast, QT_TRANSLATE_NOOP("ts::gui::TopologySheet", "broadcast")},
        {attr::rooflineWrite, QT_TRANSLATE_NOOP("ts::gui::TopologySheet", "write")},
    };
    bool rooflineHeader = false;
    for (const QString& id : ids)
        for (const RooflineRow& access : accesses) {
            if (!findShowable(d_, id, access.figures.perCycle)) continue;
            if (!std::exchange(rooflineHeader, true))
                y += 4 + row(y + 4, {{TopologySheet::tr("Roofline"), {}}, {TopologySheet::tr("Bandwidth"), {}},
                                     {TopologySheet::tr("Per SM/CU"), {}}, {TopologySheet::tr("90 % at"), {}}}, QColor(), true);
            KeyCell warps = cell(id, {access.figures.warps});
            if (const Attribute* a = findShowable(d_, id, access.figures.warps)) {
                const int n = static_cast<int>(std::lround(a->value));
                warps.value = d_.device.vendor == Vendor::Amd ? TopologySheet::tr("%n wavefront(s)", nullptr, n)
                                                              : TopologySheet::tr("%n warp(s)", nullptr, n);
            }
            const QString name = *access.suffix ? TopologySheet::tr("%1 %2").arg(elementName(id), TopologySheet::tr(access.suffix))
                                                : elementName(id);
            y += row(y, {{name, {}}, cell(id, {access.figures.bandwidth}), cell(id, {access.figures.perCycle}), warps}, colourOf(id),
                     false);
        }
    for (const QString& f : footnotes)
        y += (paint ? s_.drawText(f, x, y, width, SheetPainter::kMinPoints, false, kGrey)
                    : s_.textHeight(f, width, SheetPainter::kMinPoints)) + 1;
    return y - y0;
}

void SheetSummary::draw(SheetEvidence* evidence) {
    header(true);
    if (!scene_.empty()) {
        QCPPainter& p = s_.painter();
        p.save();
        p.translate(0, top_);
        p.scale(scale_, scale_);
        scene_.paint(p);
        p.restore();
        s_.stats().textOutsideBoxes += scene_.linesWiderThanBoxes(p.device());
        s_.noteText(TopologyScene::smallestTextPixels() * scale_);
    }
    const double keyX = diagramWidth_ + kColumnGap, keyW = SheetPainter::kWidth - keyX;
    key(keyX, top_, keyW, true);
    if (plotted_.isEmpty() || !evidence) return;
    const double plotTop = top_ + keyHeight_ + 10;
    // Stacked, without captions: the key above gives their values, tall plots keep their axis titles.
    drawSheetPlots(s_, d_, *evidence, plotted_, 1, QRectF(keyX, plotTop, keyW, SheetPainter::kHeight - plotTop), 1,
                   static_cast<int>(plotted_.size()), false);
}

}  // namespace ts::gui
