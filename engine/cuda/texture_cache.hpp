// Texture objects over linear device memory, one per (buffer, size), created on first use.
// A texture object's width is exactly its buffer's size, so tex1Dfetch never reads past the
// array under test. clear() destroys them all (when the arena they point into is reallocated).
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <utility>

namespace ts::cuda {

// A texture object over linear device memory of `channels` 32-bit unsigned channels a texel
// (1: 4-byte texels, 4: 16-byte ones), element-type reads; destroyTexture ends it.
std::uint64_t createLinearTexture(const void* buffer, std::size_t bytes, int channels);
void destroyTexture(std::uint64_t texture);

class TextureCache {
public:
    TextureCache() = default;
    TextureCache(const TextureCache&) = delete;
    TextureCache& operator=(const TextureCache&) = delete;
    ~TextureCache();

    // 32-bit unsigned texels, element-type reads.
    std::uint64_t get(const void* buffer, std::size_t bytes);
    void clear();
    std::size_t size() const { return objects_.size(); }

private:
    std::map<std::pair<std::uintptr_t, std::size_t>, std::uint64_t> objects_;
};

}  // namespace ts::cuda
