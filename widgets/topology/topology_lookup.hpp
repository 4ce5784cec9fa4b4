#pragma once
// The topology views name elements by their stable ids ("l1", "l2", "constant_l15": the
// engine's toString(Element)), so a box can stand for several. These read the engine's
// Topology by such an id; what counts as worth showing is the engine's rule (findShowable).
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <span>
#include <string>

#include "model/topology.hpp"

namespace ts::gui {

std::optional<Element> elementOfId(const QString& id);
QString idOf(Element element);
QString elementName(const QString& id);           // the engine's displayName: "Constant L1.5"
bool hasElement(const Topology& topology, const QString& id);  // it holds at least one attribute
QStringList elementIds(const Topology& topology);               // those with attributes, in the engine's order
std::span<const Attribute> attributesOf(const Topology& topology, const QString& id);
const Attribute* findAttribute(const Topology& topology, const QString& id, const std::string& name);
// Elements that are the same physical cache as an earlier one (the H100's Texture and Read Only
// are its L1, the engine's physicalCaches), each with that first member's id.
std::map<QString, QString> laterMembersOfACache(const Topology& topology);
const Attribute* findShowable(const Topology& topology, const QString& id, const std::string& name);

}  // namespace ts::gui
