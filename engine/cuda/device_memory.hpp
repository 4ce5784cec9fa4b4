// Growable device and pinned host buffers. A buffer only grows (free, then allocate the larger
// size); its contents do not survive growth, and generation() changes so callers can drop
// whatever they cached about the old contents.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ts::cuda {

class DeviceBuffer {
public:
    DeviceBuffer() = default;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    ~DeviceBuffer();

    // Makes at least `bytes` available; true when it had to reallocate. `granule` rounds the size up.
    bool reserve(std::size_t bytes, std::size_t granule, const char* what);
    void release();
    std::byte* data() const { return data_; }
    std::size_t size() const { return size_; }
    std::uint64_t generation() const { return generation_; }

private:
    std::byte* data_ = nullptr;
    std::size_t size_ = 0;
    std::uint64_t generation_ = 0;
};

class PinnedBuffer {
public:
    PinnedBuffer() = default;
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    ~PinnedBuffer();

    bool reserve(std::size_t bytes, const char* what);
    void release();
    std::byte* data() const { return data_; }
    std::size_t size() const { return size_; }

private:
    std::byte* data_ = nullptr;
    std::size_t size_ = 0;
};

inline std::size_t roundUp(std::size_t value, std::size_t granule) {
    return granule == 0 ? value : (value + granule - 1) / granule * granule;
}

}  // namespace ts::cuda
