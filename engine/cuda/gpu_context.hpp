// Everything the CUDA backend keeps for the life of one device: streams, events, the one data
// arena all chases and bandwidth runs share, the control words the kernels hand-shake through,
// the logical -> %smid map, texture objects and launch statistics.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "cuda/cuda_backend.hpp"
#include "cuda/device_memory.hpp"
#include "cuda/device_query.hpp"
#include "cuda/texture_cache.hpp"
#include "model/device_info.hpp"

namespace ts::cuda {

class GpuContext {
public:
    explicit GpuContext(int device);
    GpuContext(const GpuContext&) = delete;
    GpuContext& operator=(const GpuContext&) = delete;
    ~GpuContext();

    // Makes this device current and refuses to go on after a timeout left the GPU busy.
    void enter();
    void markBroken(const std::string& why) { broken_ = why; }

    int device() const { return device_; }
    const DeviceInfo& info() const { return info_; }
    DeviceInfo& info() { return info_; }
    const DeviceLimits& limits() const { return limits_; }

    // Logical unit index -> physical %smid; rows of the role tables = highest %smid + 1.
    int physicalSm(int unit) const { return smIds_.at(static_cast<std::size_t>(unit)); }
    int smRows() const { return smRows_; }
    int smCount() const { return static_cast<int>(smIds_.size()); }

    std::uint32_t nextEpoch() { return ++epoch_; }

    cudaStream_t mainStream() const { return main_; }
    cudaStream_t sideStream() const { return side_; }
    cudaEvent_t doneEvent() const { return done_; }
    cudaEvent_t uploadedEvent() const { return uploaded_; }
    cudaEvent_t sideDoneEvent() const { return sideDone_; }
    cudaEvent_t startEvent() const { return start_; }
    cudaEvent_t stopEvent() const { return stop_; }

    DeviceBuffer& arena() { return arena_; }   // chase arrays and bandwidth buffers
    DeviceBuffer& io() { return io_; }         // per-launch job tables and results
    PinnedBuffer& hostIo() { return hostIo_; }
    std::uint32_t* ctl() const { return reinterpret_cast<std::uint32_t*>(ctl_.data()); }
    std::uint32_t* bank0Staging() const;       // 64 KiB: bank 0 contents before upload
    std::uint32_t* moduleStaging() const;      // kConstModules x 64 KiB
    std::uint32_t* sink() const;               // scratch word for kernels' dead results
    TextureCache& textures() { return textures_; }

    // Evicts the L2 (reads a buffer of twice its size with L1-bypassing loads), on `stream`.
    void enqueueL2Flush(cudaStream_t stream);
    // cudaLimitMaxL2FetchGranularity: pointer chases run with the L2 sector (32 B) so that a miss
    // fills only the sector it needs and the fetch granularity benchmark sees the sector; bandwidth
    // runs with the driver's default. Only the context's limit changes, never a device setting.
    void useChaseL2Fetch() { setL2FetchLimit(kChaseL2FetchBytes); }
    void useDefaultL2Fetch() { setL2FetchLimit(defaultL2FetchBytes_); }

    CudaLaunchStats& stats() { return stats_; }
    const CudaLaunchStats& stats() const { return stats_; }

private:
    void scanSmIds();
    void setL2FetchLimit(std::size_t bytes);
    static constexpr std::size_t kChaseL2FetchBytes = 32;
    std::size_t defaultL2FetchBytes_ = 0;
    std::size_t l2FetchBytes_ = 0;

    int device_;
    DeviceInfo info_;
    DeviceLimits limits_;
    std::vector<int> smIds_;
    int smRows_ = 0;
    std::uint32_t epoch_ = 0;
    std::string broken_;
    cudaStream_t main_ = nullptr, side_ = nullptr;
    cudaEvent_t done_ = nullptr, uploaded_ = nullptr, sideDone_ = nullptr, start_ = nullptr, stop_ = nullptr;
    DeviceBuffer arena_, io_, ctl_, flush_;
    PinnedBuffer hostIo_;
    TextureCache textures_;
    CudaLaunchStats stats_;
};

}  // namespace ts::cuda
