#include "benchmarks/shared_gpu.hpp"

#include <algorithm>

namespace ts {

void SharedGpuLog::refresh(Backend& backend, bool force) {
    const auto now = std::chrono::steady_clock::now();
    if (asked_ && !force && now - lastAsked_ < std::chrono::seconds(5)) return;
    asked_ = true;
    lastAsked_ = now;
    driver_ = backend.activity();
}

std::string SharedGpuLog::busyNeighbours() const {
    if (!driver_.known || driver_.utilisationPercent == 0) return {};
    std::string text;
    for (const auto& p : driver_.others)
        if (p.kind != "graphics") text += (text.empty() ? "process " : ", process ") + describeProcess(p);
    return text;
}

std::string SharedGpuLog::busyMpsClients() const {
    if (!driver_.known || driver_.utilisationPercent == 0) return {};
    std::string text;
    for (const auto& p : driver_.others)
        if (p.kind == "mps") text += (text.empty() ? "process " : ", process ") + describeProcess(p);
    return text;
}

std::string SharedGpuLog::listedNeighbours() const { return describeProcesses(driver_.others); }

bool SharedGpuLog::retryBudgetLeft(std::uint64_t firstTryCallsOfBenchmark) const {
    return firstTryCallsOfBenchmark <= kCheapCalls || retryCalls_ < firstTryCalls_ + kSpareRetryCalls;
}

void SharedGpuLog::noteOutcome(const std::string& benchmark, bool cleaned) {
    (cleaned ? cleaned_ : capped_).push_back(benchmark);
}

std::chrono::milliseconds SharedGpuLog::backoff(int retry) {
    return std::chrono::milliseconds(100 << std::clamp(retry - 1, 0, 4));
}

}  // namespace ts
