#pragma once
// Progress of one of several concurrent GPU workers: a line per benchmark and per warning on
// stderr, prefixed with the GPU, one line at a time across the workers.
#include <string>

#include "events/observer.hpp"

namespace ts::cli {

class WorkerProgress : public Observer {
public:
    WorkerProgress(std::string prefix, bool quiet) : prefix_(std::move(prefix)), quiet_(quiet) {}
    void onDevice(const DeviceInfo& device) override;
    void onProgress(const ProgressEvent& event) override;
    void onWarning(const std::string& message) override;

private:
    std::string prefix_;
    bool quiet_;
    std::string lastBenchmark_;
};

}  // namespace ts::cli
