#include "sm-map/sm_layout_map.hpp"

#include <QPainter>

#include <algorithm>
#include <set>

#include "model/attribute_names.hpp"

namespace ts::gui {
namespace {

const Attribute* decidedGroups(const Topology& t, Element e, const char* name) {
    const Attribute* a = t.find(e, name);
    return a && a->isDecided() && !a->groups.empty() ? a : nullptr;
}

const QColor kSegmentColours[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f),
                                  QColor(0xb0, 0x7a, 0xa1), QColor(0x76, 0xb7, 0xb2), QColor(0xed, 0xc9, 0x48)};
const QColor kUnknown(0xd0, 0xd0, 0xd0);

QColor mix(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

// Blue (fastest) through pale yellow to red (slowest): a diverging scale readable in grey too.
QColor latencyColour(double t) {
    const QColor fast(0x2c, 0x7b, 0xb6), middle(0xff, 0xff, 0xbf), slow(0xd7, 0x19, 0x1c);
    return t < 0.5 ? mix(fast, middle, 2 * t) : mix(middle, slow, 2 * t - 1);
}

}  // namespace

SmLayoutMap SmLayoutMap::fromTopology(const Topology& t) {
    SmLayoutMap m;
    const Attribute* gpcs = decidedGroups(t, Element::Compute, attr::gpcs);
    if (!gpcs) return m;
    m.atLeast_ = gpcs->lowerBound;
    const Attribute* tpcs = decidedGroups(t, Element::Compute, attr::tpcs);
    std::map<int, std::vector<int>> tpcOf;  // SM -> its TPC's SMs
    if (tpcs)
        for (const auto& tpc : tpcs->groups)
            for (int sm : tpc) tpcOf[sm] = tpc;
    const auto columnsOf = [&](const std::vector<int>& sms) {
        std::vector<std::vector<int>> columns;
        std::set<int> done;
        for (int sm : sms) {
            if (done.count(sm)) continue;
            std::vector<int> column = tpcOf.count(sm) ? tpcOf[sm] : std::vector<int>{sm};
            std::sort(column.begin(), column.end());
            done.insert(column.begin(), column.end());
            columns.push_back(column);
        }
        std::sort(columns.begin(), columns.end());
        return columns;
    };
    std::set<int> placed;
    for (std::size_t g = 0; g < gpcs->groups.size(); ++g) {
        std::vector<int> sms = gpcs->groups[g];
        std::sort(sms.begin(), sms.end());
        placed.insert(sms.begin(), sms.end());
        Row row{QString(), columnsOf(sms), true};
        row.label = tr("GPC %1 · %n TPC(s)", nullptr, static_cast<int>(row.tpcs.size())).arg(g);
        m.rows_.push_back(std::move(row));
    }
    std::vector<int> left;
    for (int u = 0; u < t.device.unitCount; ++u)
        if (!placed.count(t.device.physicalId(u))) left.push_back(t.device.physicalId(u));
    std::sort(left.begin(), left.end());
    if (!left.empty()) m.rows_.push_back({tr("in no GPC found"), columnsOf(left), false});

    if (const Attribute* segments = decidedGroups(t, Element::L2, attr::segments))
        for (std::size_t s = 0; s < segments->groups.size(); ++s)
            for (int sm : segments->groups[s]) m.segment_[sm] = static_cast<int>(s);
    if (const Series* distance = t.findSeries("l2.distance"))
        for (const SeriesRow& row : distance->rows) {
            const int unit = static_cast<int>(row.x);
            if (unit < 0 || unit >= t.device.unitCount) continue;
            const int sm = t.device.physicalId(unit);
            if (m.segment_.count(sm) && m.segment_[sm] == static_cast<int>(row.x2) && row.value > 0) m.latency_[sm] = row.value;
        }
    if (!m.latency_.empty()) {
        const auto [lo, hi] = std::minmax_element(m.latency_.begin(), m.latency_.end(),
                                                  [](const auto& a, const auto& b) { return a.second < b.second; });
        m.fastest_ = lo->second;
        m.slowest_ = hi->second;
    }
    return m;
}

std::optional<int> SmLayoutMap::segmentOf(int sm) const {
    const auto it = segment_.find(sm);
    return it == segment_.end() ? std::nullopt : std::optional<int>(it->second);
}

std::optional<double> SmLayoutMap::latencyOf(int sm) const {
    const auto it = latency_.find(sm);
    return it == latency_.end() ? std::nullopt : std::optional<double>(it->second);
}

QString SmLayoutMap::summary() const {
    int gpcs = 0, tpcs = 0, sms = 0;
    for (const auto& row : rows_) {
        gpcs += row.gpc ? 1 : 0;
        tpcs += static_cast<int>(row.tpcs.size());
        for (const auto& t : row.tpcs) sms += static_cast<int>(t.size());
    }
    return (atLeast_ ? tr("at least %n GPC(s)", nullptr, gpcs) : tr("%n GPC(s)", nullptr, gpcs)) + QStringLiteral(", ") +
           tr("%n TPC(s)", nullptr, tpcs) + QStringLiteral(", ") + tr("%n SM(s)", nullptr, sms);
}

std::optional<std::pair<std::size_t, std::size_t>> SmLayoutMap::place(int sm) const {
    for (std::size_t r = 0; r < rows_.size(); ++r)
        for (std::size_t c = 0; c < rows_[r].tpcs.size(); ++c)
            if (std::find(rows_[r].tpcs[c].begin(), rows_[r].tpcs[c].end(), sm) != rows_[r].tpcs[c].end())
                return std::make_pair(r, c);
    return std::nullopt;
}

QString SmLayoutMap::describe(int sm) const {
    const auto at = place(sm);
    if (!at) return {};
    const Row& row = rows_[at->first];
    const auto& tpc = row.tpcs[at->second];
    QStringList parts{tr("SM %1").arg(sm)};
    if (tpc.size() > 1) {
        QStringList ids;
        for (int s : tpc) ids << QString::number(s);
        parts << tr("TPC of SMs %1").arg(ids.join(QStringLiteral(", ")));
    }
    parts << row.label;
    if (const auto s = segmentOf(sm)) parts << tr("near L2 segment %1").arg(*s);
    if (const auto l = latencyOf(sm)) parts << tr("L2 hit %1 cycles").arg(*l, 0, 'f', 1);
    return parts.join(QStringLiteral(" · "));
}

int SmLayoutMap::widestRow() const {
    std::size_t widest = 1;
    for (const auto& row : rows_) widest = std::max(widest, row.tpcs.size());
    return static_cast<int>(widest);
}

double SmLayoutMap::labelWidth(const QRectF& area) const { return std::min(150.0, area.width() * 0.22); }

// A TPC column is one cell wide with a quarter cell between columns; a row two cells high with
// half a cell between rows; the legend takes two cells' height.
double SmLayoutMap::cellSize(const QRectF& area) const {
    const double across = (area.width() - labelWidth(area)) / (1.25 * widestRow());
    const double down = area.height() / (2.5 * static_cast<double>(rows_.size()) + 2.5);
    return std::max(4.0, std::min({across, down, 40.0}));
}

QRectF SmLayoutMap::cellRect(const QRectF& area, int sm) const {
    const auto at = place(sm);
    if (!at) return {};
    const double cell = cellSize(area);
    const auto& tpc = rows_[at->first].tpcs[at->second];
    const auto index = std::find(tpc.begin(), tpc.end(), sm) - tpc.begin();
    const double x = area.left() + labelWidth(area) + 1.25 * cell * static_cast<double>(at->second);
    const double y = area.top() + 2.5 * cell * static_cast<double>(at->first) +
                     cell * 2.0 * static_cast<double>(index) / static_cast<double>(std::max<std::size_t>(2, tpc.size()));
    return QRectF(x, y, cell, 2.0 * cell / static_cast<double>(std::max<std::size_t>(2, tpc.size())));
}

int SmLayoutMap::smAt(const QRectF& area, const QPointF& point) const {
    for (const auto& row : rows_)
        for (const auto& tpc : row.tpcs)
            for (int sm : tpc)
                if (cellRect(area, sm).contains(point)) return sm;
    return -1;
}

double SmLayoutMap::drawnBottom(const QRectF& area) const {
    return area.top() + cellSize(area) * (2.5 * static_cast<double>(rows_.size()) + 2.0);
}

QColor SmLayoutMap::colourOf(int sm, Colouring colouring) const {
    if (colouring == Colouring::NearSegment) {
        const auto s = segmentOf(sm);
        return s ? kSegmentColours[static_cast<std::size_t>(*s) % std::size(kSegmentColours)] : kUnknown;
    }
    const auto l = latencyOf(sm);
    if (!l) return kUnknown;
    return latencyColour(slowest_ > fastest_ ? (*l - fastest_) / (slowest_ - fastest_) : 0.5);
}

void SmLayoutMap::paint(QPainter& painter, const QRectF& area, Colouring colouring, int selected) const {
    painter.save();
    const double cell = cellSize(area);
    const QFont labelFont = painter.font();
    QFont idFont = labelFont;
    idFont.setPixelSize(std::max(8, static_cast<int>(cell * 0.5)));  // three digits fit a cell
    const auto selectedAt = place(selected);  // none for -1
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const Row& row = rows_[r];
        const QRectF labelBox(area.left(), area.top() + 2.5 * cell * static_cast<double>(r), labelWidth(area) - 6, 2 * cell);
        painter.setPen(row.gpc ? Qt::black : Qt::darkGray);
        painter.drawText(labelBox, Qt::AlignVCenter | Qt::AlignLeft | Qt::TextWordWrap, row.label);
        for (const auto& tpc : row.tpcs)
            for (int sm : tpc) {
                const QRectF box = cellRect(area, sm);
                painter.setPen(QPen(Qt::white, 1));
                painter.setBrush(colourOf(sm, colouring));
                painter.drawRect(box);
                if (cell >= 18) {
                    painter.setFont(idFont);
                    painter.setPen(Qt::black);
                    painter.drawText(box, Qt::AlignCenter, QString::number(sm));
                    painter.setFont(labelFont);
                }
            }
        if (selectedAt && selectedAt->first == r) {  // the selection's GPC underlined
            const double y = labelBox.bottom() + 0.2 * cell;
            painter.setPen(QPen(Qt::red, 2));
            painter.drawLine(QPointF(area.left() + labelWidth(area), y),
                             QPointF(area.left() + labelWidth(area) + 1.25 * cell * static_cast<double>(row.tpcs.size()) - 0.25 * cell, y));
        }
    }
    if (selectedAt) {
        const auto& tpc = rows_[selectedAt->first].tpcs[selectedAt->second];
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(Qt::red, 2));
        painter.drawRect(cellRect(area, tpc.front()).united(cellRect(area, tpc.back())));
    }
    paintLegend(painter, area, colouring);
    painter.restore();
}

void SmLayoutMap::paintLegend(QPainter& painter, const QRectF& area, Colouring colouring) const {
    const double cell = cellSize(area);
    const double top = area.top() + 2.5 * cell * static_cast<double>(rows_.size()) + 0.25 * cell;
    const double swatch = std::max(8.0, cell * 0.8);
    double x = area.left();
    const auto entry = [&](const QColor& colour, const QString& text) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        painter.drawRect(QRectF(x, top, swatch, swatch));
        painter.setPen(Qt::black);
        const double width = painter.fontMetrics().horizontalAdvance(text);
        painter.drawText(QPointF(x + swatch + 4, top + swatch * 0.85), text);
        x += swatch + width + 16;
    };
    if (colouring == Colouring::NearSegment) {
        std::set<int> segments;
        for (const auto& [sm, s] : segment_) segments.insert(s);
        for (int s : segments) entry(kSegmentColours[static_cast<std::size_t>(s) % std::size(kSegmentColours)], tr("near L2 segment %1").arg(s));
        if (segments.empty()) entry(kUnknown, tr("L2 segments not measured"));
        return;
    }
    if (latency_.empty()) {
        entry(kUnknown, tr("L2 hit latency not measured"));
        return;
    }
    entry(latencyColour(0), tr("%1 cycles").arg(fastest_, 0, 'f', 1));
    entry(latencyColour(0.5), tr("%1 cycles").arg((fastest_ + slowest_) / 2, 0, 'f', 1));
    entry(latencyColour(1), tr("%1 cycles (L2 hit in the SM's own segment)").arg(slowest_, 0, 'f', 1));
}

}  // namespace ts::gui
