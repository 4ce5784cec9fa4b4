#pragma once
// What a fault-injecting backend does wrong, parsed from a spec such as "oom@l2" or
// "lost@l2#3,interference@any#40-90:2" (grammar: docs/faults.md).
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace ts {

enum class FaultKind {
    NoGpu,         // creating the backend fails: no GPU
    OldDriver,     // creating the backend fails: the driver is too old
    OutOfMemory,   // allocations of at least `minBytes` fail
    KernelFault,   // the selected calls fail like an illegal address; later calls work
    DeviceLost,    // the first selected call faults and breaks the context: every later call fails
    Timeout,       // the first selected call exceeds the watchdog; the backend refuses further work
    Interference,  // the selected calls run `factor` times slower, with noise
    // A shared GPU (docs/faults.md, "A shared GPU"):
    Evict,         // lines evicted between warm-up and timed pass, no trace left: the timed pass starts cold
    Preempt,       // ... falls into the timed pass: one load gains a slice-long gap, the rest start cold
    Neighbour,     // a time-sliced neighbour, on for `onCalls` selected calls, off for `offCalls`: while
                   // on, a chase's warm-up or timed pass holds one of its slices (a long chase always)
    Mps,           // an MPS client running beside us: every load `factor` slower, no gaps
    IdleContext,   // a display server's context at 0 % utilisation: the driver lists it, nothing slows
    Blind,         // the driver's process list is unavailable (processes in other containers)
};

// Which device calls a fault hits: the calls of one kind (chases through a space group, or
// bandwidth calls), numbered from 1 in the order they reach the backend.
struct CallSelector {
    std::string group = "any";   // any, l1, l2, texture, readonly, constant, shared, scalar, bandwidth
    std::uint64_t first = 1;
    std::uint64_t last = std::numeric_limits<std::uint64_t>::max();
};

struct Fault {
    FaultKind kind = FaultKind::KernelFault;
    std::string text;             // as written in the spec, for reports
    CallSelector calls;           // KernelFault, DeviceLost, Timeout, Interference
    bool sizeIsL2 = false;        // OutOfMemory: the threshold is the device's L2 size (API)
    std::uint64_t minBytes = 0;   // OutOfMemory: explicit threshold
    double factor = 1.5;          // Interference, Mps: latency multiplier, bandwidth divisor
    std::uint64_t onCalls = 0;    // Neighbour: on for this many selected calls (0: always on)
    std::uint64_t offCalls = 0;   // Neighbour: then off for this many
};

class FaultSpecError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// Comma list of faults; throws FaultSpecError naming the bad part.
std::vector<Fault> parseFaultSpec(const std::string& spec);

}  // namespace ts
