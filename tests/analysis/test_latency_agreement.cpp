// The note on a physical-sharing class: which of hit latency and miss penalty agree.
#include <gtest/gtest.h>

#include "analysis/latency_agreement.hpp"

using namespace ts;

namespace {

void measured(Topology& t, Element e, double latency, double missPenalty, double confidence = 1.0) {
    Attribute hit;
    hit.name = "latency";
    hit.value = latency;
    hit.confidence = confidence;
    t.element(e).set(hit);
    Attribute penalty;
    penalty.name = "missPenalty";
    penalty.value = missPenalty;
    penalty.confidence = confidence;
    t.element(e).set(penalty);
}

const std::vector<Element> kL1Family{Element::L1, Element::Texture, Element::ReadOnly};

}  // namespace

TEST(LatencyAgreement, OneSramOnePath) {
    Topology t;
    measured(t, Element::L1, 38, 250);
    measured(t, Element::Texture, 40, 248);
    measured(t, Element::ReadOnly, 38, 251);
    EXPECT_EQ(latencyAgreementNote(t, kL1Family),
              "hit latencies L1 38, Texture 40, Read Only 38 cycles and miss penalties agree (one SRAM, one path)");
}

// The H200 at 9f72e91: texture fetches pass the texture pipeline, the SRAM behind is the same.
TEST(LatencyAgreement, LongerPathSameSramAsOnTheH200) {
    Topology t;
    measured(t, Element::L1, 34, 258);
    measured(t, Element::Texture, 94, 247);
    measured(t, Element::ReadOnly, 34, 258);
    const std::string note = latencyAgreementNote(t, kL1Family);
    EXPECT_NE(note.find("L1 34, Texture 94, Read Only 34 cycles differ by access path"), std::string::npos) << note;
    EXPECT_NE(note.find("miss penalties agree within 4 % (L1 258, Texture 247, Read Only 258 cycles)"),
              std::string::npos)
        << note;
}

TEST(LatencyAgreement, BothDifferIsSaid) {
    Topology t;
    measured(t, Element::L1, 34, 258);
    measured(t, Element::Texture, 94, 400);
    const std::string note = latencyAgreementNote(t, {Element::L1, Element::Texture});
    EXPECT_NE(note.find(" differ, and the miss penalties differ by 55 %"), std::string::npos) << note;
}

TEST(LatencyAgreement, NothingToSayWithoutTwoDecidedMembers) {
    Topology t;
    EXPECT_EQ(latencyAgreementNote(t, kL1Family), "");
    measured(t, Element::L1, 34, 258);
    measured(t, Element::Texture, 94, 247, 0.0);  // undecided: not compared
    EXPECT_EQ(latencyAgreementNote(t, kL1Family), "");
    EXPECT_EQ(latencyAgreementNote(t, {Element::L1}), "");
}
