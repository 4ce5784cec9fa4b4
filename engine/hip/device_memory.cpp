#include "hip/device_memory.hpp"

#include "hip/hip_error.hpp"

namespace ts::hipb {

DeviceBuffer::~DeviceBuffer() {
    if (ptr_) (void)hipFree(ptr_);
}

void DeviceBuffer::reserve(std::size_t bytes, const std::string& what) {
    if (bytes <= bytes_) return;
    if (ptr_) (void)hipFree(ptr_);
    ptr_ = nullptr;
    bytes_ = 0;
    check(hipMalloc(&ptr_, bytes), "allocating " + std::to_string(bytes) + " bytes for " + what);
    bytes_ = bytes;
}

Stream::~Stream() {
    if (s_) (void)hipStreamDestroy(s_);
}

Stream& Stream::operator=(Stream&& o) noexcept {
    if (this != &o) {
        if (s_) (void)hipStreamDestroy(s_);
        s_ = o.s_;
        o.s_ = nullptr;
    }
    return *this;
}

}  // namespace ts::hipb
