#include "io/mt4g_csv.hpp"
#include "model/attribute_names.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace ts {
namespace {

std::string number(double v, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
    return buffer;
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// One line: its name, then fields; MT4G joined them with "; ".
class Row {
public:
    explicit Row(std::string name) { fields_.push_back(std::move(name)); }
    Row& add(std::initializer_list<std::string> fields) {
        fields_.insert(fields_.end(), fields);
        return *this;
    }
    std::string text() const {
        std::string line;
        for (const auto& f : fields_) line += (line.empty() ? "" : "; ") + f;
        return line + "\n";
    }

private:
    std::vector<std::string> fields_;
};

const Attribute* decided(const Topology& t, Element e, const char* name) { return t.findDecided(e, name); }

// MT4G v0.1 gave sizes in KiB, MiB or GiB, whichever kept the figure readable, and "=" or ">="
// (only a lower bound found).
void addSize(Row& row, const Attribute& size) {
    const double bytes = size.value;
    const char* unit = bytes >= 1024.0 * 1024 * 1024 ? "GiB" : bytes >= 1024.0 * 1024 ? "MiB" : "KiB";
    const double scale = unit[0] == 'G' ? 1024.0 * 1024 * 1024 : unit[0] == 'M' ? 1024.0 * 1024 : 1024.0;
    row.add({"Size", number(bytes / scale, 6), unit, quoted(size.lowerBound ? ">=" : "=")});
}

// A size the run decided, else only a lower bound of it (">="), else what the API says.
const Attribute* sizeOf(const Topology& t, Element e) {
    if (const Attribute* size = decided(t, e, attr::size)) return size;
    if (const Attribute* size = t.find(e, attr::size); size && size->lowerBound && size->value > 0) return size;
    return t.find(e, attr::apiSize);
}

// The attributes of a cache or memory that the layout has; `level` is "SM-level" or "GPU-level".
// MT4G wrote `NAME; "N/A"` for a cache it did not measure: every line keeps its place, which
// GPUscout-GUI relies on (it reads the fields by position).
Row notMeasured(const char* name) {
    Row row(name);
    row.add({quoted("N/A")});
    return row;
}

Row entry(const Topology& t, const char* name, Element e, const char* level) {
    if (!t.elements.contains(e)) return notMeasured(name);
    Row row(name);
    const Attribute* size = sizeOf(t, e);
    if (size && size->value > 0) addSize(row, *size);
    const Attribute* line = decided(t, e, attr::lineSize);
    if (!line) line = t.find(e, attr::apiLineSize);
    if (line && line->value > 0) row.add({"Cache_Line_Size", number(std::round(line->value), 0), quoted("B")});
    if (const Attribute* latency = decided(t, e, attr::latency))
        row.add({"Load_Latency", number(std::round(latency->value), 0), quoted("cycles")});
    row.add({"Shared_On", quoted(level)});
    return row;
}

bool sharesWith(const Topology& t, Element e, Element other) {
    const Attribute* shared = t.find(e, attr::sharedWith);
    if (!shared) return false;
    const auto name = std::string(displayName(other));
    return std::find(shared->names.begin(), shared->names.end(), name) != shared->names.end();
}

// The sharing flags a cache's row carries in MT4G v0.1, with its copies per SM.
void addSharing(Row& row, const Topology& t, Element e, std::initializer_list<std::pair<const char*, Element>> flags) {
    if (!t.elements.contains(e)) return;
    for (auto [key, other] : flags) row.add({key, sharesWith(t, e, other) ? "1" : "0"});
    if (const Attribute* amount = decided(t, e, attr::amountPerUnit))
        row.add({"Caches_Per_SM", number(std::round(amount->value), 0)});
}

std::string computeCapability(const DeviceInfo& d) { return number(d.ccMajor + d.ccMinor / 10.0, 2); }

}  // namespace

std::string topologyToMt4gCsv(const Topology& t) {
    const DeviceInfo& d = t.device;
    const bool nvidia = d.vendor == Vendor::Nvidia;
    std::string out;
    out += Row("GPU_INFORMATION")
               .add({"GPU_vendor", quoted(nvidia ? "Nvidia" : "AMD"), "GPU_name", quoted(d.name)})
               .text();
    Row compute("COMPUTE_RESOURCE_INFORMATION");
    // On AMD the runtime's major.minor (HIP reports one too): GPUscout-GUI reads these by position.
    compute.add({"CUDA_compute_capability", quoted(computeCapability(d))});
    compute.add({"Number_of_streaming_multiprocessors", std::to_string(d.unitCount), "Number_of_cores_in_GPU",
                 std::to_string(static_cast<long long>(d.unitCount) * d.coresPerUnit), "Number_of_cores_per_SM",
                 std::to_string(d.coresPerUnit)});
    out += compute.text();
    out += Row("REGISTER_INFORMATION")
               .add({"Registers_per_thread_block", std::to_string(d.regsPerBlock), quoted("32-bit registers"),
                     "Registers_per_SM", std::to_string(d.regsPerUnit), quoted("32-bit registers")})
               .text();
    Row additional("ADDITIONAL_INFORMATION");
    if (d.memoryClockKhz > 0)
        additional.add({"Memory_Clock_Frequency", number(static_cast<double>(d.memoryClockKhz) / 1e6, 3), quoted("GHz")});
    if (d.memoryBusWidthBits > 0)
        additional.add({"Memory_Bus_Width", std::to_string(d.memoryBusWidthBits), quoted("bit")});
    if (d.clockKhz > 0) additional.add({"GPU_Clock_Rate", number(static_cast<double>(d.clockKhz) / 1e6, 3), quoted("GHz")});
    out += additional.text();

    // Every line in MT4G's order, whether measured or not (see entry()).
    const Element l1 = nvidia ? Element::L1 : Element::VL1;
    Row l1Row = entry(t, "L1_DATA_CACHE", l1, "SM-level");
    if (nvidia)
        addSharing(l1Row, t, l1, {{"Share_Cache_With_Texture", Element::Texture},
                                  {"Share_Cache_With_Read-Only", Element::ReadOnly},
                                  {"Share_Cache_With_ConstantL1", Element::ConstantL1}});
    else
        addSharing(l1Row, t, l1, {});
    out += l1Row.text();
    out += entry(t, "L2_DATA_CACHE", Element::L2, "GPU-level").text();
    // AMD has no texture, read-only or constant caches in this layout (it was NVIDIA's only).
    const auto nvidiaEntry = [&](const char* name, Element e) {
        return nvidia ? entry(t, name, e, "SM-level") : notMeasured(name);
    };
    Row texture = nvidiaEntry("TEXTURE_CACHE", Element::Texture);
    if (nvidia)
        addSharing(texture, t, Element::Texture, {{"Share_Cache_With_L1_Data", Element::L1},
                                                  {"Share_Cache_With_Read-Only", Element::ReadOnly}});
    out += texture.text();
    Row readOnly = nvidiaEntry("READ-ONLY_CACHE", Element::ReadOnly);
    if (nvidia)
        addSharing(readOnly, t, Element::ReadOnly, {{"Share_Cache_With_L1_Data", Element::L1},
                                                    {"Share_Cache_With_Texture", Element::Texture}});
    out += readOnly.text();
    Row constant = nvidiaEntry("CONSTANT_L1_CACHE", Element::ConstantL1);
    if (nvidia) addSharing(constant, t, Element::ConstantL1, {{"Share_Cache_With_L1_Data", Element::L1}});
    out += constant.text();
    out += nvidiaEntry("CONST_L1_5_CACHE", Element::ConstantL15).text();
    Row main("MAIN_MEMORY");
    if (d.totalGlobalBytes > 0) {
        Attribute total;
        total.value = static_cast<double>(d.totalGlobalBytes);
        addSize(main, total);
    }
    if (const Attribute* latency = decided(t, Element::DeviceMemory, attr::latency))
        main.add({"Load_Latency", number(std::round(latency->value), 0), quoted("cycles")});
    main.add({"Shared_On", quoted("GPU-level")});
    out += main.text();
    Row shared("SHARED_MEMORY");
    if (d.sharedPerUnitBytes > 0) {
        Attribute perUnit;
        perUnit.value = static_cast<double>(d.sharedPerUnitBytes);
        addSize(shared, perUnit);
    }
    if (const Attribute* latency = decided(t, nvidia ? Element::Shared : Element::Lds, attr::latency))
        shared.add({"Load_Latency", number(std::round(latency->value), 0), quoted("cycles")});
    shared.add({"Shared_On", quoted("SM-level")});
    out += shared.text();
    return out;
}

}  // namespace ts
