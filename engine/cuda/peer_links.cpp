#include "cuda/peer_links.hpp"

#include <algorithm>
#include <numeric>
#include <random>

#include "cuda/cuda_error.hpp"
#include "peer_abi.hpp"

namespace ts::cuda {
namespace {

constexpr std::size_t kCopyBytes = std::size_t(256) << 20;  // large enough to hide launch costs
constexpr int kCopyRepetitions = 5;
constexpr std::size_t kSlotBytes = 4096;                   // one load per 4 KiB: no two in one line
constexpr std::uint32_t kSlots = 8192;                     // 32 MiB chain
constexpr std::uint32_t kChaseLoads = 4096;

// Device memory that frees itself on the device it came from.
struct DeviceBuffer {
    int device = 0;
    void* ptr = nullptr;
    DeviceBuffer(int d, std::size_t bytes) : device(d) {
        check(cudaSetDevice(d), "selecting the CUDA device");
        checkAlloc(cudaMalloc(&ptr, bytes), bytes, "a peer-link buffer");
    }
    ~DeviceBuffer() {
        if (!ptr) return;
        (void)cudaSetDevice(device);
        (void)cudaFree(ptr);
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

void enablePeer(int from, int to) {
    check(cudaSetDevice(from), "selecting the CUDA device");
    const cudaError_t e = cudaDeviceEnablePeerAccess(to, 0);
    if (e == cudaErrorPeerAccessAlreadyEnabled) {
        (void)cudaGetLastError();
        return;
    }
    check(e, "enabling peer access");
}

// Best of kCopyRepetitions timed copies from `from`'s memory into `to`'s, issued on `from`.
double copyGibPerSecond(int from, int to) {
    DeviceBuffer src(from, kCopyBytes), dst(to, kCopyBytes);
    check(cudaSetDevice(from), "selecting the CUDA device");
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr, stop = nullptr;
    check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "creating a stream");
    check(cudaEventCreate(&start), "creating an event");
    check(cudaEventCreate(&stop), "creating an event");
    double best = 0;
    try {
        check(cudaMemcpyPeerAsync(dst.ptr, to, src.ptr, from, kCopyBytes, stream), "a warm-up peer copy");
        for (int r = 0; r < kCopyRepetitions; ++r) {
            check(cudaEventRecord(start, stream), "recording an event");
            check(cudaMemcpyPeerAsync(dst.ptr, to, src.ptr, from, kCopyBytes, stream), "a peer copy");
            check(cudaEventRecord(stop, stream), "recording an event");
            waitForEvent(stop, 30.0, "a peer copy");
            float ms = 0;
            check(cudaEventElapsedTime(&ms, start, stop), "reading the copy time");
            if (ms > 0) best = std::max(best, static_cast<double>(kCopyBytes) / (ms * 1e-3) / double(1ull << 30));
        }
    } catch (...) {
        (void)cudaEventDestroy(start);
        (void)cudaEventDestroy(stop);
        (void)cudaStreamDestroy(stream);
        throw;
    }
    (void)cudaEventDestroy(start);
    (void)cudaEventDestroy(stop);
    (void)cudaStreamDestroy(stream);
    return best;
}

// Nanoseconds per dependent load by GPU `reader` from a random cyclic chain in `owner`'s memory.
double chaseLatencyNs(int reader, int owner) {
    std::vector<std::uint32_t> order(kSlots);
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin() + 1, order.end(), std::mt19937(12345));
    constexpr std::size_t perSlot = kSlotBytes / sizeof(std::uint32_t);
    std::vector<std::uint32_t> chain(kSlots * perSlot, 0);
    for (std::uint32_t k = 0; k < kSlots; ++k)
        chain[order[k] * perSlot] = static_cast<std::uint32_t>(order[(k + 1) % kSlots] * perSlot);
    DeviceBuffer remote(owner, chain.size() * sizeof(std::uint32_t));
    check(cudaMemcpy(remote.ptr, chain.data(), chain.size() * sizeof(std::uint32_t), cudaMemcpyHostToDevice),
          "uploading the peer chain");
    DeviceBuffer out(reader, 64);
    check(cudaSetDevice(reader), "selecting the CUDA device");
    auto* words = static_cast<std::uint32_t*>(out.ptr);
    auto* ns = reinterpret_cast<unsigned long long*>(words + 2);
    // A short walk first (TLB and link warm-up), then the timed one.
    check(cudak::launchPeerChase(static_cast<const std::uint32_t*>(remote.ptr), 256, words, ns, nullptr), "the peer chase");
    check(cudak::launchPeerChase(static_cast<const std::uint32_t*>(remote.ptr), kChaseLoads, words, ns, nullptr),
          "the peer chase");
    check(cudaDeviceSynchronize(), "the peer chase");
    unsigned long long elapsed = 0;
    check(cudaMemcpy(&elapsed, ns, sizeof elapsed, cudaMemcpyDeviceToHost), "reading the peer chase time");
    return static_cast<double>(elapsed) / kChaseLoads;
}

}  // namespace

std::vector<PeerLink> measurePeerLinks(const std::vector<int>& devices, const std::string& host) {
    std::vector<PeerLink> links;
    for (int a : devices)
        for (int b : devices) {
            if (a == b) continue;
            PeerLink link;
            link.host = host;
            link.fromDevice = a;
            link.toDevice = b;
            link.method = "cudaMemcpyPeerAsync 256 MiB, best of 5 (copy); one thread chasing 4096 dependent "
                          "__ldcv loads 4 KiB apart in the peer's memory, %globaltimer (latency)";
            int can = 0;
            const cudaError_t e = cudaDeviceCanAccessPeer(&can, a, b);
            if (e != cudaSuccess || !can) {
                (void)cudaGetLastError();
                link.reason = e != cudaSuccess ? std::string("cudaDeviceCanAccessPeer failed: ") + cudaGetErrorString(e)
                                               : "cudaDeviceCanAccessPeer: no peer access between these GPUs";
                links.push_back(link);
                continue;
            }
            link.peerAccess = true;
            try {
                enablePeer(a, b);
                enablePeer(b, a);
                link.copyGibPerSecond = copyGibPerSecond(a, b);
                // GPU a loads from b's memory: a reaches over the link.
                link.latencyNs = chaseLatencyNs(a, b);
                link.confidence = link.copyGibPerSecond > 0 && link.latencyNs > 0 ? 1.0 : 0.0;
                if (link.confidence == 0) link.reason = "the timers gave no time";
            } catch (const std::exception& ex) {
                link.reason = ex.what();
                link.confidence = 0;
            }
            links.push_back(link);
        }
    return links;
}

}  // namespace ts::cuda
