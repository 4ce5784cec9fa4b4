#include "topology/topology_lookup.hpp"

namespace ts::gui {
namespace {

QString q(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace

std::optional<Element> elementOfId(const QString& id) { return elementFromString(id.toStdString()); }

QString idOf(Element element) { return q(toString(element)); }

QString elementName(const QString& id) {
    const auto element = elementOfId(id);
    return element ? q(displayName(*element)) : id;
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

}  // namespace ts::gui
