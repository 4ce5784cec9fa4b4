#include "bench/run_context.hpp"

#include <algorithm>
#include <stdexcept>

namespace ts {

RunContext::RunContext(Backend& backend, Topology& topology, Observer& observer, const CancelToken& cancel)
    : backend_(backend), topology_(topology), observer_(observer), cancel_(cancel) {}

ChaseResult RunContext::chase(const ChaseRequest& request) {
    cancel_.throwIfCancelled();
    return backend_.chase(request);
}

std::vector<ChaseResult> RunContext::chaseBatch(const std::vector<ChaseRequest>& requests) {
    cancel_.throwIfCancelled();
    return backend_.chaseBatch(requests);
}

BandwidthResult RunContext::bandwidth(const BandwidthRequest& request) {
    cancel_.throwIfCancelled();
    return backend_.bandwidth(request);
}

Series& RunContext::openSeries(const std::string& id, const std::string& title, SeriesKind kind,
                               Element element) {
    auto& all = topology_.series;
    auto it = std::find_if(all.begin(), all.end(), [&](const Series& s) { return s.id == id; });
    if (it == all.end()) {
        all.push_back(Series{id, title, kind, element, {}});
        return all.back();
    }
    *it = Series{id, title, kind, element, {}};
    return *it;
}

void RunContext::appendRows(const std::string& seriesId, std::vector<SeriesRow> rows) {
    auto& all = topology_.series;
    auto it = std::find_if(all.begin(), all.end(), [&](const Series& s) { return s.id == seriesId; });
    if (it == all.end()) throw std::logic_error("appendRows to unknown series " + seriesId);
    const std::size_t first = it->rows.size();
    for (auto& row : rows) it->rows.push_back(std::move(row));
    observer_.onSeriesChunk({&*it, first});
}

const Series& RunContext::series(const std::string& id) const {
    const Series* s = topology_.findSeries(id);
    if (!s) throw std::logic_error("unknown series " + id);
    return *s;
}

void RunContext::report(Element element, Attribute attribute) {
    observer_.onResult({element, attribute});
    topology_.element(element).set(std::move(attribute));
}

void RunContext::warn(const std::string& message) {
    topology_.warnings.push_back(message);
    observer_.onWarning(message);
}

void RunContext::beginStep(const std::string& benchmark, const std::string& step) {
    ProgressEvent event;
    event.benchmark = benchmark;
    event.step = step;
    event.done = planDone_;
    event.total = planTotal_;
    event.elapsedSeconds = elapsedSeconds();
    if (planDone_ > 0 && planTotal_ > planDone_)
        event.etaSeconds = event.elapsedSeconds / planDone_ * (planTotal_ - planDone_);
    observer_.onProgress(event);
}

double RunContext::elapsedSeconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

}  // namespace ts
