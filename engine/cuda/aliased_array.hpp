// Address space for the TLB walks without the memory behind it: one physical allocation of
// `period()` bytes mapped again and again into a reserved range (the driver's virtual memory
// management API). On the H100 such a walk sees the same translation level as a walk over as
// much real memory (docs/validation.md, "2026-11-26, session 11"), so the walks may span 128 GiB
// while taking 1 GiB.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ts::cuda {

class GpuContext;

class AliasedArray {
public:
    explicit AliasedArray(GpuContext& ctx) : ctx_(ctx) {}
    AliasedArray(const AliasedArray&) = delete;
    AliasedArray& operator=(const AliasedArray&) = delete;
    ~AliasedArray();

    // Bytes of the one allocation; 0 when the driver cannot map memory this way (then the walks
    // use real memory). Decided once, from the free memory at the first call.
    std::uint64_t period();
    // The range's base, mapped for at least `bytes`; throws BackendError when it cannot be.
    std::byte* reserve(std::uint64_t bytes);
    void release();

private:
    void unmap();

    GpuContext& ctx_;
    bool decided_ = false;
    std::uint64_t period_ = 0;
    unsigned long long handle_ = 0;  // CUmemGenericAllocationHandle
    unsigned long long base_ = 0;    // CUdeviceptr of the reserved range
    std::uint64_t reserved_ = 0;     // bytes of the range
    std::uint64_t mapped_ = 0;       // bytes of it mapped
};

}  // namespace ts::cuda
