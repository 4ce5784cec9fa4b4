#include "run/discovery_run.hpp"

#include <new>

#include "backend/fault_injection.hpp"
#include "run/exit_status.hpp"

namespace ts {

std::string DiscoveryOutcome::endingText() const {
    switch (ending) {
        case RunEnding::Finished: return "finished";
        case RunEnding::Cancelled: return "cancelled";
        case RunEnding::Refused: return "refused: " + message;
        case RunEnding::Failed: return "failed: " + message;
    }
    return "failed";
}

std::string DiscoveryOutcome::userMessage() const {
    switch (ending) {
        case RunEnding::Finished: return {};
        case RunEnding::Cancelled: return "cancelled: writing what was measured so far";
        case RunEnding::Refused:
        case RunEnding::Failed: return message;
    }
    return message;
}

int DiscoveryOutcome::exitStatus() const {
    switch (ending) {
        case RunEnding::Cancelled:
        case RunEnding::Failed: return kExitRunFailed;
        case RunEnding::Refused: return kExitSharedGpu;
        case RunEnding::Finished: break;
    }
    if (!sessionError.empty()) return kExitRunFailed;
    return someFailed ? kExitSomeFailed : kExitOk;
}

namespace {

// The injected faults that no device call met, wherever the injector sits among the wrappers.
std::vector<std::string> unfiredFaults(Backend& backend) {
    for (Backend* b = &backend; b;) {
        if (const auto* injector = dynamic_cast<const FaultInjectingBackend*>(b)) {
            std::vector<std::string> notes;
            for (const auto& fault : injector->neverFired())
                notes.push_back("injected fault " + fault + " never fired: no device call of the run met it");
            return notes;
        }
        auto* wrapper = dynamic_cast<ForwardingBackend*>(b);
        b = wrapper ? &wrapper->inner() : nullptr;
    }
    return {};
}

}  // namespace

int worstExitStatus(int a, int b) {
    auto rank = [](int status) {
        switch (status) {
            case kExitOk: return 0;
            case kExitSomeFailed: return 1;
            case kExitSharedGpu: return 2;
            default: return 3;  // kExitRunFailed, kExitBadInput and anything else
        }
    };
    return rank(a) >= rank(b) ? a : b;
}

DiscoveryOutcome runDiscoveryToOutcome(Backend& backend, const DiscoveryOptions& options, Observer& observer,
                                       const CancelToken& cancel, Topology& topology, SessionRecorder* session) {
    DiscoveryOutcome outcome;
    try {
        runDiscovery(backend, options, session ? static_cast<Observer&>(*session) : observer, cancel, topology);
    } catch (const SharedGpuRefused& e) {
        outcome.ending = RunEnding::Refused;
        outcome.message = e.what();
        topology.warnings.push_back(e.what());
    } catch (const Cancelled&) {
        outcome.ending = RunEnding::Cancelled;
        topology.warnings.push_back("run cancelled before the plan finished");
    } catch (const std::bad_alloc&) {
        outcome.ending = RunEnding::Failed;
        outcome.message = "out of memory";
        topology.warnings.push_back("run failed: out of memory");
    } catch (const std::exception& e) {
        outcome.ending = RunEnding::Failed;
        outcome.message = e.what();
        topology.warnings.push_back(std::string("run failed: ") + e.what());
    }
    outcome.someFailed = !topology.failures.empty();
    outcome.unfiredFaults = unfiredFaults(backend);
    topology.warnings.insert(topology.warnings.end(), outcome.unfiredFaults.begin(), outcome.unfiredFaults.end());
    if (session) {
        session->close(outcome.endingText());
        outcome.sessionError = session->error();
    }
    return outcome;
}

}  // namespace ts
