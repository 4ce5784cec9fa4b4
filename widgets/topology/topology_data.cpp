#include "topology/topology_data.hpp"

namespace ts::gui {

const ResultData* TopologyData::find(const QString& elementId, const QString& name) const {
    for (const auto& r : results)
        if (r.elementId == elementId && r.name == name) return &r;
    return nullptr;
}

bool TopologyData::hasElement(const QString& elementId) const {
    for (const auto& r : results)
        if (r.elementId == elementId) return true;
    return false;
}

QStringList TopologyData::elementIds() const {
    QStringList out;
    for (const auto& r : results)
        if (!out.contains(r.elementId)) out << r.elementId;
    return out;
}

QString TopologyData::elementName(const QString& elementId) const {
    for (const auto& r : results)
        if (r.elementId == elementId) return r.elementName;
    return elementId;
}

QString TopologyData::elementIdOfName(const QString& displayName) const {
    for (const auto& r : results)
        if (r.elementName.compare(displayName, Qt::CaseInsensitive) == 0) return r.elementId;
    return {};
}

std::vector<const ResultData*> TopologyData::attributesOf(const QString& elementId) const {
    std::vector<const ResultData*> out;
    for (const auto& r : results)
        if (r.elementId == elementId) out.push_back(&r);
    return out;
}

const ResultData* TopologyData::usable(const QString& elementId, const QString& name) const {
    const ResultData* r = find(elementId, name);
    return r && attributeOf(*r).isShowable() ? r : nullptr;
}

Topology TopologyData::engineTopology() const {
    Topology t;
    t.device = device;
    t.toolVersion = toolVersion.toStdString();
    t.timestamp = timestamp.toStdString();
    for (const auto& r : results)
        if (const auto element = elementFromString(r.elementId.toStdString())) t.element(*element).set(attributeOf(r));
    return t;
}

}  // namespace ts::gui
