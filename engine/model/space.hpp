#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace ts {

enum class Vendor { Nvidia, Amd };

// Logical memory spaces a pointer chase can load through.
enum class Space {
    Global,    // NVIDIA ld.global.ca: L1 then L2
    GlobalL2,  // NVIDIA ld.global.cg: bypasses SM-private caches
    Texture,   // NVIDIA tex1Dfetch
    ReadOnly,  // NVIDIA ld.global.nc
    Constant,  // NVIDIA ld.const
    Shared,    // NVIDIA shared memory
    Vector,    // AMD flat/global load through vL1
    VectorL2,  // AMD GLC / sc bits: bypasses vL1
    Scalar,    // AMD s_load through sL1d
    Lds,       // AMD local data share
};

// Elements of the topology report: the memories, and the compute units they serve.
enum class Element {
    L1, L2, Texture, ReadOnly, ConstantL1, ConstantL15, Shared, DeviceMemory,  // NVIDIA
    VL1, SL1D, L3, Lds,                                                        // AMD (L2 and DeviceMemory shared)
    Compute,   // the SMs or CUs themselves: how they are laid out (TPCs, GPCs); no memory
};

std::string_view toString(Space s);
// Loads that skip the SM/CU-private caches (NVIDIA .cg, AMD GLC): they start at the L2.
bool bypassesUnitCaches(Space s);
std::optional<Space> spaceFromString(std::string_view s);
std::string_view toString(Element e);       // stable id: "l1", "l2", "texture", "readonly", "constant_l1", ...
std::string_view displayName(Element e);    // "L1", "Constant L1.5", "sL1d", ...
std::optional<Element> elementFromString(std::string_view s);
std::optional<Element> elementFromDisplayName(std::string_view s);
std::string_view toString(Vendor v);        // "NVIDIA", "AMD"

}  // namespace ts
