#include "fleet/compare.hpp"

#include <cmath>
#include <filesystem>
#include <map>

#include "fleet/outlier_rule.hpp"

namespace ts::fleet {

std::string memberLabel(const FleetMember& m) {
    if (!m.host.empty()) return m.host + " GPU " + std::to_string(m.deviceIndex) + " (rank " + std::to_string(m.rank) + ")";
    if (!m.source.empty()) return std::filesystem::path(m.source).filename().string();
    return "GPU " + std::to_string(m.deviceIndex);
}

Comparison compare(const std::vector<FleetMember>& members) {
    Comparison c;
    c.attributes = keyAttributes();
    c.members = members;
    c.minimumMembers = kMinMembers;
    for (const auto& m : members) c.memberLabels.push_back(memberLabel(m));
    c.cells.assign(members.size(), std::vector<Cell>(c.attributes.size()));
    c.medians.assign(c.attributes.size(), std::nullopt);
    if (members.size() < kMinMembers)
        c.notes.push_back("only " + std::to_string(members.size()) + " GPU(s): outliers need at least " +
                          std::to_string(kMinMembers) + " to compare, so none are judged");

    for (std::size_t a = 0; a < c.attributes.size(); ++a) {
        const KeyAttribute& attribute = c.attributes[a];
        std::vector<std::optional<double>> values;
        for (const auto& m : members) values.push_back(keyValue(m.report, attribute.id));
        std::size_t present = 0;
        for (std::size_t i = 0; i < values.size(); ++i) {
            c.cells[i][a].value = values[i];
            present += values[i] ? 1 : 0;
        }
        if (present == 0) continue;
        if (present < values.size())
            for (std::size_t i = 0; i < values.size(); ++i)
                if (!values[i]) c.notes.push_back(attribute.id + ": no value for " + c.memberLabels[i]);
        const OutlierVerdict verdict = judgeOutliers(values, attribute.resolution);
        if (!verdict.decided) {
            if (members.size() >= kMinMembers) c.notes.push_back(attribute.id + ": no verdict (" + verdict.reason + ")");
            continue;
        }
        c.medians[a] = verdict.median;
        for (std::size_t i = 0; i < values.size(); ++i) {
            c.cells[i][a].robustZ = verdict.robustZ[i];
            c.cells[i][a].outlier = verdict.outlier[i];
        }
    }

    std::map<std::string, std::string> seen;  // uuid -> first label
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (members[i].uuid.empty()) continue;
        auto [it, fresh] = seen.emplace(members[i].uuid, c.memberLabels[i]);
        if (!fresh) c.notes.push_back("UUID " + members[i].uuid + " appears twice: " + it->second + " and " + c.memberLabels[i]);
    }
    return c;
}

nlohmann::json comparisonToJson(const Comparison& c, const std::vector<FleetMember>& members) {
    using nlohmann::json;
    json attributes = json::array();
    for (const auto& a : c.attributes) attributes.push_back({{"id", a.id}, {"label", a.label}, {"unit", a.unit}});
    json rows = json::array();
    for (std::size_t i = 0; i < c.cells.size(); ++i) {
        json cells = json::object();
        for (std::size_t a = 0; a < c.attributes.size(); ++a) {
            const Cell& cell = c.cells[i][a];
            if (!cell.value) continue;
            json z = std::isfinite(cell.robustZ) ? json(cell.robustZ) : json(cell.robustZ > 0 ? "+inf" : "-inf");
            cells[c.attributes[a].id] = {{"value", *cell.value}, {"robustZ", z}, {"outlier", cell.outlier}};
        }
        json row{{"label", c.memberLabels[i]}, {"cells", std::move(cells)}};
        if (i < members.size()) {
            const auto& m = members[i];
            row["host"] = m.host;
            row["rank"] = m.rank;
            row["deviceIndex"] = m.deviceIndex;
            row["uuid"] = m.uuid;
            row["uuidSynthetic"] = m.uuidSynthetic;
            row["device"] = m.report.device.name;
            if (!m.source.empty()) row["source"] = m.source;
        }
        rows.push_back(std::move(row));
    }
    json outliers = json::array();
    for (std::size_t i = 0; i < c.cells.size(); ++i)
        for (std::size_t a = 0; a < c.attributes.size(); ++a)
            if (c.cells[i][a].outlier) outliers.push_back({{"member", c.memberLabels[i]}, {"attribute", c.attributes[a].id}});
    return {{"format", "toposcope-compare/1"},
            {"rule", {{"statistic", "modified z-score 0.6745 (x - median) / MAD"},
                      {"threshold", kOutlierZ},
                      {"relativeTolerance", kRelativeTolerance},
                      {"minimumMembers", kMinMembers}}},
            {"attributes", std::move(attributes)},
            {"members", std::move(rows)},
            {"outliers", std::move(outliers)},
            {"notes", c.notes}};
}

}  // namespace ts::fleet
