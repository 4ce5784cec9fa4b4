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

// The one set of "decided" rules (engine/model/attribute.hpp) that the engine, CLI and GUI share.
TEST(Model, AttributeRulesTellDecidedFiguresQuantitiesAndBounds) {
    const Attribute measured{.name = "size", .value = 4096, .confidence = 0.9};
    EXPECT_TRUE(measured.isDecided());
    EXPECT_TRUE(measured.isDecidedFigure());
    EXPECT_TRUE(measured.isDecidedQuantity());
    EXPECT_TRUE(measured.isShowable());

    const Attribute lower{.name = "size", .value = 65536, .confidence = 0.5, .lowerBound = true};
    EXPECT_TRUE(lower.isDecided());
    EXPECT_FALSE(lower.isDecidedFigure());  // a lower bound is no figure to build on
    EXPECT_TRUE(lower.isShowable());        // but the screen shows it as ">= 64 KiB"

    const Attribute undecidedBound{.name = "size", .value = 65536, .confidence = 0, .lowerBound = true};
    EXPECT_FALSE(undecidedBound.isDecided());
    EXPECT_FALSE(undecidedBound.isDecidedQuantity());
    EXPECT_TRUE(undecidedBound.isShowable());

    const Attribute upper{.name = "fetchGranularity", .value = 32, .confidence = 0.8, .upperBound = true};
    EXPECT_TRUE(upper.isDecidedFigure());  // an upper bound still limits a stride

    const Attribute undecided{.name = "lineSize", .value = 128, .confidence = 0};
    EXPECT_FALSE(undecided.isDecided());
    EXPECT_FALSE(undecided.isShowable());

    const Attribute zero{.name = "segments", .value = 0, .confidence = 1};
    EXPECT_TRUE(zero.isDecided());
    EXPECT_FALSE(zero.isDecidedQuantity());
    EXPECT_FALSE(zero.isShowable());

    const Attribute api{.name = "size", .value = 1024, .source = Source::Api, .confidence = 0};
    EXPECT_TRUE(api.isShowable());  // API values are shown whatever their confidence field says
}

TEST(Model, FindDecidedSkipsLowerBoundsAndUndecided) {
    Topology t;
    t.element(Element::L1).set({.name = "size", .value = 65536, .confidence = 0.5, .lowerBound = true});
    t.element(Element::L1).set({.name = "lineSize", .value = 128, .confidence = 0});
    t.element(Element::L1).set({.name = "latency", .value = 30, .confidence = 0.9});
    EXPECT_EQ(t.findDecided(Element::L1, "size"), nullptr);
    EXPECT_EQ(t.findDecided(Element::L1, "lineSize"), nullptr);
    ASSERT_NE(t.findDecided(Element::L1, "latency"), nullptr);
    EXPECT_EQ(t.findDecided(Element::L1, "latency")->value, 30);
}

TEST(Model, FindShowableKeepsApiDecidedAndBoundedPositiveValues) {
    Topology t;
    t.element(Element::L2).set(Attribute{.name = "apiSize", .value = 50, .source = Source::Api, .confidence = 0});
    t.element(Element::L2).set(Attribute{.name = "size", .value = 64, .confidence = 0, .lowerBound = true});
    t.element(Element::L2).set(Attribute{.name = "lineSize", .value = 128, .confidence = 0});
    t.element(Element::L2).set(Attribute{.name = "latency", .value = 0, .confidence = 1});
    EXPECT_NE(t.findShowable(Element::L2, "apiSize"), nullptr);
    EXPECT_NE(t.findShowable(Element::L2, "size"), nullptr);  // shown as ">= 64"
    EXPECT_EQ(t.findShowable(Element::L2, "lineSize"), nullptr);
    EXPECT_EQ(t.findShowable(Element::L2, "latency"), nullptr);
    EXPECT_EQ(t.findShowable(Element::L1, "size"), nullptr);
}

TEST(Model, PhysicalCachesJoinElementsThatNameEachOther) {
    Topology t;
    auto shares = [&](Element e, std::vector<std::string> names) {
        Attribute a;
        a.name = "sharedWith";
        a.names = std::move(names);
        t.element(e).set(a);
    };
    shares(Element::L1, {"Texture"});
    shares(Element::Texture, {"read only"});  // any case
    shares(Element::ReadOnly, {});
    shares(Element::ConstantL1, {});
    t.element(Element::L2).set(Attribute{.name = "size", .value = 1});
    const auto groups = physicalCaches(t, {Element::L1, Element::Texture, Element::ReadOnly, Element::VL1,
                                           Element::ConstantL1, Element::ConstantL15});
    ASSERT_EQ(groups.size(), 2u);  // VL1 and Constant L1.5 hold nothing; L2 is no candidate
    EXPECT_EQ(groups[0], (std::vector<Element>{Element::L1, Element::Texture, Element::ReadOnly}));
    EXPECT_EQ(groups[1], (std::vector<Element>{Element::ConstantL1}));
}
