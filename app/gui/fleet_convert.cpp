#include "fleet_convert.hpp"

#include "fleet/compare.hpp"
#include "fleet/outlier_rule.hpp"
#include "model/space.hpp"

namespace ts::gui {
namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

// The elements a key attribute is read from (by its id's prefix, as key_attributes.cpp reads
// them), so the fleet view can outline that box in the diagram.
QStringList elementsOf(const std::string& attributeId) {
    const std::string prefix = attributeId.substr(0, attributeId.find('.'));
    std::vector<Element> elements;
    if (prefix == "l1") elements = {Element::L1, Element::VL1};
    else if (prefix == "l2") elements = {Element::L2};
    else if (prefix == "shared") elements = {Element::Shared, Element::Lds};
    else if (prefix == "dram") elements = {Element::DeviceMemory};
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
        std::vector<std::optional<double>> values;
        for (const auto& row : comparison.cells) values.push_back(row[a].value);
        // The median the engine's rule judged against, for the tooltips (compare() keeps only z).
        const fleet::OutlierVerdict verdict = fleet::judgeOutliers(values, attribute.resolution);
        FleetAttributeData out{text(attribute.id), text(attribute.label), text(attribute.unit), std::nullopt,
                               elementsOf(attribute.id)};
        if (verdict.decided) out.median = verdict.median;
        d.attributes.push_back(std::move(out));
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
