#include "topology/topology_lookup.hpp"

#include "view_support/qt_text.hpp"

namespace ts::gui {
std::optional<Element> elementOfId(const QString& id) { return elementFromString(id.toStdString()); }

QString idOf(Element element) { return qText(toString(element)); }

QString elementName(const QString& id) {
    const auto element = elementOfId(id);
    return element ? qText(displayName(*element)) : id;
}

bool hasElement(const Topology& topology, const QString& id) { return !attributesOf(topology, id).empty(); }

QStringList elementIds(const Topology& topology) {
    QStringList ids;
    for (const auto& [element, report] : topology.elements)
        if (!report.attributes.empty()) ids << idOf(element);
    return ids;
}

std::span<const Attribute> attributesOf(const Topology& topology, const QString& id) {
    const auto element = elementOfId(id);
    if (!element) return {};
    const auto it = topology.elements.find(*element);
    if (it == topology.elements.end()) return {};
    return it->second.attributes;
}

const Attribute* findAttribute(const Topology& topology, const QString& id, const std::string& name) {
    const auto element = elementOfId(id);
    return element ? topology.find(*element, name) : nullptr;
}

const Attribute* findShowable(const Topology& topology, const QString& id, const std::string& name) {
    const auto element = elementOfId(id);
    return element ? topology.findShowable(*element, name) : nullptr;
}

std::map<QString, QString> laterMembersOfACache(const Topology& d) {
    std::vector<Element> all;
    for (const QString& id : elementIds(d))
        if (const auto e = elementOfId(id)) all.push_back(*e);
    std::map<QString, QString> out;
    for (const auto& cache : physicalCaches(d, all))
        for (std::size_t i = 1; i < cache.size(); ++i) out[idOf(cache[i])] = idOf(cache.front());
    return out;
}

}  // namespace ts::gui
