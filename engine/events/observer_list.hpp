#pragma once
#include <vector>

#include "events/observer.hpp"

namespace ts {

// Fans every event out to several observers.
class ObserverList : public Observer {
public:
    void add(Observer* o) { observers_.push_back(o); }
    void onDevice(const DeviceInfo& d) override { for (auto* o : observers_) o->onDevice(d); }
    void onSeriesChunk(const SeriesChunkEvent& e) override { for (auto* o : observers_) o->onSeriesChunk(e); }
    void onReduction(const ReductionEvent& e) override { for (auto* o : observers_) o->onReduction(e); }
    void onChangePoint(const ChangePointEvent& e) override { for (auto* o : observers_) o->onChangePoint(e); }
    void onResult(const ResultEvent& e) override { for (auto* o : observers_) o->onResult(e); }
    void onProgress(const ProgressEvent& e) override { for (auto* o : observers_) o->onProgress(e); }
    void onWarning(const std::string& m) override { for (auto* o : observers_) o->onWarning(m); }
    void onSharedGpu(const std::string& e) override { for (auto* o : observers_) o->onSharedGpu(e); }
    void onFailure(const BenchmarkFailure& f) override { for (auto* o : observers_) o->onFailure(f); }

private:
    std::vector<Observer*> observers_;
};

}  // namespace ts
