#include "benchmarks/run_context.hpp"

#include <algorithm>
#include <stdexcept>
#include <thread>
#include <tuple>
#include <utility>

#include "analysis/robust.hpp"
#include "analysis/series_threshold.hpp"
#include "backend/device_work.hpp"
#include "model/attribute_names.hpp"

namespace ts {

RunContext::RunContext(Backend& backend, Topology& topology, Observer& observer, const CancelToken& cancel)
    : backend_(backend), topology_(topology), observer_(observer), cancel_(cancel) {}

template <typename Call>
auto RunContext::onDevice(Call&& call) -> decltype(call()) {
    cancel_.throwIfCancelled();
    if (!lost_.empty()) throw BackendError("the device was lost earlier: " + lost_, true);
    try {
        sampleIfDue();
        return call();
    } catch (const BackendError& e) {
        if (e.deviceLost() && lost_.empty()) lost_ = e.what();
        throw;
    }
}

// A chase pre-empted by another context (a gap in its timed loads or its watched untimed
// steps) is measured again: at once when it is short (right after the neighbour's slice, ours
// is next and holds it whole); a long one (more than ~1 ms) after a clean sentinel (a neighbour
// that comes and goes has just left), so that its row is clean. A chase without a gap ran alone
// (contexts are time-sliced) and warmed its own lines: what a neighbour does between two of our
// kernels does not move it.
ChaseResult RunContext::measuredClean(const ChaseRequest& request, ChaseResult result) {
    const bool atOnce = InterferenceGuard::shortChase(request, result);
    return repeatedIfPreempted(std::move(result), atOnce, [&] { return backend_.chase(request); });
}

ChaseResult RunContext::repeatedIfPreempted(ChaseResult result, bool repeatAtOnce,
                                            const std::function<ChaseResult()>& again) {
    if (!guard_ || !InterferenceGuard::preempted(result)) return result;
    const ChaseResult gapped = result;
    if (repeatAtOnce || waitForQuiet(std::chrono::milliseconds(200))) {
        result = again();
        if (!InterferenceGuard::preempted(result)) {
            guard_->notePreempted(gapped, true);
            return result;
        }
    }
    guard_->notePreempted(result, false);
    return result;
}

bool RunContext::waitForQuiet(std::chrono::milliseconds patience) {
    constexpr std::chrono::milliseconds kPoll{10}, kProbe{20};
    if (!guard_ || !guard_->active()) return true;
    sampleGuard();
    if (!guard_->lastDisturbed()) return true;
    if (shared_.neighbourStays()) patience = std::min(patience, kProbe);
    for (std::chrono::milliseconds waited{0}; waited < patience; waited += kPoll) {
        backend_.pause(kPoll);
        sampleGuard();
        if (!guard_->lastDisturbed()) {
            shared_.noteWait(true);
            return true;
        }
    }
    shared_.noteWait(false);
    return false;
}

ChaseResult RunContext::chase(const ChaseRequest& request) {
    ++deviceCalls_;
    noteWork(dependentLoads(request));
    return onDevice([&] { return measuredClean(request, backend_.chase(request)); });
}

// A sequence chase with a pre-emption gap among its timed loads is measured once more after a
// clean sentinel, as a long chase is (measuredClean); still gapped, it disturbs the benchmark.
ChaseResult RunContext::chaseSequence(const SequenceChase& request) {
    noteWork(dependentLoads(request));
    return onDevice([&] {
        return repeatedIfPreempted(backend_.chaseSequence(request), false,
                                   [&] { return backend_.chaseSequence(request); });
    });
}

// One load is timed: a pre-emption gap reads as an eviction, which the search asks twice.
std::uint32_t RunContext::evictionTest(const EvictionTest& test) {
    noteWork(dependentLoads(test));
    return onDevice([&] { return backend_.evictionTest(test); });
}

std::vector<ChaseResult> RunContext::chaseBatch(const std::vector<ChaseRequest>& requests) {
    ++deviceCalls_;
    noteWork(dependentLoads(requests));
    return onDevice([&] {
        auto results = backend_.chaseBatch(requests);
        for (std::size_t i = 0; i < results.size() && i < requests.size(); ++i)
            results[i] = measuredClean(requests[i], std::move(results[i]));
        return results;
    });
}

// A bandwidth kernel is timed by the wall clock and shows no gap: a sentinel right before and
// one right after it say whether another context shared the GPU while it ran (one that leaves as
// the kernel ends shows in the first, one that comes as it ends in the second). If one did, the
// kernel runs again (twice at most) once a sentinel comes back clean (polled every 10 ms, up to
// 100 ms), and the discarded measurement's evidence leaves the benchmark's window.
BandwidthResult RunContext::bandwidth(const BandwidthRequest& request) {
    const auto before = guard_ ? guard_->window() : InterferenceGuard::Window{};
    const auto sentinelDisturbed = [&] {
        sampleGuard();
        return guard_ && guard_->active() && guard_->lastDisturbed();
    };
    const auto bracketed = [&] {
        const bool disturbedBefore = sentinelDisturbed();
        ++deviceCalls_;
        BandwidthResult r = onDevice([&] { return backend_.bandwidth(request); });
        return std::pair{r, sentinelDisturbed() || disturbedBefore};
    };
    auto [result, disturbed] = bracketed();
    for (int retry = 0; retry < 2 && disturbed; ++retry) {
        // A neighbour that stays (no clean sentinel in the last waits) would only keep the
        // polls busy: the kernel's disturbance stays in the window and caps the benchmark.
        if (shared_.neighbourStays()) break;
        for (int poll = 0; poll < 10 && guard_->lastDisturbed(); ++poll) {
            backend_.pause(std::chrono::milliseconds(10));
            sampleGuard();
        }
        shared_.noteWait(!guard_->lastDisturbed());
        if (guard_->lastDisturbed()) break;
        guard_->restore(before);
        std::tie(result, disturbed) = bracketed();
    }
    return result;
}

BandwidthResult RunContext::bandwidthUnwatched(const BandwidthRequest& request) {
    ++deviceCalls_;
    return onDevice([&] { return backend_.bandwidth(request); });
}

void RunContext::noteDisturbedInput(const std::string& what) {
    if (std::find(disturbedInputs_.begin(), disturbedInputs_.end(), what) == disturbedInputs_.end())
        disturbedInputs_.push_back(what);
}

std::vector<std::string> RunContext::takeDisturbedInputs() { return std::exchange(disturbedInputs_, {}); }

std::vector<std::uint32_t> RunContext::timerOverhead(int samples) {
    return onDevice([&] { return backend_.measureTimerOverhead(samples); });
}

// A reference chase that fails without losing the device turns the check off (said once);
// it must not fail the benchmark it was sampled for.
std::vector<std::uint32_t> RunContext::referenceChase(const ChaseRequest& request) {
    try {
        return backend_.chase(request).latencies;
    } catch (const BackendError& e) {
        if (e.deviceLost()) throw;
        guard_->disable();
        warn(std::string("sentinel chase off (pre-emption gaps are still watched): it failed: ") + e.what());
        return {};
    }
}

// A call's loads are counted as it is made: a sentinel that comes due runs in front of it.
void RunContext::noteWork(std::uint64_t loads) {
    if (guard_) guard_->noteWork(loads);
}

void RunContext::sampleIfDue() {
    if (guard_ && guard_->active() && guard_->due()) guard_->sample([this](const ChaseRequest& r) { return referenceChase(r); });
}

void RunContext::calibrateGuard() {
    if (!guard_ || !guard_->active()) return;
    onDevice([&] { guard_->calibrate([this](const ChaseRequest& r) { return referenceChase(r); }); });
}

void RunContext::sampleGuard() {
    if (!guard_ || !guard_->active()) return;
    onDevice([&] { guard_->sample([this](const ChaseRequest& r) { return referenceChase(r); }); });
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
    updateMissThreshold(*it);
    observer_.onSeriesChunk({&*it, first});
}

const Series& RunContext::series(const std::string& id) const {
    const Series* s = topology_.findSeries(id);
    if (!s) throw std::logic_error("unknown series " + id);
    return *s;
}

void RunContext::report(Element element, Attribute attribute) {
    attribute.unit = attr::unitOf(attribute.name, attribute.unit);
    reported_.push_back({element, attribute.name});
    observer_.onResult({element, attribute});
    topology_.element(element).set(std::move(attribute));
}

void RunContext::revise(Element element, Attribute attribute) {
    attribute.unit = attr::unitOf(attribute.name, attribute.unit);
    observer_.onResult({element, attribute});
    topology_.element(element).set(std::move(attribute));
}

void RunContext::warn(const std::string& message) {
    topology_.warnings.push_back(message);
    observer_.onWarning(message);
}

void RunContext::warnSharedGpu(const std::string& message) {
    warn(message);
    topology_.sharedGpu = message;
    observer_.onSharedGpu(message);
}

void RunContext::fail(const BenchmarkFailure& failure) {
    topology_.failures.push_back(failure);
    observer_.onFailure(failure);
}

std::vector<RunContext::Reported> RunContext::reportedSince(std::size_t mark) const {
    std::vector<Reported> since;
    for (std::size_t i = mark; i < reported_.size(); ++i)
        if (std::none_of(since.begin(), since.end(), [&](const Reported& r) {
                return r.element == reported_[i].element && r.name == reported_[i].name;
            }))
            since.push_back(reported_[i]);
    return since;
}

void RunContext::beginStep(const std::string& benchmark, const std::string& step) {
    ProgressEvent event;
    event.benchmark = benchmark;
    event.step = step;
    event.done = planDone_;
    event.total = static_cast<int>(planWork_.size());
    event.elapsedSeconds = elapsedSeconds();
    event.plan = planProgress();
    event.etaSeconds = event.plan.secondsLeftAt(event.elapsedSeconds);
    observer_.onProgress(event);
}

PlanProgress RunContext::planProgress() const {
    PlanProgress p;
    for (std::size_t i = 0; i < planWork_.size(); ++i) {
        p.totalWork += planWork_[i];
        if (static_cast<int>(i) < planDone_) p.doneWork += planWork_[i];
        if (static_cast<int>(i) == planDone_) p.currentWork = planWork_[i];
    }
    p.doneSeconds = planDoneSeconds_;
    // The median, so that one item far off its estimate (an Infinity Cache's size search, most of
    // the work done by then) does not set the pace of every other one.
    p.secondsPerWork = median(secondsPerWork_);
    return p;
}

void RunContext::setPlanWork(std::vector<double> work) {
    planWork_ = std::move(work);
    planDone_ = 0;
    planDoneSeconds_ = 0;
    secondsPerWork_.clear();
}

void RunContext::reviseWork(std::size_t item, double work) {
    if (item < planWork_.size() && static_cast<int>(item) > planDone_) planWork_[item] = work;
}

void RunContext::finishPlanItem() {
    const double now = elapsedSeconds();
    if (planDone_ < static_cast<int>(planWork_.size()) && planWork_[static_cast<std::size_t>(planDone_)] > 0)
        secondsPerWork_.push_back((now - planDoneSeconds_) / planWork_[static_cast<std::size_t>(planDone_)]);
    ++planDone_;
    planDoneSeconds_ = now;
}

double RunContext::elapsedSeconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

}  // namespace ts
