#include "plots/evidence_math.hpp"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/format.hpp"

namespace ts::gui {

double missFraction(std::span<const std::uint32_t> loads, double threshold) {
    if (loads.empty()) return 0;
    const auto misses = std::count_if(loads.begin(), loads.end(), [&](std::uint32_t v) { return v > threshold; });
    return static_cast<double>(misses) / static_cast<double>(loads.size());
}

double quantile(std::span<const std::uint32_t> loads, double q) {
    if (loads.empty()) return 0;
    std::vector<std::uint32_t> v(loads.begin(), loads.end());
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
    const std::size_t i = std::min(v.size() - 1, rank == 0 ? 0 : rank - 1);
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(i), v.end());
    return v[i];
}

const Attribute* findDecision(const StoredSeries& series, const QString& attribute) {
    const std::string name = attribute.toStdString();
    for (const auto& d : series.decisions)
        if (d.attribute.name == name) return &d.attribute;
    return nullptr;
}

QString decisionText(const StoredSeries& series, const QString& attribute) {
    const Attribute* d = findDecision(series, attribute);
    if (!d) return QCoreApplication::translate("ts::gui::Evidence", "%1: no decision yet").arg(series.title);
    return QCoreApplication::translate("ts::gui::Evidence", "%1: %2 = %3 (confidence %4). %5")
        .arg(series.title, attributeTitle(QString::fromStdString(d->name)), formatValue(*d))
        .arg(d->confidence, 0, 'f', 2)
        .arg(QString::fromStdString(d->reason));
}

}  // namespace ts::gui
