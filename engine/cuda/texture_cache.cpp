#include "cuda/texture_cache.hpp"

#include <cstring>

#include <cuda_runtime_api.h>

#include "cuda/cuda_error.hpp"

namespace ts::cuda {

TextureCache::~TextureCache() { clear(); }

std::uint64_t TextureCache::get(const void* buffer, std::size_t bytes) {
    const auto key = std::make_pair(reinterpret_cast<std::uintptr_t>(buffer), bytes);
    if (auto it = objects_.find(key); it != objects_.end()) return it->second;

    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = const_cast<void*>(buffer);
    res.res.linear.desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindUnsigned);
    res.res.linear.sizeInBytes = bytes;
    cudaTextureDesc tex;
    std::memset(&tex, 0, sizeof tex);
    tex.readMode = cudaReadModeElementType;
    tex.filterMode = cudaFilterModePoint;
    tex.addressMode[0] = cudaAddressModeClamp;
    tex.normalizedCoords = 0;
    cudaTextureObject_t object = 0;
    check(cudaCreateTextureObject(&object, &res, &tex, nullptr),
          ("creating a texture object over " + formatBytes(bytes)).c_str());
    objects_.emplace(key, object);
    return object;
}

void TextureCache::clear() {
    for (const auto& [key, object] : objects_) (void)cudaDestroyTextureObject(object);
    objects_.clear();
}

}  // namespace ts::cuda
