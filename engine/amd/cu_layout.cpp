#include "amd/cu_layout.hpp"

#include <algorithm>

#include "amd/kfd_topology.hpp"

namespace ts::amd {

CuLayout cuLayoutOf(const KfdNode& node, const CuLayout& fallback) {
    CuLayout l;
    l.xccs = node.numXcc > 0 ? node.numXcc : fallback.xccs;
    l.enginesPerXcc = node.shaderEnginesPerXcc() > 0 ? node.shaderEnginesPerXcc() : fallback.enginesPerXcc;
    l.arraysPerEngine = node.simdArraysPerEngine > 0 ? node.simdArraysPerEngine : fallback.arraysPerEngine;
    l.cuSlotsPerArray = node.cuPerSimdArray > 0 ? node.cuPerSimdArray : fallback.cuSlotsPerArray;
    return l;
}

CuPosition decodeHwId(const HwId& id, const CuLayout& layout) {
    CuPosition p;
    p.cu = static_cast<int>((id.hwId >> 8) & 0xf);
    p.sh = static_cast<int>((id.hwId >> 12) & 0x1);
    p.se = static_cast<int>((id.hwId >> 13) & 0x7);
    // A partition of a multi-XCC GPU sees its first XCC's physical id; count from its start.
    p.xcc = static_cast<int>(id.xccId & 0xf) % std::max(1, layout.xccs);
    return p;
}

int slotOf(const CuPosition& p, const CuLayout& l) {
    if (p.xcc < 0 || p.xcc >= l.xccs || p.se < 0 || p.se >= l.enginesPerXcc || p.sh < 0 || p.sh >= l.arraysPerEngine ||
        p.cu < 0 || p.cu >= l.cuSlotsPerArray)
        return -1;
    return ((p.xcc * l.enginesPerXcc + p.se) * l.arraysPerEngine + p.sh) * l.cuSlotsPerArray + p.cu;
}

int physicalCuSlot(const HwId& id, const CuLayout& layout) { return slotOf(decodeHwId(id, layout), layout); }

CuPosition positionOf(int slot, const CuLayout& l) {
    CuPosition p;
    p.cu = slot % l.cuSlotsPerArray;
    slot /= l.cuSlotsPerArray;
    p.sh = slot % l.arraysPerEngine;
    slot /= l.arraysPerEngine;
    p.se = slot % l.enginesPerXcc;
    p.xcc = slot / l.enginesPerXcc;
    return p;
}

std::vector<int> predictCuMaskOrder(const CuLayout& l, const std::vector<int>& activeSlots) {
    // active[xcc][se][sh] = active CU slots of that shader array, ascending.
    std::vector<std::vector<std::vector<std::vector<int>>>> active(
        static_cast<std::size_t>(l.xccs),
        std::vector<std::vector<std::vector<int>>>(static_cast<std::size_t>(l.enginesPerXcc),
                                                   std::vector<std::vector<int>>(static_cast<std::size_t>(l.arraysPerEngine))));
    std::vector<int> sorted = activeSlots;
    std::sort(sorted.begin(), sorted.end());
    for (int slot : sorted) {
        if (slot < 0 || slot >= l.slotCount()) continue;
        const CuPosition p = positionOf(slot, l);
        active[static_cast<std::size_t>(p.xcc)][static_cast<std::size_t>(p.se)][static_cast<std::size_t>(p.sh)].push_back(slot);
    }
    std::vector<std::vector<int>> perXcc(static_cast<std::size_t>(l.xccs));
    for (std::size_t x = 0; x < perXcc.size(); ++x)
        for (std::size_t rank = 0; rank < static_cast<std::size_t>(l.cuSlotsPerArray); ++rank)
            for (std::size_t sh = 0; sh < static_cast<std::size_t>(l.arraysPerEngine); ++sh)
                for (std::size_t se = 0; se < static_cast<std::size_t>(l.enginesPerXcc); ++se)
                    if (active[x][se][sh].size() > rank) perXcc[x].push_back(active[x][se][sh][rank]);
    // The driver caps the mask at the active CU count; an XCC with fewer active CUs than
    // its neighbours leaves its later bits unused.
    std::vector<int> order;
    std::size_t total = 0;
    for (const auto& list : perXcc) total += list.size();
    for (std::size_t bit = 0; bit < total; ++bit) {
        const auto& list = perXcc[bit % perXcc.size()];
        const std::size_t rank = bit / perXcc.size();
        order.push_back(rank < list.size() ? list[rank] : -1);
    }
    return order;
}

}  // namespace ts::amd
