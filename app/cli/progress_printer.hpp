#pragma once
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
    bool quiet_;
};

}  // namespace ts::cli
