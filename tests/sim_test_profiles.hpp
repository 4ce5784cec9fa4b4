#pragma once
// Small, noise-free simulator profiles for the Sim* tests: every figure is easy to predict.
#include <nlohmann/json.hpp>

#include "sim/profile.hpp"

namespace ts::test {

// 4 SMs. l1 (global, texture) 4 KiB; ro (readonly) 2 KiB; cl1 (constant) 1 KiB;
// l2 64 KiB in 2 segments (32 KiB usable per SM), 200 near / 400 far; DRAM 500; shared 30.
inline nlohmann::json nvidiaTestProfile() {
    return nlohmann::json::parse(R"({
      "format": "toposcope-sim-profile/1",
      "name": "Test NVIDIA GPU", "vendor": "NVIDIA", "arch": "sm_90", "clock_khz": 1000000,
      "compute": { "sm_count": 4, "warp_size": 32, "cores_per_sm": 128, "max_threads_per_block": 1024,
                   "max_threads_per_sm": 2048, "max_blocks_per_sm": 32, "regs_per_block": 65536, "regs_per_sm": 65536 },
      "caches": [
        { "id": "l1", "serves": ["global", "texture"], "scope": "sm", "per_sm": 1, "size": 4096,
          "line": 128, "sector": 32, "latency": 40 },
        { "id": "ro", "serves": ["readonly"], "scope": "sm", "size": 2048, "line": 128, "sector": 32, "latency": 35 },
        { "id": "cl1", "serves": ["constant"], "scope": "sm", "size": 1024, "line": 64, "sector": 64, "latency": 20 },
        { "id": "l2", "serves": ["global", "texture", "readonly", "constant"], "scope": "gpu", "segments": 2,
          "size": 65536, "line": 128, "sector": 32, "latency": 200, "far_latency": 400 }
      ],
      "api": { "l2_size": 65536, "persisting_l2_max": 0, "shared_mem_per_sm": 65536, "shared_mem_per_block": 49152,
               "total_const_mem": 8192, "memory_bus_width": 512, "memory_clock_khz": 1000000,
               "total_global_mem": 1073741824 },
      "shared_memory": { "latency": 30 },
      "dram": { "latency": 500, "read_gibs": 1000, "write_gibs": 900 },
      "noise": { "jitter": 0, "outlier_rate": 0, "outlier_extra": 0, "seed": 1 }
    })");
}

// 4 CUs with physical ids 0, 1, 2, 4 on 2 XCDs (units 0-1 and 2-3). vl1 2 KiB; sl1d 1 KiB shared
// by CUs {0,1}, {2}, {4}; l2 16 KiB 4-way per XCD; l3 64 KiB 8-way; DRAM 600; LDS 50.
inline nlohmann::json amdTestProfile() {
    return nlohmann::json::parse(R"({
      "format": "toposcope-sim-profile/1",
      "name": "Test AMD GPU", "vendor": "AMD", "arch": "gfx942", "clock_khz": 2000000,
      "compute": { "sm_count": 4, "warp_size": 64, "cores_per_sm": 64, "max_threads_per_block": 1024,
                   "max_threads_per_sm": 2048, "max_blocks_per_sm": 2, "regs_per_block": 65536, "regs_per_sm": 65536,
                   "xcds": 2, "physical_cu_ids": [0, 1, 2, 4] },
      "caches": [
        { "id": "vl1", "serves": ["vector"], "scope": "cu", "size": 2048, "line": 64, "sector": 64, "latency": 100 },
        { "id": "sl1d", "serves": ["scalar"], "scope": "cu_group", "size": 1024, "line": 64, "sector": 64,
          "latency": 45, "groups": [[0, 1], [2], [4]] },
        { "id": "l2", "serves": ["vector", "scalar"], "scope": "xcd", "size": 16384, "line": 128, "sector": 64,
          "ways": 4, "latency": 250 },
        { "id": "l3", "serves": ["vector", "scalar"], "scope": "gpu", "size": 65536, "line": 64, "ways": 8,
          "policy": "plru", "latency": 400 }
      ],
      "api": { "l2_size": 16384, "l2_line": 128, "persisting_l2_max": 0, "shared_mem_per_sm": 65536,
               "shared_mem_per_block": 65536, "total_const_mem": 2147483647, "memory_bus_width": 4096,
               "memory_clock_khz": 1600000, "total_global_mem": 1073741824 },
      "shared_memory": { "latency": 50 },
      "dram": { "latency": 600, "read_gibs": 1000, "write_gibs": 900 }
    })");
}

inline SimProfile parseTestProfile(const nlohmann::json& j, const std::string& origin = "test.json") {
    return parseProfile(j.dump(), origin);
}

}  // namespace ts::test
