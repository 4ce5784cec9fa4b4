#include "model/space.hpp"

#include <array>
#include <utility>

namespace ts {
namespace {

constexpr std::array<std::pair<Space, std::string_view>, 10> kSpaces{{
    {Space::Global, "global"},     {Space::GlobalL2, "global_l2"}, {Space::Texture, "texture"},
    {Space::ReadOnly, "readonly"}, {Space::Constant, "constant"},  {Space::Shared, "shared"},
    {Space::Vector, "vector"},     {Space::VectorL2, "vector_l2"}, {Space::Scalar, "scalar"},
    {Space::Lds, "lds"},
}};

struct ElementNames {
    Element element;
    std::string_view id;
    std::string_view display;
};
constexpr std::array<ElementNames, 13> kElements{{
    {Element::L1, "l1", "L1"},
    {Element::L2, "l2", "L2"},
    {Element::Texture, "texture", "Texture"},
    {Element::ReadOnly, "readonly", "Read Only"},
    {Element::ConstantL1, "constant_l1", "Constant L1"},
    {Element::ConstantL15, "constant_l15", "Constant L1.5"},
    {Element::Shared, "shared", "Shared Memory"},
    {Element::DeviceMemory, "device_memory", "Main Memory"},
    {Element::VL1, "vl1", "vL1"},
    {Element::SL1D, "sl1d", "sL1d"},
    {Element::L3, "l3", "L3"},
    {Element::Lds, "lds", "LDS"},
    {Element::Compute, "compute", "Compute"},
}};

}  // namespace

std::string_view toString(Space s) {
    for (const auto& [space, name] : kSpaces)
        if (space == s) return name;
    return "?";
}

std::optional<Space> spaceFromString(std::string_view s) {
    for (const auto& [space, name] : kSpaces)
        if (name == s) return space;
    return std::nullopt;
}

std::string_view toString(Element e) {
    for (const auto& names : kElements)
        if (names.element == e) return names.id;
    return "?";
}

std::string_view displayName(Element e) {
    for (const auto& names : kElements)
        if (names.element == e) return names.display;
    return "?";
}

std::optional<Element> elementFromString(std::string_view s) {
    for (const auto& names : kElements)
        if (names.id == s) return names.element;
    return std::nullopt;
}

std::optional<Element> elementFromDisplayName(std::string_view s) {
    for (const auto& names : kElements)
        if (names.display == s) return names.element;
    return std::nullopt;
}

std::string_view toString(Vendor v) { return v == Vendor::Nvidia ? "NVIDIA" : "AMD"; }

bool bypassesUnitCaches(Space s) { return s == Space::GlobalL2 || s == Space::VectorL2; }

}  // namespace ts
