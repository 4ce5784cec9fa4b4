#include "sheet_figure_agreement.hpp"

#include <QRegularExpression>

#include "topology/sheet_table.hpp"
#include "topology/topology_lookup.hpp"

namespace ts::gui {
namespace {

struct TableEntry {
    QString value;       // as the table prints it ("—" when undecided)
    QString confidence;  // as the table prints it ("0" when undecided; empty for an API value)
};

std::vector<TableEntry> tableEntriesOf(const Topology& d, const QString& seriesId) {
    std::vector<TableEntry> out;
    for (const QString& id : elementIds(d))
        for (const Attribute& a : attributesOf(d, id))
            if (QString::fromStdString(a.evidence) == seriesId)
                out.push_back({sheetValue(a), a.source == Source::Api ? QString()
                                              : sheetUndecided(a)     ? QStringLiteral("0")
                                                                      : QString::number(a.confidence, 'f', 2)});
    return out;
}

}  // namespace

QStringList figureDisagreements(const Topology& shown, const QString& seriesId, const QStringList& labels) {
    static const QRegularExpression stated(QStringLiteral("^(?:capacity |contiguous knee )?(.+) · confidence (\\d+\\.\\d\\d)"));
    static const QRegularExpression rejected(QStringLiteral("^change point .+ rejected · (?:decided (.+)|undecided)$"));
    static const QRegularExpression bare(QStringLiteral("^change point .+ · confidence"));
    const std::vector<TableEntry> table = tableEntriesOf(shown, seriesId);
    const auto anyEntry = [&](auto&& match) { return std::any_of(table.begin(), table.end(), match); };
    QStringList out;
    for (const QString& label : labels) {
        bool agrees = true;
        if (bare.match(label).hasMatch()) {
            agrees = !anyEntry([](const TableEntry& e) { return e.value != QStringLiteral("—"); });
        } else if (const auto r = rejected.match(label); r.hasMatch()) {
            const QString decided = r.captured(1);
            agrees = anyEntry([&](const TableEntry& e) {
                return decided.isEmpty() ? e.value == QStringLiteral("—") : e.value == decided;
            });
        } else if (const auto s = stated.match(label); s.hasMatch()) {
            agrees = anyEntry([&](const TableEntry& e) { return e.value == s.captured(1) && e.confidence == s.captured(2); });
        }
        if (agrees) continue;
        QStringList held;
        for (const TableEntry& e : table) held << (e.confidence.isEmpty() ? e.value : e.value + QStringLiteral(" at ") + e.confidence);
        out << QStringLiteral("%1: the figure says \"%2\", the table %3")
                   .arg(seriesId, label, held.isEmpty() ? QStringLiteral("nothing") : held.join(QStringLiteral(", ")));
    }
    return out;
}

}  // namespace ts::gui
