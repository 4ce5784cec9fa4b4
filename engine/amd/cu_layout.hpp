#pragma once
// Physical CU numbering on AMD GPUs. A CU's "slot" counts every CU position, active or not:
// slot = ((xcc * enginesPerXcc + se) * arraysPerEngine + sh) * cuSlotsPerArray + cu.
// It is the numbering of the KFD sibling maps, of MT4G's reports and of the simulator's
// physical_cu_ids, and what the chase kernel derives from the HW_ID / XCC_ID registers.
#include <cstdint>
#include <string>
#include <vector>

namespace ts::amd {

struct KfdNode;

struct CuLayout {
    int xccs = 1;
    int enginesPerXcc = 8;
    int arraysPerEngine = 1;
    int cuSlotsPerArray = 16;
    int slotCount() const { return xccs * enginesPerXcc * arraysPerEngine * cuSlotsPerArray; }
    bool operator==(const CuLayout&) const = default;
};

// From the KFD node; `fallback` where the node does not say (old driver, bad values).
CuLayout cuLayoutOf(const KfdNode& node, const CuLayout& fallback = {});

// Raw register values a wave read: s_getreg_b32 HW_REG_HW_ID, and HW_REG_XCC_ID (gfx94x; 0 elsewhere).
struct HwId {
    std::uint32_t hwId = 0;
    std::uint32_t xccId = 0;
};

struct CuPosition {
    int xcc = 0, se = 0, sh = 0, cu = 0;
};

// HW_ID fields (gfx9): CU_ID [11:8], SH_ID [12], SE_ID [15:13]; XCC_ID [3:0].
CuPosition decodeHwId(const HwId& id, const CuLayout& layout);
// The slot, or -1 when a field lies outside the layout.
int physicalCuSlot(const HwId& id, const CuLayout& layout);
int slotOf(const CuPosition& p, const CuLayout& layout);
CuPosition positionOf(int slot, const CuLayout& layout);

// Which CU each bit of a queue CU mask enables, as the amdgpu driver spreads a mask
// (mqd_symmetrically_map_cu_mask): bits go round-robin over the XCCs, then over the shader
// engines and arrays, rank by rank of active CUs. Assumes the hardware gives an array's
// rank r to its r-th active CU in ascending order; the backend checks every placement.
// result[bit] = slot (-1: the bit enables nothing), for as many bits as there are active CUs.
std::vector<int> predictCuMaskOrder(const CuLayout& layout, const std::vector<int>& activeSlots);

}  // namespace ts::amd
