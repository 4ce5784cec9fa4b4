#!/usr/bin/env python3
"""Writes the KFD sysfs fixture trees under tests/data/kfd/ (run from anywhere; output is committed).

File formats as the amdgpu kernel driver prints them (drivers/gpu/drm/amd/amdkfd/kfd_topology.c):
  nodes/<n>/properties               "name value" lines, decimal integers
  nodes/<n>/mem_banks/<m>/properties heap_type, size_in_bytes, flags, width, mem_clk_max
  nodes/<n>/caches/<c>/properties    processor_id_low, level, size (KiB), cache_line_size,
                                     cache_lines_per_tag, association, latency, type (CRAT flags),
                                     sibling_map (comma list of 0/1, bit k = CU processor_id_low + k)
The driver lists, per cache type, one entry per block of CUs that share it, walking
XCC, shader engine, shader array and CU slot in that order (kfd_fill_cache_non_crat_info):
every CU's vector L1, then the scalar instruction caches, the scalar data caches, the L2s, the L3.
The active CUs are the simulator profiles' physical_cu_ids, so the fixtures and the profiles
describe the same chips.
"""
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
SIMD_ID_BASE = 2147487744  # 0x80001000, the first GPU processor id as the driver numbers them
DATA = 1 | 2 | 16          # enabled | data | simd
INST = 1 | 4 | 16          # enabled | instruction | simd


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def props(pairs):
    return "".join(f"{k} {v}\n" for k, v in pairs)


def sibling_map(bits, width):
    return ",".join("1" if i in bits else "0" for i in range(width))


def cache(level, size_kib, line, ctype, proc_low, bits, width=32):
    return props([("processor_id_low", proc_low), ("level", level), ("size", size_kib),
                  ("cache_line_size", line), ("cache_lines_per_tag", 1), ("association", 16),
                  ("latency", 1), ("type", ctype)]) + "sibling_map " + sibling_map(bits, width) + "\n"


def l1_entries(active, slots, shared, spec):
    """One entry per block of `shared` CU slots with an active CU (fill_in_l1_pcache)."""
    out = []
    for first in range(0, slots, shared):
        members = [c for c in range(first, first + shared) if c in active]
        if not members:
            continue
        low = members[0]
        out.append(cache(*spec, SIMD_ID_BASE + low, {c - low for c in members}))
    return out


def cpu_node(path):
    write(f"{path}/properties", props([
        ("cpu_cores_count", 64), ("simd_count", 0), ("mem_banks_count", 1), ("caches_count", 0),
        ("io_links_count", 1), ("p2p_links_count", 0), ("cpu_core_id_base", 0), ("simd_id_base", 0),
        ("max_waves_per_simd", 0), ("lds_size_in_kb", 0), ("gds_size_in_kb", 0), ("num_gws", 0),
        ("wave_front_size", 0), ("array_count", 0), ("simd_arrays_per_engine", 0),
        ("cu_per_simd_array", 0), ("simd_per_cu", 0), ("max_slots_scratch_cu", 0),
        ("gfx_target_version", 0), ("vendor_id", 0), ("device_id", 0), ("location_id", 0),
        ("domain", 0), ("drm_render_minor", 0), ("hive_id", 0), ("num_sdma_engines", 0),
        ("num_sdma_xgmi_engines", 0), ("num_sdma_queues_per_engine", 0), ("num_cp_queues", 0),
        ("max_engine_clk_ccompute", 2450)]))
    write(f"{path}/mem_banks/0/properties", props([
        ("heap_type", 0), ("size_in_bytes", 540765749248), ("flags", 0), ("width", 64), ("mem_clk_max", 3200)]))
    write(f"{path}/caches/.gitkeep", "")


def gpu_node(path, g):
    slots = g["xcc"] * g["se"] * g["sh"] * g["cu_slots"]
    active = set(g["active"])
    entries = []
    entries += l1_entries(active, slots, 1, (1, g["vl1_kib"], g["vl1_line"], DATA))
    entries += l1_entries(active, slots, 2, (1, 64, 64, INST))
    entries += l1_entries(active, slots, 2, (1, 16, 64, DATA))
    per_xcc = slots // g["xcc"]
    for x in range(g["xcc"]):
        members = sorted(c for c in active if x * per_xcc <= c < (x + 1) * per_xcc)
        # L2 sibling maps are laid out per shader array (32 bits each); only their count matters here.
        entries.append(cache(2, g["l2_kib"], 128, DATA, SIMD_ID_BASE + members[0],
                             set(range(len(members))), 32 * g["se"] * g["sh"]))
    if g.get("l3_kib"):
        entries.append(cache(3, g["l3_kib"], 64, DATA, SIMD_ID_BASE, set(range(len(active))),
                             32 * g["se"] * g["sh"] * g["xcc"]))
    for i, text in enumerate(entries):
        write(f"{path}/caches/{i}/properties", text)
    write(f"{path}/properties", props([
        ("cpu_cores_count", 0), ("simd_count", 4 * len(active)), ("mem_banks_count", 1),
        ("caches_count", len(entries)), ("io_links_count", 1), ("p2p_links_count", 0),
        ("cpu_core_id_base", 0), ("simd_id_base", SIMD_ID_BASE), ("max_waves_per_simd", 8),
        ("lds_size_in_kb", 64), ("gds_size_in_kb", 0), ("num_gws", 64), ("wave_front_size", 64),
        ("array_count", g["xcc"] * g["se"] * g["sh"]), ("simd_arrays_per_engine", g["sh"]),
        ("cu_per_simd_array", g["cu_slots"]), ("simd_per_cu", 4), ("max_slots_scratch_cu", 32),
        ("gfx_target_version", g["gfx"]), ("vendor_id", 4098), ("device_id", g["device_id"]),
        ("location_id", g["location_id"]), ("domain", 0), ("drm_render_minor", 128),
        ("hive_id", 0), ("num_sdma_engines", 2), ("num_sdma_xgmi_engines", 6),
        ("num_sdma_queues_per_engine", 8), ("num_cp_queues", 24),
        ("max_engine_clk_fcompute", g["clk"]), ("local_mem_size", 0), ("fw_version", 78),
        ("capability", 671588992), ("debug_prop", 1495), ("sdma_fw_version", 8),
        ("unique_id", 5943637461214838434), ("num_xcc", g["xcc"]), ("max_engine_clk_ccompute", 2450)]))
    write(f"{path}/mem_banks/0/properties", props([
        ("heap_type", 1), ("size_in_bytes", g["mem"]), ("flags", 0), ("width", g["width"]),
        ("mem_clk_max", g["mem_clk"])]))


def profile(name):
    with open(os.path.join(ROOT, "resources", "profiles", f"{name}.json")) as f:
        return json.load(f)


def chip(root, g, partition=None):
    shutil.rmtree(root, ignore_errors=True)
    cpu_node(f"{root}/nodes/0")
    gpu_node(f"{root}/nodes/1", g)
    if partition:
        for name, value in partition.items():
            write(f"{root}/drm/renderD128/device/{name}", value + "\n")


def malformed(root):
    shutil.rmtree(root, ignore_errors=True)
    good = profile("mi210")["compute"]["physical_cu_ids"]
    base = dict(xcc=1, se=8, sh=1, cu_slots=16, active=good, vl1_kib=16, vl1_line=64, l2_kib=8192,
                gfx=90010, device_id=29711, location_id=768, clk=1700, mem=68702699520, width=4096,
                mem_clk=1600)
    # 1: empty node properties
    write(f"{root}/nodes/1/properties", "")
    # 2: garbage and negative values, a cache with an empty file, one with a broken sibling map
    gpu_node(f"{root}/nodes/2", base)
    write(f"{root}/nodes/2/properties", props([
        ("simd_count", 416), ("simd_per_cu", 4), ("simd_id_base", SIMD_ID_BASE), ("array_count", -8),
        ("simd_arrays_per_engine", 1), ("cu_per_simd_array", "banana"), ("gfx_target_version", 90010),
        ("num_xcc", 100000), ("lds_size_in_kb", -64)]) + "\x00\x01 binary junk without value\n")
    write(f"{root}/nodes/2/caches/0/properties", "")
    write(f"{root}/nodes/2/caches/1/properties",
          cache(1, 16, 64, DATA, SIMD_ID_BASE + 1, {0}).replace("sibling_map 1,", "sibling_map 1,x,"))
    write(f"{root}/nodes/2/caches/2/properties", cache(1, -16, 3, DATA, SIMD_ID_BASE + 3, {0}))
    # 3: a GPU node without a caches folder
    gpu_node(f"{root}/nodes/3", base)
    shutil.rmtree(f"{root}/nodes/3/caches")
    # 4: absurd values
    write(f"{root}/nodes/4/properties", props([
        ("simd_count", 4000000000), ("simd_per_cu", 4), ("cu_per_simd_array", 100000),
        ("gfx_target_version", 90010), ("wave_front_size", 64)]))
    # 5: not a node at all
    write(f"{root}/nodes/not_a_node/properties", "simd_count 4\n")


def main():
    mi210 = profile("mi210")["compute"]["physical_cu_ids"]
    mi300x = profile("mi300x")["compute"]["physical_cu_ids"]
    chip(os.path.join(HERE, "mi210"), dict(
        xcc=1, se=8, sh=1, cu_slots=16, active=mi210, vl1_kib=16, vl1_line=64, l2_kib=8192,
        gfx=90010, device_id=0x740F, location_id=3 << 8, clk=1700, mem=68702699520, width=4096,
        mem_clk=1600))
    chip(os.path.join(HERE, "mi300x"), dict(
        xcc=8, se=4, sh=1, cu_slots=10, active=mi300x, vl1_kib=32, vl1_line=128, l2_kib=4096,
        l3_kib=262144, gfx=90402, device_id=0x74A1, location_id=(0x1B << 8), clk=2100,
        mem=205822885888, width=8192, mem_clk=1300),
        partition={"current_compute_partition": "SPX", "current_memory_partition": "NPS1",
                   "available_compute_partition": "SPX, DPX, QPX, CPX",
                   "available_memory_partition": "NPS1, NPS4"})
    malformed(os.path.join(HERE, "malformed"))


if __name__ == "__main__":
    main()
