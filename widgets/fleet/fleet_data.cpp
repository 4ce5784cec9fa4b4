#include "fleet/fleet_data.hpp"

#include <cmath>

#include "common/format.hpp"

namespace ts::gui {

int FleetData::outlierCount() const {
    int n = 0;
    for (const auto& row : cells)
        for (const auto& c : row) n += c.outlier ? 1 : 0;
    return n;
}

int FleetData::outlierAttributeCount() const {
    int n = 0;
    for (std::size_t a = 0; a < attributes.size(); ++a) {
        bool any = false;
        for (const auto& row : cells) any = any || (a < row.size() && row[a].outlier);
        n += any ? 1 : 0;
    }
    return n;
}

const FleetCellData* FleetData::cell(int member, int attribute) const {
    if (member < 0 || attribute < 0 || member >= static_cast<int>(cells.size())) return nullptr;
    const auto& row = cells[static_cast<std::size_t>(member)];
    if (attribute >= static_cast<int>(row.size())) return nullptr;
    return &row[static_cast<std::size_t>(attribute)];
}

std::vector<int> FleetData::outlierAttributes(int member) const {
    std::vector<int> out;
    for (int a = 0; a < static_cast<int>(attributes.size()); ++a)
        if (const FleetCellData* c = cell(member, a); c && c->outlier) out.push_back(a);
    return out;
}

QString fleetRowLabel(const FleetMemberData& m) {
    QString uuid = m.uuid;
    if (uuid.startsWith(QLatin1String("GPU-"))) uuid = uuid.mid(4);
    const QString where = m.host.isEmpty() ? m.label : m.host;
    QStringList parts{where, QString::number(m.deviceIndex)};
    if (!uuid.isEmpty()) parts << uuid.left(8);
    return parts.join(QStringLiteral(" · "));
}

QString formatFleetValue(double value, const QString& unit) {
    Attribute a;
    a.value = value;
    a.unit = unit == QLatin1String("B") ? std::string("bytes") : unit.toStdString();
    return formatValue(a);
}

QString formatRobustZ(double z) {
    if (std::isinf(z)) return z > 0 ? QStringLiteral("+∞") : QStringLiteral("−∞");
    return QString::number(z, 'f', 1);
}

}  // namespace ts::gui
