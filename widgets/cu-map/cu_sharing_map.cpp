#include "cu-map/cu_sharing_map.hpp"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace ts::gui {
namespace {

constexpr int kColumns = 16;
constexpr double kMaxCell = 40;
constexpr double kCountsHeight = 22;

}  // namespace

CuSharingMap CuSharingMap::fromTopology(const Topology& topology) {
    CuSharingMap m;
    if (const Attribute* r = topology.find(Element::SL1D, "sharedBetween")) m.groups_ = r->groups;
    if (const Attribute* r = topology.find(Element::SL1D, "disabledUnits"))
        for (const auto& g : r->groups) m.disabled_.insert(m.disabled_.end(), g.begin(), g.end());
    std::sort(m.disabled_.begin(), m.disabled_.end());
    for (const auto& g : m.groups_)
        for (int id : g) m.maxId_ = std::max(m.maxId_, id);
    for (int id : m.disabled_) m.maxId_ = std::max(m.maxId_, id);
    return m;
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

QColor CuSharingMap::groupColour(int group) {
    const double hue = std::fmod(group * 0.381966, 1.0);
    return QColor::fromHsvF(static_cast<float>(hue), group % 2 ? 0.35f : 0.55f, 0.95f);
}

QRectF CuSharingMap::cellRect(const QRectF& area, int id) const {
    const int rows = (idCount() + kColumns - 1) / kColumns;
    const double cell =
        std::min({kMaxCell, area.width() / kColumns, (area.height() - kCountsHeight) / std::max(1, rows)});
    return QRectF(area.left() + (id % kColumns) * cell, area.top() + (id / kColumns) * cell, cell, cell)
        .adjusted(1, 1, -1, -1);
}

int CuSharingMap::cellAt(const QRectF& area, const QPointF& point) const {
    for (int id = 0; id < idCount(); ++id)
        if (cellRect(area, id).contains(point)) return id;
    return -1;
}

void CuSharingMap::paint(QPainter& p, const QRectF& area, int selected) const {
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    const std::vector<int> partnersOfSelected = partners(selected);
    const int selectedGroup = groupOf(selected);
    QFont f;
    f.setPixelSize(std::max(7, static_cast<int>(cellRect(area, 0).height() * 0.36)));
    p.setFont(f);
    double bottom = area.top();
    for (int id = 0; id < idCount(); ++id) {
        const QRectF r = cellRect(area, id);
        bottom = std::max(bottom, r.bottom());
        const int g = groupOf(id);
        QBrush brush(Qt::white);
        if (isDisabled(id))
            brush = QBrush(QColor(0xb4, 0xb4, 0xb4), Qt::BDiagPattern);
        else if (g >= 0)
            brush = QBrush(groupColour(g));
        QPen pen(QColor(0x70, 0x70, 0x70), 1, g >= 0 || isDisabled(id) ? Qt::SolidLine : Qt::DotLine);
        if (selected >= 0 && g >= 0 && g == selectedGroup) pen = QPen(QColor(0xd6, 0x27, 0x28), id == selected ? 3 : 2);
        if (selected >= 0 && g != selectedGroup && g >= 0) brush.setColor(groupColour(g).lighter(125));
        p.setPen(pen);
        if (isDisabled(id)) p.fillRect(r, QColor(0xdc, 0xdc, 0xdc));
        p.setBrush(brush);
        p.drawRoundedRect(r, 2, 2);
        p.setPen(isDisabled(id) ? QColor(0x80, 0x80, 0x80) : QColor(0x20, 0x20, 0x20));
        p.drawText(r, Qt::AlignCenter, QString::number(id));
    }
    (void)partnersOfSelected;
    QFont cf;
    cf.setPixelSize(12);
    p.setFont(cf);
    p.setPen(QColor(0x20, 0x20, 0x20));
    p.drawText(QRectF(area.left(), bottom + 4, area.width(), kCountsHeight - 4), Qt::AlignLeft | Qt::AlignVCenter,
               countsText());
    p.restore();
}

}  // namespace ts::gui
