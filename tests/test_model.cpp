#include <gtest/gtest.h>

#include "model/topology.hpp"

using namespace ts;

TEST(Model, ElementNamesRoundTrip) {
    for (Element e : {Element::L1, Element::L2, Element::Texture, Element::ReadOnly, Element::ConstantL1,
                      Element::ConstantL15, Element::Shared, Element::DeviceMemory, Element::VL1,
                      Element::SL1D, Element::L3, Element::Lds}) {
        auto back = elementFromString(toString(e));
        ASSERT_TRUE(back.has_value()) << toString(e);
        EXPECT_EQ(*back, e);
    }
}

TEST(Model, SetReplacesAttributeOfSameName) {
    Topology t;
    t.element(Element::L1).set({.name = "size", .value = 1});
    t.element(Element::L1).set({.name = "size", .value = 2});
    ASSERT_NE(t.find(Element::L1, "size"), nullptr);
    EXPECT_EQ(t.find(Element::L1, "size")->value, 2);
    EXPECT_EQ(t.element(Element::L1).attributes.size(), 1u);
}
