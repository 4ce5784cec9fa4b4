#pragma once
#include "events/observer.hpp"

namespace ts::gui {

class RunWorker;

// Runs on the worker thread inside the engine: copies each event into value types and emits
// it as a RunWorker signal (queued to the GUI thread). Only the rows that are new are copied.
class QtObserver : public Observer {
public:
    explicit QtObserver(RunWorker& worker) : worker_(worker) {}
    void onDevice(const DeviceInfo& device) override;
    void onSeriesChunk(const SeriesChunkEvent& event) override;
    void onReduction(const ReductionEvent& event) override;
    void onChangePoint(const ChangePointEvent& event) override;
    void onResult(const ResultEvent& event) override;
    void onProgress(const ProgressEvent& event) override;
    void onWarning(const std::string& message) override;

private:
    RunWorker& worker_;
};

}  // namespace ts::gui
