#pragma once
#include <memory>

#include "events/observer.hpp"
#include "model/topology.hpp"

namespace ts::gui {

class RunSignals;

// The rows of a chunk that are new, with the series' id, kind and threshold, as a copy the
// GUI thread may keep (the event points into the engine's topology).
std::shared_ptr<const Series> newRowsOf(const SeriesChunkEvent& event);

// Runs on the worker thread inside the engine: copies each event into value types and emits
// it as one of the worker's signals (RunSignals, queued to the GUI thread). Only new rows are copied.
// The engine writes the API facts straight into the topology, without events; given the
// topology, the observer reports them with the first event that follows.
class QtObserver : public Observer {
public:
    explicit QtObserver(RunSignals& worker, const Topology* topology = nullptr) : worker_(worker), topology_(topology) {}
    void onDevice(const DeviceInfo& device) override;
    void onSeriesChunk(const SeriesChunkEvent& event) override;
    void onReduction(const ReductionEvent& event) override;
    void onChangePoint(const ChangePointEvent& event) override;
    void onResult(const ResultEvent& event) override;
    void onProgress(const ProgressEvent& event) override;
    void onWarning(const std::string& message) override;
    void onSharedGpu(const std::string& evidence) override;

private:
    void reportApiOnce();
    void reportMigShares();

    RunSignals& worker_;
    const Topology* topology_;
    bool apiReported_ = false;
    // What the MIG shares are computed from: the device and the L2 results so far (the engine
    // tells the observer of a result before it stores it in the topology).
    Topology migFacts_;
    bool deviceKnown_ = false;
};

}  // namespace ts::gui
