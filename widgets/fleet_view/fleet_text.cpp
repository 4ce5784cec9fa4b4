#include "fleet_view/fleet_text.hpp"

#include <cmath>

#include "view_support/format.hpp"
#include "model/attribute_names.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {

QString fleetRowLabel(const FleetComparison& fleet, int member) {
    if (member < 0 || member >= static_cast<int>(fleet.members.size())) return {};
    const auto index = static_cast<std::size_t>(member);
    const FleetMember& m = fleet.members[index];
    QString uuid = QString::fromStdString(m.uuid);
    if (uuid.startsWith(QLatin1String("GPU-"))) uuid = uuid.mid(4);
    const std::string& where = m.host.empty() && index < fleet.memberLabels.size() ? fleet.memberLabels[index] : m.host;
    QStringList parts{QString::fromStdString(where), QString::number(m.deviceIndex)};
    if (!uuid.isEmpty()) parts << uuid.left(8);
    return parts.join(QStringLiteral(" · "));
}

QString formatFleetValue(double value, const std::string& unit) {
    Attribute a;
    a.value = value;
    a.unit = unit == "B" ? std::string(unit::bytes) : unit;
    return formatValue(a);
}

QString formatRobustZ(double z) {
    if (std::isinf(z)) return z > 0 ? QStringLiteral("+∞") : QStringLiteral("−∞");
    return QString::number(z, 'f', 1);
}

QStringList fleetElementIds(const FleetAttribute& attribute) {
    QStringList ids;
    for (Element e : attribute.elements) {
        const std::string_view id = toString(e);
        ids << qText(id);
    }
    return ids;
}

}  // namespace ts::gui
