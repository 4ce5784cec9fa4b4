#include "io/mig_json.hpp"

#include <limits>

#include "io/input_error.hpp"
#include "io/input_file.hpp"

namespace ts {
namespace {

using nlohmann::json;

json placementToJson(const MigPlacement& p) { return {{"start", p.start}, {"size", p.size}}; }

json placementsToJson(const std::vector<MigPlacement>& list) {
    json out = json::array();
    for (const auto& p : list) out.push_back(placementToJson(p));
    return out;
}

// Typed reads that name the place of every problem.
class MigReader {
public:
    MigReader(std::string origin) : origin_(std::move(origin)) {}
    [[noreturn]] void fail(const std::string& where, const std::string& problem) const {
        throw InputError(origin_ + ": " + where + ": " + problem);
    }
    const json& object(const json& j, const std::string& where) const {
        if (!j.is_object()) fail(where, "expected an object");
        return j;
    }
    const json& array(const json& j, const char* key, const std::string& where) const {
        static const json empty = json::array();
        auto it = j.find(key);
        if (it == j.end() || it->is_null()) return empty;
        if (!it->is_array()) fail(where + "." + key, "expected an array");
        return *it;
    }
    long long integer(const json& j, const char* key, const std::string& where, long long min, long long max,
                      std::optional<long long> fallback = std::nullopt) const {
        auto it = j.find(key);
        if (it == j.end() || it->is_null()) {
            if (fallback) return *fallback;
            fail(where + "." + key, "missing");
        }
        if (!it->is_number_integer() && !it->is_number_unsigned()) fail(where + "." + key, "expected an integer");
        if (it->is_number_unsigned() && it->get<unsigned long long>() > static_cast<unsigned long long>(max))
            fail(where + "." + key, "out of range");
        const long long v = it->get<long long>();
        if (v < min || v > max) fail(where + "." + key, "out of range (" + std::to_string(v) + ")");
        return v;
    }
    std::string text(const json& j, const char* key, const std::string& where, bool required) const {
        auto it = j.find(key);
        if (it == j.end() || it->is_null()) {
            if (required) fail(where + "." + key, "missing");
            return {};
        }
        if (!it->is_string()) fail(where + "." + key, "expected a string");
        return it->get<std::string>();
    }

private:
    std::string origin_;
};

constexpr long long kMaxId = 1 << 20;

MigPlacement readPlacement(const MigReader& r, const json& j, const std::string& where) {
    r.object(j, where);
    return {static_cast<int>(r.integer(j, "start", where, 0, kMigMemorySlices - 1)),
            static_cast<int>(r.integer(j, "size", where, 1, kMigMemorySlices))};
}

MigProfile readProfile(const MigReader& r, const json& j, const std::string& where) {
    r.object(j, where);
    MigProfile p;
    p.id = static_cast<int>(r.integer(j, "id", where, 0, kMaxId));
    p.name = r.text(j, "name", where, true);
    p.sliceCount = static_cast<int>(r.integer(j, "sliceCount", where, 1, kMigComputeSlices));
    p.instanceCount = static_cast<int>(r.integer(j, "instanceCount", where, 1, kMigComputeSlices));
    p.smCount = static_cast<int>(r.integer(j, "smCount", where, 1, 65536));
    p.memoryMiB = static_cast<std::uint64_t>(r.integer(j, "memoryMiB", where, 1, 1ll << 30));
    p.copyEngines = static_cast<int>(r.integer(j, "copyEngines", where, -1, 64, -1));
    p.decoders = static_cast<int>(r.integer(j, "decoders", where, -1, 64, -1));
    const json& list = r.array(j, "placements", where);
    for (std::size_t k = 0; k < list.size(); ++k)
        p.placements.push_back(readPlacement(r, list[k], where + ".placements[" + std::to_string(k) + "]"));
    return p;
}

MigInstance readInstance(const MigReader& r, const json& j, const std::string& where) {
    r.object(j, where);
    MigInstance i;
    i.id = static_cast<int>(r.integer(j, "id", where, 0, kMaxId));
    i.profileId = static_cast<int>(r.integer(j, "profileId", where, 0, kMaxId));
    auto it = j.find("placement");
    if (it == j.end()) r.fail(where + ".placement", "missing");
    i.placement = readPlacement(r, *it, where + ".placement");
    i.uuid = r.text(j, "uuid", where, false);
    return i;
}

const char* kindText(MigShare::Kind k) { return k == MigShare::Kind::Profile ? "profile" : "instance"; }

}  // namespace

json migLayoutToJson(const MigLayout& m) {
    json profiles = json::array();
    for (const auto& p : m.profiles) {
        json j{{"id", p.id},
               {"name", p.name},
               {"sliceCount", p.sliceCount},
               {"instanceCount", p.instanceCount},
               {"smCount", p.smCount},
               {"memoryMiB", p.memoryMiB},
               {"placements", placementsToJson(p.placements)}};
        if (p.copyEngines >= 0) j["copyEngines"] = p.copyEngines;
        if (p.decoders >= 0) j["decoders"] = p.decoders;
        profiles.push_back(std::move(j));
    }
    json instances = json::array();
    for (const auto& i : m.instances) {
        json j{{"id", i.id}, {"profileId", i.profileId}, {"placement", placementToJson(i.placement)}};
        if (!i.uuid.empty()) j["uuid"] = i.uuid;
        instances.push_back(std::move(j));
    }
    json j{{"mode", std::string(toString(m.mode))},
           {"source", m.source},
           {"profiles", std::move(profiles)},
           {"instances", std::move(instances)}};
    if (!m.reason.empty()) j["reason"] = m.reason;
    if (!m.placementProblem.empty()) j["placementProblem"] = m.placementProblem;
    if (m.currentInstance) j["currentInstance"] = *m.currentInstance;
    return j;
}

MigLayout migLayoutFromJson(const json& j, const std::string& origin, const std::string& where) {
    const MigReader r(origin);
    r.object(j, where);
    MigLayout m;
    const std::string mode = r.text(j, "mode", where, true);
    const auto parsed = migModeFromString(mode);
    if (!parsed) r.fail(where + ".mode", "unknown MIG mode \"" + cutForMessage(mode) + "\"");
    m.mode = *parsed;
    m.source = r.text(j, "source", where, false);
    m.reason = r.text(j, "reason", where, false);
    m.placementProblem = r.text(j, "placementProblem", where, false);
    if (j.contains("currentInstance")) m.currentInstance = static_cast<int>(r.integer(j, "currentInstance", where, 0, kMaxId));
    const json& profiles = r.array(j, "profiles", where);
    for (std::size_t k = 0; k < profiles.size(); ++k)
        m.profiles.push_back(readProfile(r, profiles[k], where + ".profiles[" + std::to_string(k) + "]"));
    const json& instances = r.array(j, "instances", where);
    for (std::size_t k = 0; k < instances.size(); ++k)
        m.instances.push_back(readInstance(r, instances[k], where + ".instances[" + std::to_string(k) + "]"));
    if (auto problem = checkMigLayout(m)) r.fail(where + "." + problem->field, problem->problem);
    return m;
}

json migSharesToJson(const MigLayout& layout, const std::vector<MigShare>& shares, AttributeWriter write) {
    json entries = json::array();
    for (const auto& s : shares) {
        json figures = json::array();
        for (const Attribute* a : {&s.smCount, &s.memory, &s.memorySlices, &s.copyEngines, &s.l2Size, &s.l2Segments,
                                  &s.l2Usable})
            figures.push_back(write(*a));
        json e{{"kind", kindText(s.kind)},
               {"id", s.id},
               {"profileId", s.profileId},
               {"name", s.name},
               {"sliceCount", s.sliceCount},
               {"placements", placementsToJson(s.placements)},
               {"figures", std::move(figures)}};
        if (!s.uuid.empty()) e["uuid"] = s.uuid;
        if (s.current) e["current"] = true;
        entries.push_back(std::move(e));
    }
    return {{"mode", std::string(toString(layout.mode))}, {"source", layout.source}, {"entries", std::move(entries)}};
}

}  // namespace ts
