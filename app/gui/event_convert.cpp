#include "event_convert.hpp"

#include <QCoreApplication>

#include "analysis/mig_shares.hpp"

namespace ts::gui {
namespace {

QString q(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// The engine's rule in words, for the plot's caption.
QString ruleText(ThresholdRule rule) {
    switch (rule) {
        case ThresholdRule::None: return {};
        case ThresholdRule::FastestLoadSplit:
            return QCoreApplication::translate("ts::gui::Threshold", "hit/miss split of the fastest load of each stride");
        case ThresholdRule::EveryLoadSplit:
            return QCoreApplication::translate("ts::gui::Threshold", "hit/miss split of every load");
        case ThresholdRule::ControlFence:
            return QCoreApplication::translate("ts::gui::Threshold",
                                               "far-out fence of the control row, Q3 + 3 IQR (miss rule)");
        case ThresholdRule::RowMedianSplit:
            return QCoreApplication::translate("ts::gui::Threshold",
                                               "near/far split of the row medians, for display: the engine compares "
                                               "each unit's slow and fast loads with the filler's");
        case ThresholdRule::OneLevel:
            return QCoreApplication::translate("ts::gui::Threshold", "one latency level: every row near");
    }
    return {};
}

}  // namespace

SeriesChunk toChunk(const Series& series, std::size_t firstRow) {
    SeriesChunk c;
    c.id = q(series.id);
    c.title = q(series.title);
    c.kind = series.kind;
    c.element = q(displayName(series.element));
    c.replace = firstRow == 0;
    c.rows.reserve(series.rows.size() - std::min(firstRow, series.rows.size()));
    for (std::size_t i = firstRow; i < series.rows.size(); ++i) {
        const SeriesRow& r = series.rows[i];
        c.rows.push_back(RowData{r.x, r.x2, r.value, q(r.label), r.latencies});
    }
    c.missThreshold = series.missThreshold;  // decided by the engine (analysis/series_threshold)
    c.thresholdRule = ruleText(series.thresholdRule);
    return c;
}

ResultData toResult(Element element, const Attribute& a) {
    ResultData r;
    r.elementId = q(toString(element));
    r.elementName = q(displayName(element));
    r.name = q(a.name);
    r.value = a.value;
    r.unit = q(a.unit);
    r.fromApi = a.source == Source::Api;
    r.method = q(a.method);
    r.confidence = a.confidence;
    r.evidence = q(a.evidence);
    r.reason = q(a.reason);
    for (const auto& n : a.names) r.names << q(n);
    r.groupCount = static_cast<int>(a.groups.size());
    r.groups = a.groups;
    r.lowerBound = a.lowerBound;
    r.upperBound = a.upperBound;
    r.stats = a.stats;
    return r;
}

MigViewData toMigView(const Topology& run) {
    MigViewData view;
    view.layout = run.device.mig;
    if (!view.layout) return view;
    for (MigShare& share : migShares(*view.layout, migL2Facts(run)))
        (share.kind == MigShare::Kind::Instance ? view.instances : view.profiles).push_back(std::move(share));
    return view;
}

DeviceChoice toChoice(const app::DeviceEntry& e) {
    return {q(e.label), q(e.choice.backend), e.choice.device, q(e.choice.profile), q(toString(e.vendor)), e.real};
}

app::BackendChoice toBackendChoice(const DeviceChoice& c) {
    return {c.backend.toStdString(), c.device, c.profile.toStdString()};
}

}  // namespace ts::gui
