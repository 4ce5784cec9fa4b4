// l2_chase_neighbour SECONDS: a neighbour that keeps the L2 busy with pointer chases (issue 15,
// neighbour b). One block per SM, every warp chases its own random cycle through a 40 MiB
// array (most of an H100/H200 L2), so the L2 is full of its lines and busy with dependent loads.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#include <random>
#include <algorithm>

__global__ void chase(const unsigned* next, unsigned start, unsigned steps, unsigned* sink) {
    unsigned j = (start + (blockIdx.x * blockDim.x + threadIdx.x) * 7919u) % 1024u;
    for (unsigned s = 0; s < steps; ++s) j = next[j];
    if (j == 0xffffffffu) *sink = j;  // keeps the chase alive
}

int main(int argc, char** argv) {
    const double secs = argc > 1 ? atof(argv[1]) : 30;
    const size_t n = (40ull << 20) / sizeof(unsigned);
    std::vector<unsigned> host(n);
    std::vector<unsigned> order(n);
    for (size_t i = 0; i < n; ++i) order[i] = static_cast<unsigned>(i);
    std::shuffle(order.begin(), order.end(), std::mt19937(42));
    for (size_t i = 0; i < n; ++i) host[order[i]] = order[(i + 1) % n];
    unsigned *next, *sink;
    if (cudaMalloc(&next, n * sizeof(unsigned)) != cudaSuccess || cudaMalloc(&sink, 4) != cudaSuccess) {
        puts("alloc failed");
        return 1;
    }
    cudaMemcpy(next, host.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice);
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    const auto t0 = std::chrono::steady_clock::now();
    int launches = 0;
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < secs) {
        chase<<<sms, 256>>>(next, static_cast<unsigned>(launches), 20000, sink);
        cudaDeviceSynchronize();
        ++launches;
    }
    printf("l2_chase_neighbour: %d launches in %.1f s\n", launches, secs);
    return 0;
}
