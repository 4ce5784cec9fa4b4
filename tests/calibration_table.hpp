#pragma once
// How often a confidence is right (issue 34): judged attributes (tests/truth_check.hpp) counted
// per attribute kind and confidence band. A confidence is a lower bound on the share right: in
// each band at least its lower edge, and nothing above 0.95 wrong.
#include <array>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "truth_check.hpp"

namespace ts::test {

struct ConfidenceBand {
    double lower, upper;  // (lower, upper]
    const char* label;
};
inline constexpr std::array<ConfidenceBand, 3> kConfidenceBands{
    {{0.5, 0.8, "(0.5,0.8]"}, {0.8, 0.95, "(0.8,0.95]"}, {0.95, 1.0, "(0.95,1]"}}};

struct BandCount {
    int decided = 0, right = 0;
    double shareRight() const { return decided ? static_cast<double>(right) / decided : 1.0; }
};

struct KindCount {
    std::array<BandCount, kConfidenceBands.size()> bands{};
    int undecided = 0;  // confidence at most 0.5, or absent
    int total() const {
        int n = undecided;
        for (const auto& b : bands) n += b.decided;
        return n;
    }
    double shareDecided() const { return total() ? 1.0 - static_cast<double>(undecided) / total() : 1.0; }
};

class CalibrationTable {
public:
    void add(const JudgedAttribute& j) {
        KindCount& k = kinds_[j.kind];
        if (!j.present || j.confidence <= kConfidenceBands.front().lower) {
            ++k.undecided;
            undecided_.push_back(j);
            return;
        }
        for (std::size_t b = 0; b < kConfidenceBands.size(); ++b)
            if (j.confidence <= kConfidenceBands[b].upper || b + 1 == kConfidenceBands.size()) {
                ++k.bands[b].decided;
                k.bands[b].right += j.right ? 1 : 0;
                break;
            }
        if (!j.right) wrong_.push_back(j);
    }
    void add(const std::vector<JudgedAttribute>& all) {
        for (const auto& j : all) add(j);
    }
    const std::map<std::string, KindCount>& kinds() const { return kinds_; }
    // Decided (above 0.5) and wrong, in the order they were added.
    const std::vector<JudgedAttribute>& wrong() const { return wrong_; }
    // Judged and not decided above 0.5, in the order they were added.
    const std::vector<JudgedAttribute>& undecided() const { return undecided_; }

    // Each band's share right at least its lower edge, nothing above 0.95 wrong, and of every
    // kind at least `minDecided` decided. The first rule broken, or "" when none is.
    std::string brokenRule(double minDecided = 0.9) const {
        for (const auto& [kind, k] : kinds_) {
            for (std::size_t b = 0; b < kConfidenceBands.size(); ++b) {
                const BandCount& c = k.bands[b];
                if (b + 1 == kConfidenceBands.size() && c.right < c.decided)
                    return kind + ": " + std::to_string(c.decided - c.right) + " wrong above 0.95";
                if (c.decided && c.shareRight() < kConfidenceBands[b].lower)
                    return kind + ": " + std::to_string(c.right) + " of " + std::to_string(c.decided) + " right in " +
                           kConfidenceBands[b].label;
            }
            if (k.shareDecided() < minDecided)
                return kind + ": " + std::to_string(k.total() - k.undecided) + " of " + std::to_string(k.total()) +
                       " decided above 0.5";
        }
        return "";
    }

    void print(std::FILE* out) const {
        std::fprintf(out, "%-18s %7s %9s", "kind", "judged", "decided");
        for (const auto& band : kConfidenceBands) std::fprintf(out, " %16s", band.label);
        std::fprintf(out, "\n");
        for (const auto& [kind, k] : kinds_) {
            std::fprintf(out, "%-18s %7d %8.1f%%", kind.c_str(), k.total(), 100 * k.shareDecided());
            for (const auto& c : k.bands) {
                if (c.decided) std::fprintf(out, " %6d %7.1f%%ok", c.decided, 100 * c.shareRight());
                else std::fprintf(out, " %16s", "-");
            }
            std::fprintf(out, "\n");
        }
    }

private:
    std::map<std::string, KindCount> kinds_;
    std::vector<JudgedAttribute> wrong_, undecided_;
};

}  // namespace ts::test
