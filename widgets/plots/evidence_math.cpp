#include "plots/evidence_math.hpp"

#include <QCoreApplication>

#include <algorithm>
#include <vector>

#include "view_support/format.hpp"

namespace ts::gui {

std::vector<double> sortedLoads(std::span<const std::uint32_t> loads) {
    std::vector<double> sorted(loads.begin(), loads.end());
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

const Attribute* findDecision(const StoredSeries& series, std::string_view attribute) {
    for (const auto& d : series.decisions)
        if (d.attribute.name == attribute) return &d.attribute;
    return nullptr;
}

QString decisionText(const StoredSeries& series, std::string_view attribute) {
    const Attribute* d = findDecision(series, attribute);
    if (!d) return QCoreApplication::translate("ts::gui::Evidence", "%1: no decision yet").arg(series.title);
    return QCoreApplication::translate("ts::gui::Evidence", "%1: %2.").arg(series.title, decisionClause(*d));
}

QString decisionClause(const Attribute& d) {
    const QString head = QCoreApplication::translate("ts::gui::Evidence", "%1 = %2 (confidence %3)")
                             .arg(attributeTitle(QString::fromStdString(d.name)), formatValue(d))
                             .arg(d.confidence, 0, 'f', 2);
    // An empty reason leaves no empty clause behind ("(confidence 0.80): ; decided …").
    return d.reason.empty() ? head : head + QStringLiteral(": ") + reasonText(d.reason);
}

}  // namespace ts::gui
