#pragma once
#include <chrono>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "events/observer.hpp"
#include "model/topology.hpp"

namespace ts {

// Everything a benchmark needs while it runs: the backend, the growing topology,
// the observers, cancellation and progress accounting.
class RunContext {
public:
    RunContext(Backend& backend, Topology& topology, Observer& observer, const CancelToken& cancel);

    Backend& backend() { return backend_; }
    const DeviceInfo& device() const { return topology_.device; }
    Topology& topology() { return topology_; }
    Observer& observer() { return observer_; }

    // Primitive calls; each checks cancellation first.
    ChaseResult chase(const ChaseRequest& request);
    std::vector<ChaseResult> chaseBatch(const std::vector<ChaseRequest>& requests);
    BandwidthResult bandwidth(const BandwidthRequest& request);

    // Evidence: a new (or reset) series and rows appended to it, announced to observers.
    Series& openSeries(const std::string& id, const std::string& title, SeriesKind kind, Element element);
    void appendRows(const std::string& seriesId, std::vector<SeriesRow> rows);
    const Series& series(const std::string& id) const;

    void report(Element element, Attribute attribute);
    void warn(const std::string& message);

    void beginStep(const std::string& benchmark, const std::string& step);
    void setPlanSize(int total) { planTotal_ = total; }
    void finishPlanItem() { ++planDone_; }
    double elapsedSeconds() const;

private:
    Backend& backend_;
    Topology& topology_;
    Observer& observer_;
    const CancelToken& cancel_;
    int planTotal_ = 0;
    int planDone_ = 0;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace ts
