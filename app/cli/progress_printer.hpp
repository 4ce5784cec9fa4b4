#pragma once
#include <chrono>
#include <string>

#include "events/observer.hpp"

namespace ts::cli {

// Prints progress (benchmark, step, ETA), results and warnings to stderr.
class ProgressPrinter : public Observer {
public:
    explicit ProgressPrinter(bool quiet) : quiet_(quiet) {}
    void onDevice(const DeviceInfo& device) override;
    void onProgress(const ProgressEvent& event) override;
    void onResult(const ResultEvent& event) override;
    void onWarning(const std::string& message) override;

private:
    double elapsed() const;
    bool quiet_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace ts::cli
