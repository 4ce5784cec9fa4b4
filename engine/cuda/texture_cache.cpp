#include "cuda/texture_cache.hpp"

#include <cstring>

#include <cuda_runtime_api.h>

#include "cuda/cuda_error.hpp"

namespace ts::cuda {

TextureCache::~TextureCache() { clear(); }

std::uint64_t createLinearTexture(const void* buffer, std::size_t bytes, int channels) {
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = const_cast<void*>(buffer);
    res.res.linear.desc = cudaCreateChannelDesc(32, channels > 1 ? 32 : 0, channels > 2 ? 32 : 0, channels > 3 ? 32 : 0,
                                                cudaChannelFormatKindUnsigned);
    res.res.linear.sizeInBytes = bytes;
    cudaTextureDesc tex;
    std::memset(&tex, 0, sizeof tex);
    tex.readMode = cudaReadModeElementType;
    tex.filterMode = cudaFilterModePoint;
    tex.addressMode[0] = cudaAddressModeClamp;
    tex.normalizedCoords = 0;
    cudaTextureObject_t object = 0;
    check(cudaCreateTextureObject(&object, &res, &tex, nullptr), ("creating a texture object over " + formatBytes(bytes)).c_str());
    return object;
}

void destroyTexture(std::uint64_t texture) { (void)cudaDestroyTextureObject(texture); }

std::uint64_t TextureCache::get(const void* buffer, std::size_t bytes) {
    const auto key = std::make_pair(reinterpret_cast<std::uintptr_t>(buffer), bytes);
    if (auto it = objects_.find(key); it != objects_.end()) return it->second;
    const std::uint64_t object = createLinearTexture(buffer, bytes, 1);
    objects_.emplace(key, object);
    return object;
}

void TextureCache::clear() {
    for (const auto& [key, object] : objects_) destroyTexture(object);
    objects_.clear();
}

}  // namespace ts::cuda
