// onoff_neighbour SECONDS [ON_MS OFF_MS]: a neighbour that comes and goes (issue 15, neighbour c):
// streams through 1 GiB on every SM for ON_MS (default 100), then leaves the GPU idle for
// OFF_MS (default 100), until SECONDS have passed. Its context stays open while it is off.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <thread>

__global__ void stream(float4* a, size_t n) {
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float4 v = a[i];
        v.x += 1.f;
        a[i] = v;
    }
}

int main(int argc, char** argv) {
    using clk = std::chrono::steady_clock;
    const double secs = argc > 1 ? atof(argv[1]) : 30;
    const double onMs = argc > 2 ? atof(argv[2]) : 100, offMs = argc > 3 ? atof(argv[3]) : 100;
    const size_t n = (1ull << 30) / sizeof(float4);
    float4* a;
    if (cudaMalloc(&a, n * sizeof(float4)) != cudaSuccess) {
        puts("alloc failed");
        return 1;
    }
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    const auto t0 = clk::now();
    const auto since = [](clk::time_point t) { return std::chrono::duration<double, std::milli>(clk::now() - t).count(); };
    int phases = 0;
    while (since(t0) < secs * 1000) {
        const auto on = clk::now();
        while (since(on) < onMs) {
            stream<<<sms * 2, 512>>>(a, n);
            cudaDeviceSynchronize();
        }
        std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(offMs));
        ++phases;
    }
    printf("onoff_neighbour: %d on/off periods in %.1f s\n", phases, secs);
    return 0;
}
