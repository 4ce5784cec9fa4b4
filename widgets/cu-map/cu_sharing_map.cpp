#include "cu-map/cu_sharing_map.hpp"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

#include "model/attribute_names.hpp"

namespace ts::gui {
namespace {

constexpr double kMaxCell = 52;
constexpr double kBlockGap = 0.6;  // between XCD blocks, in cells
constexpr int kLegendFontPx = 12;

// Twelve colours whose every pair differs by at least CIEDE2000 23 (checked by the GUI tests):
// light ones for dark text, dark ones for light text, so hue and lightness both vary.
constexpr QRgb kPalette[] = {0xf2a65a, 0x7fc8f8, 0xe4a0f7, 0xfff07c, 0x5fd3b0, 0xff6b6b,
                             0x1f5fa8, 0x2e7d32, 0x7b3fa0, 0xa0522d, 0x00838f, 0xc2185b};
constexpr int kPaletteSize = static_cast<int>(std::size(kPalette));

QColor textOn(const QColor& fill) { return fill.lightnessF() < 0.45 ? QColor(Qt::white) : QColor(0x20, 0x20, 0x20); }

struct Lab {
    double l, a, b;
};

Lab toLab(const QColor& c) {
    auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    const double r = linear(c.redF()), g = linear(c.greenF()), b = linear(c.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    auto f = [](double t) { return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double radians(double degrees) { return degrees * std::numbers::pi / 180; }

}  // namespace

// Sharma, Wu and Dalal's formulation of CIEDE2000.
double CuSharingMap::colourDifference(const QColor& first, const QColor& second) {
    const Lab p = toLab(first), q = toLab(second);
    const double c1 = std::hypot(p.a, p.b), c2 = std::hypot(q.a, q.b);
    const double cMean7 = std::pow((c1 + c2) / 2, 7);
    const double g = 0.5 * (1 - std::sqrt(cMean7 / (cMean7 + std::pow(25.0, 7))));
    const double a1 = (1 + g) * p.a, a2 = (1 + g) * q.a;
    const double c1p = std::hypot(a1, p.b), c2p = std::hypot(a2, q.b);
    auto hue = [](double b, double a) {
        const double h = std::atan2(b, a) * 180 / std::numbers::pi;
        return h < 0 ? h + 360 : h;
    };
    const double h1 = hue(p.b, a1), h2 = hue(q.b, a2);
    double dh = 0;
    if (c1p * c2p != 0) {
        dh = h2 - h1;
        if (dh > 180) dh -= 360;
        if (dh < -180) dh += 360;
    }
    const double dL = q.l - p.l, dC = c2p - c1p;
    const double dH = 2 * std::sqrt(c1p * c2p) * std::sin(radians(dh / 2));
    const double lMean = (p.l + q.l) / 2, cMean = (c1p + c2p) / 2;
    double hMean = h1 + h2;
    if (c1p * c2p != 0) {
        if (std::fabs(h1 - h2) <= 180)
            hMean = (h1 + h2) / 2;
        else
            hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
    }
    const double t = 1 - 0.17 * std::cos(radians(hMean - 30)) + 0.24 * std::cos(radians(2 * hMean)) +
                     0.32 * std::cos(radians(3 * hMean + 6)) - 0.20 * std::cos(radians(4 * hMean - 63));
    const double dTheta = 30 * std::exp(-std::pow((hMean - 275) / 25, 2));
    const double c7 = std::pow(cMean, 7);
    const double rc = 2 * std::sqrt(c7 / (c7 + std::pow(25.0, 7)));
    const double sl = 1 + 0.015 * std::pow(lMean - 50, 2) / std::sqrt(20 + std::pow(lMean - 50, 2));
    const double sc = 1 + 0.045 * cMean, sh = 1 + 0.015 * cMean * t;
    const double rt = -std::sin(radians(2 * dTheta)) * rc;
    return std::sqrt(std::pow(dL / sl, 2) + std::pow(dC / sc, 2) + std::pow(dH / sh, 2) + rt * (dC / sc) * (dH / sh));
}

CuSharingMap CuSharingMap::fromTopology(const Topology& topology) {
    CuSharingMap m;
    if (const Attribute* r = topology.find(Element::SL1D, attr::sharedBetween)) m.groups_ = r->groups;
    if (const Attribute* r = topology.find(Element::SL1D, attr::disabledUnits))
        for (const auto& g : r->groups) m.disabled_.insert(m.disabled_.end(), g.begin(), g.end());
    std::sort(m.disabled_.begin(), m.disabled_.end());
    for (const auto& g : m.groups_)
        for (int id : g) m.maxId_ = std::max(m.maxId_, id);
    for (int id : m.disabled_) m.maxId_ = std::max(m.maxId_, id);
    if (!m.groups_.empty())
        for (int id : topology.device.physicalUnitIds) m.maxId_ = std::max(m.maxId_, id);
    m.xcds_ = std::clamp(topology.device.xcds, 1, std::max(1, m.idCount()));
    m.assignColours();
    return m;
}

int CuSharingMap::columns() const {
    const int n = idsPerXcd();
    if (n <= 16) return std::max(1, n);
    if (n > 64) return 16;
    return static_cast<int>(std::ceil(std::sqrt(2.5 * n)));  // 40 CUs of an MI300X XCD: 10 x 4
}

QPoint CuSharingMap::gridPosition(int id) const {
    const int xcd = id / idsPerXcd(), index = id % idsPerXcd();
    return {(xcd % blocksAcross()) * columns() + index % columns(), (xcd / blocksAcross()) * rowsPerBlock() + index / columns()};
}

int CuSharingMap::cellAtGrid(QPoint position) const {
    for (int id = 0; id < idCount(); ++id)
        if (gridPosition(id) == position) return id;
    return -1;
}

// Greedy colouring over the groups in id order: each takes the least used palette colour that
// no touching group has yet.
void CuSharingMap::assignColours() {
    colourIndex_.assign(groups_.size(), -1);
    std::map<QPoint, int, bool (*)(const QPoint&, const QPoint&)> groupAt(
        [](const QPoint& a, const QPoint& b) { return a.y() != b.y() ? a.y() < b.y() : a.x() < b.x(); });
    for (std::size_t g = 0; g < groups_.size(); ++g)
        for (int id : groups_[g]) groupAt[gridPosition(id)] = static_cast<int>(g);
    std::vector<int> uses(kPaletteSize, 0);
    for (std::size_t g = 0; g < groups_.size(); ++g) {
        std::set<int> taken;
        for (int id : groups_[g]) {
            const QPoint at = gridPosition(id);
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    if (auto it = groupAt.find(at + QPoint(dx, dy)); it != groupAt.end() && it->second != static_cast<int>(g))
                        if (colourIndex_[static_cast<std::size_t>(it->second)] >= 0)
                            taken.insert(colourIndex_[static_cast<std::size_t>(it->second)]);
        }
        int best = -1;
        for (int c = 0; c < kPaletteSize; ++c)
            if (!taken.count(c) && (best < 0 || uses[c] < uses[best])) best = c;
        if (best < 0) best = static_cast<int>(g) % kPaletteSize;  // more neighbours than colours: cannot happen for groups of up to 3
        colourIndex_[g] = best;
        ++uses[best];
    }
}

QColor CuSharingMap::groupColour(int group) const {
    if (group < 0 || group >= static_cast<int>(colourIndex_.size())) return QColor(Qt::white);
    return QColor(kPalette[colourIndex_[static_cast<std::size_t>(group)]]);
}

int CuSharingMap::groupOf(int id) const {
    for (std::size_t g = 0; g < groups_.size(); ++g)
        if (std::find(groups_[g].begin(), groups_[g].end(), id) != groups_[g].end()) return static_cast<int>(g);
    return -1;
}

bool CuSharingMap::isDisabled(int id) const { return std::binary_search(disabled_.begin(), disabled_.end(), id); }

std::vector<int> CuSharingMap::partners(int id) const {
    std::vector<int> out;
    const int g = groupOf(id);
    if (g < 0) return out;
    for (int other : groups_[static_cast<std::size_t>(g)])
        if (other != id) out.push_back(other);
    return out;
}

std::map<std::size_t, int> CuSharingMap::countsBySize() const {
    std::map<std::size_t, int> out;
    for (const auto& g : groups_) ++out[g.size()];
    return out;
}

QString CuSharingMap::countsText() const {
    QStringList parts;
    for (const auto& [size, count] : countsBySize()) parts << tr("groups of %1: %2").arg(size).arg(count);
    QString text = parts.join(QStringLiteral(", "));
    if (!disabled_.empty()) text += tr("; %n disabled CU(s)", nullptr, static_cast<int>(disabled_.size()));
    return text;
}

QString CuSharingMap::describe(int id) const {
    if (id < 0 || id >= idCount()) return {};
    const QString where = xcds_ > 1 ? tr("CU %1 (XCD %2)").arg(id).arg(xcdOf(id)) : tr("CU %1").arg(id);
    if (isDisabled(id)) return tr("%1: disabled").arg(where);
    const int g = groupOf(id);
    if (g < 0) return tr("%1: not measured").arg(where);
    const std::vector<int> others = partners(id);
    if (others.empty()) return tr("%1: its scalar L1 (sL1d) to itself · group %2 of %3").arg(where).arg(g + 1).arg(groups_.size());
    QStringList ids;
    for (int other : others) ids << QString::number(other);
    return tr("%1: shares its scalar L1 (sL1d) with CU %2 · group %3 of %4")
        .arg(where, ids.join(QStringLiteral(", ")))
        .arg(g + 1)
        .arg(groups_.size());
}

double CuSharingMap::legendHeight() const { return 3 * (kLegendFontPx + 6) + 6; }

double CuSharingMap::headerHeight(double) const { return xcds_ > 1 ? 16 : 0; }

double CuSharingMap::cellSize(const QRectF& area) const {
    const int across = blocksAcross(), down = (xcds_ + across - 1) / across;
    const double widthCells = across * columns() + (across - 1) * kBlockGap;
    const double heightCells = down * rowsPerBlock() + (down - 1) * kBlockGap;
    const double headers = down * headerHeight(0);
    const double byHeight = (area.height() - legendHeight() - headers) / std::max(1.0, heightCells);
    return std::max(4.0, std::min({kMaxCell, area.width() / widthCells, byHeight}));
}

QRectF CuSharingMap::cellRect(const QRectF& area, int id) const {
    const double cell = cellSize(area);
    const double header = headerHeight(cell);
    const int xcd = id / idsPerXcd(), index = id % idsPerXcd();
    const int bx = xcd % blocksAcross(), by = xcd / blocksAcross();
    const double left = area.left() + bx * (columns() + kBlockGap) * cell + (index % columns()) * cell;
    const double top = area.top() + by * (rowsPerBlock() * cell + header + kBlockGap * cell) + header + (index / columns()) * cell;
    return QRectF(left, top, cell, cell);
}

double CuSharingMap::drawnBottom(const QRectF& area) const {
    double bottom = area.top();
    for (int id = 0; id < idCount(); ++id) bottom = std::max(bottom, cellRect(area, id).bottom());
    return bottom + legendHeight();
}

int CuSharingMap::cellAt(const QRectF& area, const QPointF& point) const {
    for (int id = 0; id < idCount(); ++id)
        if (cellRect(area, id).contains(point)) return id;
    return -1;
}

void CuSharingMap::paint(QPainter& p, const QRectF& area, int selected, bool selectable) const {
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    const int selectedGroup = groupOf(selected);
    const double cell = cellSize(area);
    QFont f;
    f.setPixelSize(std::max(7, static_cast<int>(cell * 0.36)));
    double bottom = area.top();
    // XCD titles.
    if (xcds_ > 1) {
        QFont hf;
        hf.setPixelSize(12);
        hf.setBold(true);
        p.setFont(hf);
        p.setPen(QColor(0x40, 0x40, 0x40));
        for (int x = 0; x < xcds_; ++x) {
            const QRectF first = cellRect(area, x * idsPerXcd());
            p.drawText(QRectF(first.left(), first.top() - headerHeight(cell), columns() * cell, headerHeight(cell)),
                       Qt::AlignLeft | Qt::AlignVCenter, tr("XCD %1").arg(x));
        }
    }
    p.setFont(f);
    // Fills and ids.
    for (int id = 0; id < idCount(); ++id) {
        const QRectF r = cellRect(area, id);
        bottom = std::max(bottom, r.bottom());
        const int g = groupOf(id);
        if (isDisabled(id)) {
            p.fillRect(r, QColor(0xdc, 0xdc, 0xdc));
            p.fillRect(r, QBrush(QColor(0xa0, 0xa0, 0xa0), Qt::BDiagPattern));
        } else {
            p.fillRect(r, g >= 0 ? groupColour(g) : QColor(Qt::white));
        }
        p.setPen(isDisabled(id) ? QColor(0x70, 0x70, 0x70) : textOn(g >= 0 ? groupColour(g) : QColor(Qt::white)));
        p.drawText(r, Qt::AlignCenter, QString::number(id));
    }
    // Outlines: a line wherever a cell meets another group (or the block's edge), none inside
    // a group, so each group reads as one shape whatever its colour.
    const QPen groupEdge(QColor(0x30, 0x30, 0x30), 1.5);
    const QPen faintEdge(QColor(0x90, 0x90, 0x90), 1, Qt::DotLine);
    for (int id = 0; id < idCount(); ++id) {
        const QRectF r = cellRect(area, id);
        const QPoint at = gridPosition(id);
        const int g = groupOf(id);
        const struct {
            QPoint step;
            QLineF side;
        } sides[] = {{{1, 0}, QLineF(r.topRight(), r.bottomRight())},
                     {{-1, 0}, QLineF(r.topLeft(), r.bottomLeft())},
                     {{0, 1}, QLineF(r.bottomLeft(), r.bottomRight())},
                     {{0, -1}, QLineF(r.topLeft(), r.topRight())}};
        for (const auto& s : sides) {
            const int other = cellAtGrid(at + s.step);
            const bool sameGroup = other >= 0 && g >= 0 && groupOf(other) == g && xcdOf(other) == xcdOf(id);
            if (sameGroup) continue;
            p.setPen(g < 0 && !isDisabled(id) ? faintEdge : groupEdge);
            p.drawLine(s.side);
        }
    }
    // The selection and its partners.
    if (selectedGroup >= 0 || selected >= 0) {
        p.setBrush(Qt::NoBrush);
        for (int id = 0; id < idCount(); ++id) {
            if (id != selected && (selectedGroup < 0 || groupOf(id) != selectedGroup)) continue;
            p.setPen(QPen(QColor(0xd6, 0x27, 0x28), id == selected ? 3 : 2));
            p.drawRect(cellRect(area, id).adjusted(1.5, 1.5, -1.5, -1.5));
        }
    }
    paintLegend(p, QRectF(area.left(), bottom + 6, area.width(), legendHeight() - 6), selectable);
    p.restore();
}

// What the cells mean, and the group counts.
void CuSharingMap::paintLegend(QPainter& p, const QRectF& area, bool selectable) const {
    QFont f;
    f.setPixelSize(kLegendFontPx);
    p.setFont(f);
    const QFontMetricsF metrics(f);
    const double line = kLegendFontPx + 6, box = kLegendFontPx;
    double x = area.left();
    double y = area.top();
    auto entry = [&](const auto& drawSwatch, double swatchWidth, const QString& text) {
        const double width = swatchWidth + 6 + metrics.horizontalAdvance(text) + 18;
        if (x > area.left() && x + width > area.right()) {
            x = area.left();
            y += line;
        }
        drawSwatch(QRectF(x, y + (line - box) / 2, swatchWidth, box));
        p.setPen(QColor(0x20, 0x20, 0x20));
        p.drawText(QRectF(x + swatchWidth + 6, y, width, line), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += width;
    };
    const QPen edge(QColor(0x30, 0x30, 0x30), 1.5);
    entry(
        [&](const QRectF& r) {
            p.fillRect(QRectF(r.left(), r.top(), r.width() / 2, r.height()), QColor(kPalette[1]));
            p.fillRect(QRectF(r.center().x(), r.top(), r.width() / 2, r.height()), QColor(kPalette[1]));
            p.setPen(edge);
            p.setBrush(Qt::NoBrush);
            p.drawRect(r);
        },
        2 * box, tr("one outlined shape: CUs that share one scalar L1 (sL1d); colours only tell neighbours apart"));
    entry(
        [&](const QRectF& r) {
            p.fillRect(r, QColor(0xdc, 0xdc, 0xdc));
            p.fillRect(r, QBrush(QColor(0xa0, 0xa0, 0xa0), Qt::BDiagPattern));
            p.setPen(edge);
            p.drawRect(r);
        },
        box, tr("disabled"));
    entry(
        [&](const QRectF& r) {
            p.fillRect(r, Qt::white);
            p.setPen(QPen(QColor(0x90, 0x90, 0x90), 1, Qt::DotLine));
            p.drawRect(r);
        },
        box, tr("not measured"));
    if (selectable)
        entry(
            [&](const QRectF& r) {
                p.fillRect(r, Qt::white);
                p.setPen(QPen(QColor(0xd6, 0x27, 0x28), 2));
                p.drawRect(r);
            },
            box, tr("selected CU and its partners"));
    p.setPen(QColor(0x20, 0x20, 0x20));
    p.drawText(QRectF(area.left(), y + line, area.width(), line), Qt::AlignLeft | Qt::AlignVCenter, countsText());
}

}  // namespace ts::gui
