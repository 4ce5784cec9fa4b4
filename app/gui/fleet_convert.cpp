#include "fleet_convert.hpp"

#include "fleet/compare.hpp"
#include "fleet/outlier_rule.hpp"
#include "model/space.hpp"

namespace ts::gui {
namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

// The diagram's ids ("l1", "vl1") of the elements the engine reads a key attribute from.
QStringList elementIds(const std::vector<Element>& elements) {
    QStringList ids;
    for (Element e : elements) ids << QString::fromUtf8(toString(e).data(), static_cast<qsizetype>(toString(e).size()));
    return ids;
}

}  // namespace

FleetData toFleetData(const std::vector<fleet::FleetMember>& members) {
    const fleet::Comparison comparison = fleet::compare(members);
    FleetData d;
    d.minimumMembers = static_cast<int>(fleet::kMinMembers);
    for (const auto& note : comparison.notes) d.notes << text(note);
    for (std::size_t a = 0; a < comparison.attributes.size(); ++a) {
        const fleet::KeyAttribute& attribute = comparison.attributes[a];
        d.attributes.push_back({text(attribute.id), text(attribute.label), text(attribute.unit), comparison.medians[a],
                                elementIds(attribute.elements)});
    }
    for (std::size_t i = 0; i < members.size(); ++i) {
        const fleet::FleetMember& m = members[i];
        FleetMemberData out;
        out.host = text(m.host);
        out.rank = m.rank;
        out.deviceIndex = m.deviceIndex;
        out.uuid = text(m.uuid);
        out.uuidSynthetic = m.uuidSynthetic;
        out.label = i < comparison.memberLabels.size() ? text(comparison.memberLabels[i]) : QString();
        out.source = text(m.source);
        out.topology = m.report;
        d.members.push_back(std::move(out));
        std::vector<FleetCellData> row;
        for (const fleet::Cell& c : comparison.cells[i]) row.push_back({c.value, c.robustZ, c.outlier});
        d.cells.push_back(std::move(row));
    }
    return d;
}

}  // namespace ts::gui
