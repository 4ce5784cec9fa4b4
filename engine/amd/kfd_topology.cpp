#include "amd/kfd_topology.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <system_error>

#include "amd/kfd_properties.hpp"

namespace ts::amd {
namespace fs = std::filesystem;

namespace {

// Upper bounds beyond which a value is garbage rather than a big GPU.
constexpr std::uint64_t kMaxCount = 1u << 20;
constexpr std::uint64_t kMaxSmall = 4096;
constexpr std::uint64_t kMaxBytes = 1ull << 50;

// Numbered sub-folders of `dir` ("0", "1", ...), ascending; anything else is skipped.
std::vector<std::pair<int, fs::path>> numberedDirs(const fs::path& dir) {
    std::vector<std::pair<int, fs::path>> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        int n = 0;
        const auto [p, err] = std::from_chars(name.data(), name.data() + name.size(), n);
        if (err != std::errc() || p != name.data() + name.size() || n < 0) continue;
        if (!it->is_directory(ec)) continue;
        out.emplace_back(n, it->path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::optional<KfdProperties> readProperties(const fs::path& file, std::vector<std::string>& warnings) {
    std::string problem;
    const auto text = readSmallFile(file.string(), &problem);
    if (!text) {
        warnings.push_back(problem.empty() ? file.string() + ": missing or unreadable" : problem);
        return std::nullopt;
    }
    if (text->empty()) {
        warnings.push_back(file.string() + ": empty");
        return std::nullopt;
    }
    return KfdProperties::parse(*text, file.string(), warnings);
}

int asInt(std::uint64_t v) { return static_cast<int>(v); }

void readNodeProperties(KfdNode& n, const KfdProperties& p, std::vector<std::string>& w) {
    n.cpuCoresCount = asInt(p.getOr0("cpu_cores_count", kMaxCount, w));
    n.simdCount = asInt(p.getOr0("simd_count", kMaxCount, w));
    n.simdIdBase = p.getOr0("simd_id_base", 0xffffffffull, w);
    n.maxWavesPerSimd = asInt(p.getOr0("max_waves_per_simd", kMaxSmall, w));
    n.ldsSizeKib = asInt(p.getOr0("lds_size_in_kb", 1u << 20, w));
    n.waveFrontSize = asInt(p.getOr0("wave_front_size", 1024, w));
    n.arrayCount = asInt(p.getOr0("array_count", kMaxSmall, w));
    n.simdArraysPerEngine = asInt(p.getOr0("simd_arrays_per_engine", 64, w));
    n.cuPerSimdArray = asInt(p.getOr0("cu_per_simd_array", 64, w));
    n.simdPerCu = asInt(p.getOr0("simd_per_cu", 64, w));
    n.gfxTargetVersion = static_cast<std::uint32_t>(p.getOr0("gfx_target_version", 999999, w));
    n.vendorId = static_cast<std::uint32_t>(p.getOr0("vendor_id", 0xffff, w));
    n.deviceId = static_cast<std::uint32_t>(p.getOr0("device_id", 0xffff, w));
    n.locationId = static_cast<std::uint32_t>(p.getOr0("location_id", 0xffff, w));
    n.domain = static_cast<std::uint32_t>(p.getOr0("domain", 0xffffffffull, w));
    if (auto minor = p.get("drm_render_minor", 0, 1u << 20, w)) n.drmRenderMinor = asInt(*minor);
    n.maxEngineClockMhz = asInt(p.getOr0("max_engine_clk_fcompute", 100000, w));
    n.localMemSize = p.getOr0("local_mem_size", kMaxBytes, w);
    if (auto x = p.get("num_xcc", 1, 64, w)) n.numXcc = asInt(*x);
    if (n.isGpu() && n.simdPerCu > 0 && n.simdCount % n.simdPerCu != 0)
        w.push_back(p.origin() + ": simd_count " + std::to_string(n.simdCount) + " is not a multiple of simd_per_cu " +
                    std::to_string(n.simdPerCu));
    if (n.isGpu() && n.gfxTargetVersion == 0) w.push_back(p.origin() + ": GPU node without gfx_target_version");
}

void readMemBanks(KfdNode& n, const fs::path& dir, std::vector<std::string>& w) {
    for (const auto& [index, path] : numberedDirs(dir)) {
        const auto p = readProperties(path / "properties", w);
        if (!p) continue;
        KfdMemBank b;
        b.heapType = asInt(p->getOr0("heap_type", 64, w));
        b.sizeBytes = p->getOr0("size_in_bytes", kMaxBytes, w);
        b.widthBits = asInt(p->getOr0("width", 1u << 16, w));
        b.memClockMaxMhz = asInt(p->getOr0("mem_clk_max", 100000, w));
        n.memBanks.push_back(b);
    }
}

std::vector<int> parseSiblingMap(const std::string& text, const std::string& origin, std::vector<std::string>& w) {
    std::vector<int> bits;
    int position = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string field = text.substr(start, comma - start);
        if (field == "1") bits.push_back(position);
        else if (field != "0") {
            w.push_back(origin + ": sibling_map entry " + std::to_string(position) + " is '" + field.substr(0, 20) +
                        "', not 0 or 1: map ignored");
            return {};
        }
        ++position;
        start = comma + 1;
    }
    return bits;
}

void readCaches(KfdNode& n, const fs::path& dir, std::vector<std::string>& w) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        if (n.isGpu()) w.push_back(dir.string() + ": missing, no cache information for node " + std::to_string(n.id));
        return;
    }
    for (const auto& [index, path] : numberedDirs(dir)) {
        const auto p = readProperties(path / "properties", w);
        if (!p) continue;
        KfdCache c;
        c.index = index;
        c.processorIdLow = p->getOr0("processor_id_low", 0xffffffffull, w);
        c.level = asInt(p->get("level", 1, 4, w).value_or(0));
        c.sizeBytes = p->get("size", 1, kMaxBytes >> 10, w).value_or(0) * 1024;
        c.lineBytes = asInt(p->get("cache_line_size", 1, 4096, w).value_or(0));
        c.association = asInt(p->getOr0("association", 1024, w));
        c.type = static_cast<std::uint32_t>(p->getOr0("type", 0xffff, w));
        if (c.lineBytes & (c.lineBytes - 1)) {
            w.push_back(p->origin() + ": cache_line_size " + std::to_string(c.lineBytes) + " is not a power of two: ignored");
            c.lineBytes = 0;
        }
        if (c.level == 0) {
            w.push_back(p->origin() + ": no valid level: cache skipped");
            continue;
        }
        if (const auto it = p->raw().find("sibling_map"); it != p->raw().end())
            c.siblingBits = parseSiblingMap(it->second, p->origin(), w);
        if (c.level == 1 && n.isGpu() && c.processorIdLow >= n.simdIdBase) {
            const auto first = static_cast<std::int64_t>(c.processorIdLow - n.simdIdBase);
            for (int bit : c.siblingBits) c.cus.push_back(static_cast<int>(first + bit));
        }
        n.caches.push_back(std::move(c));
    }
}

}  // namespace

std::vector<const KfdNode*> KfdTopology::gpus() const {
    std::vector<const KfdNode*> out;
    for (const auto& n : nodes)
        if (n.isGpu()) out.push_back(&n);
    return out;
}

const KfdNode* KfdTopology::gpuAt(std::uint32_t domain, std::uint32_t bus, std::uint32_t device) const {
    for (const auto* n : gpus())
        if (n->domain == domain && ((n->locationId >> 8) & 0xff) == bus && ((n->locationId >> 3) & 0x1f) == device)
            return n;
    return nullptr;
}

KfdTopology readKfdTopology(const KfdPaths& paths) {
    KfdTopology t;
    std::error_code ec;
    if (!fs::is_directory(paths.nodesRoot, ec)) {
        t.warnings.push_back(paths.nodesRoot + ": not found (no AMD GPU driver, or not Linux)");
        return t;
    }
    t.found = true;
    for (const auto& [id, path] : numberedDirs(paths.nodesRoot)) {
        KfdNode n;
        n.id = id;
        n.path = path.string();
        const auto p = readProperties(path / "properties", t.warnings);
        if (!p) continue;
        readNodeProperties(n, *p, t.warnings);
        readMemBanks(n, path / "mem_banks", t.warnings);
        readCaches(n, path / "caches", t.warnings);
        if (n.isGpu()) {
            classifyCaches(n, t.warnings);
            if (n.drmRenderMinor >= 0) n.partition = readPartitionModes(paths.drmRoot, n.drmRenderMinor, t.warnings);
        }
        t.nodes.push_back(std::move(n));
    }
    if (t.nodes.empty()) t.warnings.push_back(paths.nodesRoot + ": no readable node");
    return t;
}

}  // namespace ts::amd
