#include "mig_convert.hpp"

#include "analysis/mig_shares.hpp"

namespace ts::gui {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

MigState toState(MigMode m) {
    switch (m) {
        case MigMode::Enabled: return MigState::Enabled;
        case MigMode::Disabled: return MigState::Disabled;
        case MigMode::Unsupported: return MigState::Unsupported;
        case MigMode::Unknown: return MigState::Unknown;
    }
    return MigState::Unknown;
}

MigMode toMode(MigState s) {
    switch (s) {
        case MigState::Enabled: return MigMode::Enabled;
        case MigState::Disabled: return MigMode::Disabled;
        case MigState::Unsupported: return MigMode::Unsupported;
        case MigState::None:
        case MigState::Unknown: return MigMode::Unknown;
    }
    return MigMode::Unknown;
}

MigFigureData toFigure(const Attribute& a) {
    MigFigureData f;
    f.value = a.value;
    f.unit = q(a.unit);
    f.fromApi = a.source == Source::Api;
    f.method = q(a.method);
    f.confidence = a.confidence;
    f.reason = q(a.reason);
    f.evidence = q(a.evidence);
    return f;
}

// A measured attribute of the topology as the engine's type (the share rules read value,
// confidence, method and evidence).
std::optional<Attribute> decided(const TopologyData& t, const char* name) {
    const ResultData* r = t.find(QStringLiteral("l2"), QString::fromLatin1(name));
    if (!r || r->confidence <= 0 || r->value <= 0) return std::nullopt;
    Attribute a;
    a.name = name;
    a.value = r->value;
    a.unit = r->unit.toStdString();
    a.source = r->fromApi ? Source::Api : Source::Benchmark;
    a.method = r->method.toStdString();
    a.confidence = r->confidence;
    a.evidence = r->evidence.toStdString();
    return a;
}

MigRowData toRow(const MigShare& s) {
    MigRowData r;
    r.instance = s.kind == MigShare::Kind::Instance;
    r.id = s.id;
    r.name = q(s.name);
    r.sliceCount = s.sliceCount;
    for (const auto& p : s.placements) r.placements.push_back({p.start, p.size});
    r.uuid = q(s.uuid);
    r.current = s.current;
    r.sms = toFigure(s.smCount);
    r.memory = toFigure(s.memory);
    r.memorySlices = toFigure(s.memorySlices);
    r.copyEngines = toFigure(s.copyEngines);
    r.l2 = toFigure(s.l2Size);
    r.l2Segments = toFigure(s.l2Segments);
    return r;
}

}  // namespace

MigLayoutData toMigLayoutData(const std::optional<MigLayout>& layout) {
    MigLayoutData d;
    if (!layout) return d;
    d.state = toState(layout->mode);
    d.source = q(layout->source);
    d.reason = q(layout->reason);
    d.placementProblem = q(layout->placementProblem);
    for (const auto& p : layout->profiles) {
        MigProfileData x{p.id, q(p.name), p.sliceCount, p.instanceCount, p.smCount, p.memoryMiB, p.copyEngines, p.decoders, {}};
        for (const auto& pl : p.placements) x.placements.push_back({pl.start, pl.size});
        d.profiles.push_back(std::move(x));
    }
    for (const auto& i : layout->instances)
        d.instances.push_back({i.id, i.profileId, {i.placement.start, i.placement.size}, q(i.uuid)});
    d.currentInstance = layout->currentInstance.value_or(-1);
    return d;
}

MigLayout toMigLayout(const MigLayoutData& d) {
    MigLayout m;
    m.mode = toMode(d.state);
    m.source = d.source.toStdString();
    m.reason = d.reason.toStdString();
    m.placementProblem = d.placementProblem.toStdString();
    for (const auto& p : d.profiles) {
        MigProfile x;
        x.id = p.id;
        x.name = p.name.toStdString();
        x.sliceCount = p.sliceCount;
        x.instanceCount = p.instanceCount;
        x.smCount = p.smCount;
        x.memoryMiB = p.memoryMiB;
        x.copyEngines = p.copyEngines;
        x.decoders = p.decoders;
        for (const auto& pl : p.placements) x.placements.push_back({pl.start, pl.size});
        m.profiles.push_back(std::move(x));
    }
    for (const auto& i : d.instances)
        m.instances.push_back({i.id, i.profileId, {i.placement.start, i.placement.size}, i.uuid.toStdString()});
    if (d.currentInstance >= 0) m.currentInstance = d.currentInstance;
    return m;
}

MigViewData toMigView(const TopologyData& t) {
    MigViewData v;
    const MigLayoutData& d = t.device.mig;
    v.state = d.state;
    v.source = d.source;
    v.reason = d.reason;
    v.placementProblem = d.placementProblem;
    if (d.state == MigState::None) return v;
    MigL2Facts facts;
    facts.l2Bytes = static_cast<std::uint64_t>(t.device.l2Bytes);
    facts.segmentSize = decided(t, "segmentSize");
    facts.segments = decided(t, "segments");
    facts.insideInstance = d.currentInstance >= 0;
    for (const auto& s : migShares(toMigLayout(d), facts)) {
        MigRowData row = toRow(s);
        (row.instance ? v.instances : v.profiles).push_back(std::move(row));
    }
    return v;
}

}  // namespace ts::gui
