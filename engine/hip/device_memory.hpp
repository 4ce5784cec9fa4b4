#pragma once
// Owners of device allocations and streams.
#include <cstddef>
#include <cstdint>
#include <string>

#include <hip/hip_runtime_api.h>

namespace ts::hipb {

class DeviceBuffer {
public:
    DeviceBuffer() = default;
    ~DeviceBuffer();
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;

    // Makes the buffer at least `bytes` long; the old content is lost when it grows.
    void reserve(std::size_t bytes, const std::string& what);
    void* get() const { return ptr_; }
    template <typename T>
    T* as() const { return static_cast<T*>(ptr_); }
    std::uint64_t address() const { return reinterpret_cast<std::uint64_t>(ptr_); }
    std::size_t size() const { return bytes_; }

private:
    void* ptr_ = nullptr;
    std::size_t bytes_ = 0;
};

class Stream {
public:
    Stream() = default;
    explicit Stream(hipStream_t s) : s_(s) {}
    ~Stream();
    Stream(Stream&& o) noexcept : s_(o.s_) { o.s_ = nullptr; }
    Stream& operator=(Stream&& o) noexcept;
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;
    hipStream_t get() const { return s_; }

private:
    hipStream_t s_ = nullptr;
};

}  // namespace ts::hipb
