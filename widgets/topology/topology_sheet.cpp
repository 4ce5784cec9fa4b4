#include "topology/topology_sheet.hpp"

#include <QBuffer>
#include <QDateTime>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>

#include "cu-map/cu_sharing_map.hpp"
#include "common/format.hpp"
#include "common/saved_file.hpp"
#include "model/attribute_names.hpp"
#include "topology/topology_lookup.hpp"
#include "topology/topology_scene.hpp"

namespace ts::gui {
namespace {

// Page geometry in points (1/72 in): A4 landscape with 28 pt margins.
constexpr double kWidth = 842 - 2 * 28;
constexpr double kHeight = 595 - 2 * 28;
constexpr double kRow = 13;

QFont font(double pixels, bool bold = false) {
    QFont f;
    f.setPixelSize(std::max(1, qRound(pixels)));
    f.setBold(bold);
    return f;
}

class SheetPainter {
public:
    SheetPainter(QPdfWriter& pdf, QPainter& p) : pdf_(pdf), p_(p) {}

    double y = 0;
    void newPage() {
        pdf_.newPage();
        y = 0;
    }
    void ensure(double height) {
        if (y + height > kHeight) newPage();
    }
    void text(const QString& s, double x, double width, double size, bool bold = false) {
        p_.setFont(font(size, bold));
        p_.drawText(QRectF(x, y, width, size + 4), Qt::AlignLeft | Qt::AlignVCenter, s);
    }
    void row(const QStringList& cells, const std::vector<double>& widths, bool bold = false) {
        ensure(kRow);
        double x = 0;
        p_.setFont(font(9, bold));
        for (std::size_t i = 0; i < widths.size() && i < static_cast<std::size_t>(cells.size()); ++i) {
            const QString s = p_.fontMetrics().elidedText(cells[static_cast<int>(i)], Qt::ElideRight, qRound(widths[i] - 4));
            p_.drawText(QRectF(x, y, widths[i] - 4, kRow), Qt::AlignLeft | Qt::AlignVCenter, s);
            x += widths[i];
        }
        y += kRow;
    }
    QPainter& painter() { return p_; }

private:
    QPdfWriter& pdf_;
    QPainter& p_;
};

QString valueOf(const Topology& d, const QString& id, const std::string& name) {
    const Attribute* r = findShowable(d, id, name);
    return r ? formatValue(*r) : QStringLiteral("—");
}

void header(SheetPainter& s, const Topology& d) {
    const DeviceInfo& g = d.device;
    auto q = [](const std::string& text) { return QString::fromStdString(text); };
    s.text(TopologySheet::tr("%1 — memory topology").arg(q(g.name)), 0, kWidth, 16, true);
    s.y += 22;
    QStringList facts;
    if (!g.name.empty()) facts << q(std::string(toString(g.vendor))) + QLatin1Char(' ') + q(g.arch);
    facts << TopologySheet::tr("driver %1").arg(g.driver.empty() ? TopologySheet::tr("unknown") : q(g.driver));
    if (g.clockKhz > 0) facts << TopologySheet::tr("clock %1 MHz").arg(static_cast<double>(g.clockKhz) / 1000.0, 0, 'f', 0);
    if (g.memoryClockKhz > 0)
        facts << TopologySheet::tr("memory clock %1 MHz").arg(static_cast<double>(g.memoryClockKhz) / 1000.0, 0, 'f', 0);
    if (g.unitCount > 0) facts << TopologySheet::tr("%n unit(s)", nullptr, g.unitCount);
    s.text(facts.join(QStringLiteral(" · ")), 0, kWidth, 10);
    s.y += 14;
    const QString date = d.timestamp.empty() ? QDateTime::currentDateTimeUtc().toString(Qt::ISODate) : q(d.timestamp);
    s.text(TopologySheet::tr("measured %1 · TopoScope %2 · backend %3")
               .arg(date, d.toolVersion.empty() ? QCoreApplication::applicationVersion() : q(d.toolVersion), q(g.backend)),
           0, kWidth, 10);
    s.y += 20;
}

// The key: level colours, then one line per element with size, line size and latency.
void key(SheetPainter& s, const Topology& d, double x, double width) {
    QPainter& p = s.painter();
    double y = s.y;
    p.setFont(font(11, true));
    p.drawText(QRectF(x, y, width, 14), Qt::AlignLeft, TopologySheet::tr("Key"));
    y += 16;
    p.setFont(font(9));
    for (const auto& [colour, name] : TopologyScene::legend()) {
        p.setPen(QColor(0x60, 0x60, 0x60));
        p.setBrush(colour);
        p.drawRect(QRectF(x, y + 2, 10, 9));
        p.setPen(Qt::black);
        p.drawText(QRectF(x + 14, y, width - 14, kRow), Qt::AlignLeft | Qt::AlignVCenter, name);
        y += kRow;
    }
    y += 8;
    const double w[] = {width * 0.34, width * 0.26, width * 0.18, width * 0.22};
    const QStringList head = {TopologySheet::tr("Element"), TopologySheet::tr("Size"), TopologySheet::tr("Line"),
                              TopologySheet::tr("Latency")};
    auto line = [&](const QStringList& cells, bool bold) {
        p.setFont(font(9, bold));
        double cx = x;
        for (int i = 0; i < 4; ++i) {
            p.drawText(QRectF(cx, y, w[i] - 2, kRow), Qt::AlignLeft | Qt::AlignVCenter,
                       p.fontMetrics().elidedText(cells[i], Qt::ElideRight, qRound(w[i] - 3)));
            cx += w[i];
        }
        y += kRow;
    };
    line(head, true);
    for (const QString& id : elementIds(d)) {
        QString size = valueOf(d, id, attr::size);
        if (size == QStringLiteral("—")) size = valueOf(d, id, attr::apiSize);
        if (size == QStringLiteral("—")) size = valueOf(d, id, attr::sharedMemPerMultiProcessor);
        if (size == QStringLiteral("—")) size = valueOf(d, id, attr::totalGlobalMem);
        line({elementName(id), size, valueOf(d, id, attr::lineSize), valueOf(d, id, attr::latency)},
             false);
    }
}

void elementSection(SheetPainter& s, const Topology& d, const QString& id, const EvidencePainter& evidence) {
    s.ensure(60);
    s.text(elementName(id), 0, kWidth, 14, true);
    s.y += 20;
    const std::vector<double> widths = {kWidth * 0.17, kWidth * 0.20, kWidth * 0.09, kWidth * 0.30, kWidth * 0.09, kWidth * 0.15};
    s.row({TopologySheet::tr("Attribute"), TopologySheet::tr("Value"), TopologySheet::tr("Source"),
           TopologySheet::tr("Method"), TopologySheet::tr("Confidence"), TopologySheet::tr("Evidence")},
          widths, true);
    QStringList seen;
    for (const Attribute& r : attributesOf(d, id)) {
        const QString evidenceId = QString::fromStdString(r.evidence);
        s.row({attributeTitle(QString::fromStdString(r.name)), formatValue(r),
               r.source == Source::Api ? TopologySheet::tr("API") : TopologySheet::tr("benchmark"),
               QString::fromStdString(r.method), QString::number(r.confidence, 'f', 2), evidenceId},
              widths);
        if (!evidenceId.isEmpty() && !seen.contains(evidenceId)) seen << evidenceId;
    }
    s.y += 8;
    if (!evidence) return;
    const double plotW = (kWidth - 12) / 2, plotH = 190;
    for (int i = 0; i < seen.size(); i += 2) {
        s.ensure(plotH + 16);
        for (int k = 0; k < 2 && i + k < seen.size(); ++k) {
            const double x = k * (plotW + 12);
            s.painter().setFont(font(9, true));
            s.painter().drawText(QRectF(x, s.y, plotW, 12), Qt::AlignLeft | Qt::AlignVCenter,
                                 TopologySheet::tr("Evidence: %1").arg(seen[i + k]));
            const QRectF target(x, s.y + 14, plotW, plotH);
            if (!evidence(seen[i + k], s.painter(), target)) {
                s.painter().setPen(QPen(Qt::gray, 0.5, Qt::DashLine));
                s.painter().setBrush(Qt::NoBrush);
                s.painter().drawRect(target);
                s.painter().setPen(Qt::black);
                s.painter().drawText(target, Qt::AlignCenter, TopologySheet::tr("series not recorded"));
            }
        }
        s.y += plotH + 20;
    }
    s.y += 6;
}

}  // namespace

bool TopologySheet::write(const QString& path, const Topology& data, const EvidencePainter& evidence, QString* error) {
    QByteArray bytes;  // rendered in memory, then written by the one output writer
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!render(buffer, path, data, evidence, error)) return false;
    return saveFile(path, bytes, error);
}

bool TopologySheet::render(QIODevice& device, const QString& path, const Topology& data,
                           const EvidencePainter& evidence, QString* error) {
    QPdfWriter pdf(&device);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageOrientation(QPageLayout::Landscape);
    pdf.setPageMargins(QMarginsF(28, 28, 28, 28), QPageLayout::Point);
    pdf.setResolution(300);
    pdf.setTitle(tr("%1 topology sheet").arg(QString::fromStdString(data.device.name)));
    pdf.setCreator(tr("TopoScope %1").arg(QCoreApplication::applicationVersion()));
    QPainter p;
    if (!p.begin(&pdf)) {
        if (error) *error = tr("could not write %1").arg(path);
        return false;
    }
    p.scale(pdf.resolution() / 72.0, pdf.resolution() / 72.0);
    SheetPainter s(pdf, p);
    header(s, data);

    const TopologyScene scene = TopologyScene::build(data);
    const double keyW = 230;
    const QRectF diagramArea(0, s.y, kWidth - keyW - 16, kHeight - s.y);
    if (!scene.empty()) {
        const double scale = std::min({diagramArea.width() / scene.size().width(),
                                       diagramArea.height() / scene.size().height(), 1.5});
        p.save();
        p.translate(diagramArea.topLeft());
        p.scale(scale, scale);
        scene.paint(p);
        p.restore();
    }
    key(s, data, kWidth - keyW, keyW);

    const CuSharingMap map = CuSharingMap::fromTopology(data);
    if (!map.empty()) {
        s.newPage();
        s.text(tr("sL1d CU-sharing map"), 0, kWidth, 14, true);
        s.y += 22;
        map.paint(p, QRectF(0, s.y, kWidth, kHeight - s.y));
    }
    s.newPage();
    for (const QString& id : elementIds(data)) elementSection(s, data, id, evidence);
    if (!p.end()) {
        if (error) *error = tr("could not finish %1").arg(path);
        return false;
    }
    return true;
}

}  // namespace ts::gui
