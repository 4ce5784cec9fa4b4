#include "backend/fault_spec.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace ts {
namespace {

const std::vector<std::string>& groups() {
    static const std::vector<std::string> g{"any",      "l1",     "l2",     "texture",  "readonly",
                                            "constant", "shared", "scalar", "bandwidth"};
    return g;
}

[[noreturn]] void fail(const std::string& part, const std::string& problem) {
    throw FaultSpecError("--inject-fault '" + part + "': " + problem);
}

std::uint64_t number(const std::string& text, const std::string& part) {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
        fail(part, "'" + text + "' is not a whole number");
    return v;
}

// "l2", "4096", "64KiB", "512MiB", "2GiB"
void parseSize(const std::string& text, const std::string& part, Fault& f) {
    if (text == "l2") {
        f.sizeIsL2 = true;
        return;
    }
    std::uint64_t scale = 1;
    std::string digits = text;
    for (const auto& [suffix, s] : {std::pair<const char*, std::uint64_t>{"KiB", 1ull << 10}, {"MiB", 1ull << 20}, {"GiB", 1ull << 30}}) {
        const std::string sx(suffix);
        if (digits.size() > sx.size() && digits.compare(digits.size() - sx.size(), sx.size(), sx) == 0) {
            digits.resize(digits.size() - sx.size());
            scale = s;
            break;
        }
    }
    const std::uint64_t v = number(digits, part);
    if (v == 0 || v > (std::numeric_limits<std::uint64_t>::max() / scale)) fail(part, "size out of range");
    f.minBytes = v * scale;
}

// "l2", "l2#3", "any#40-90", "bandwidth#2-"
CallSelector parseCalls(const std::string& text, const std::string& part, bool window) {
    CallSelector c;
    const auto hash = text.find('#');
    c.group = text.substr(0, hash);
    if (std::find(groups().begin(), groups().end(), c.group) == groups().end())
        fail(part, "unknown call group '" + c.group +
                       "' (known: any, l1, l2, texture, readonly, constant, shared, scalar, bandwidth)");
    if (hash == std::string::npos) {
        if (!window) c.last = c.first;  // a fault hits the first selected call only
        return c;
    }
    const std::string range = text.substr(hash + 1);
    const auto dash = range.find('-');
    c.first = number(range.substr(0, dash), part);
    if (dash == std::string::npos) c.last = c.first;
    else if (dash + 1 < range.size()) c.last = number(range.substr(dash + 1), part);
    if (c.first == 0 || c.last < c.first) fail(part, "calls are numbered from 1 and the range must not be empty");
    return c;
}

Fault parseOne(const std::string& part) {
    std::string body = part;
    std::string factor;
    if (const auto colon = body.find(':'); colon != std::string::npos) {
        factor = body.substr(colon + 1);
        body.resize(colon);
    }
    const auto at = body.find('@');
    const std::string kind = body.substr(0, at);
    const std::string target = at == std::string::npos ? "" : body.substr(at + 1);
    if (at != std::string::npos && target.empty()) fail(part, "nothing after '@'");
    Fault f;
    f.text = part;
    if (kind == "no-gpu" || kind == "old-driver") {
        f.kind = kind == "no-gpu" ? FaultKind::NoGpu : FaultKind::OldDriver;
        if (!target.empty()) fail(part, kind + " takes no target");
    } else if (kind == "oom") {
        f.kind = FaultKind::OutOfMemory;
        parseSize(target.empty() ? "l2" : target, part, f);
    } else if (kind == "idle-context" || kind == "blind") {
        f.kind = kind == "blind" ? FaultKind::Blind : FaultKind::IdleContext;
        if (!target.empty()) fail(part, kind + " takes no target");
    } else if (kind == "fault" || kind == "lost" || kind == "timeout" || kind == "interference" || kind == "evict" ||
               kind == "preempt" || kind == "neighbour" || kind == "mps") {
        f.kind = kind == "fault"          ? FaultKind::KernelFault
                 : kind == "lost"         ? FaultKind::DeviceLost
                 : kind == "timeout"      ? FaultKind::Timeout
                 : kind == "interference" ? FaultKind::Interference
                 : kind == "evict"        ? FaultKind::Evict
                 : kind == "preempt"      ? FaultKind::Preempt
                 : kind == "neighbour"    ? FaultKind::Neighbour
                                          : FaultKind::Mps;
        const bool window = f.kind != FaultKind::KernelFault && f.kind != FaultKind::DeviceLost && f.kind != FaultKind::Timeout;
        f.calls = parseCalls(target.empty() ? "any" : target, part, window);
    } else {
        fail(part, "unknown fault '" + kind +
                       "' (known: no-gpu, old-driver, oom, fault, lost, timeout, interference, evict, preempt, neighbour, "
                       "mps, idle-context, blind)");
    }
    if (!factor.empty() && f.kind == FaultKind::Neighbour) {
        // ":ON/OFF" in selected calls
        const auto slash = factor.find('/');
        if (slash == std::string::npos) fail(part, "neighbour takes ':ON/OFF' (calls on, calls off)");
        f.onCalls = number(factor.substr(0, slash), part);
        f.offCalls = number(factor.substr(slash + 1), part);
        if (f.onCalls == 0 || f.offCalls == 0) fail(part, "':ON/OFF' counts calls from 1");
        return f;
    }
    if (f.kind == FaultKind::Mps) f.factor = 1.3;
    if (!factor.empty()) {
        if (f.kind != FaultKind::Interference && f.kind != FaultKind::Mps) fail(part, "only interference and mps take a ':FACTOR'");
        double v = 0;
        std::istringstream in(factor);
        if (!(in >> v) || !in.eof() || !std::isfinite(v) || v <= 1 || v > 100)
            fail(part, "factor '" + factor + "' must be a number above 1 and at most 100");
        f.factor = v;
    }
    return f;
}

}  // namespace

std::vector<Fault> parseFaultSpec(const std::string& spec) {
    std::vector<Fault> faults;
    std::stringstream in(spec);
    std::string part;
    while (std::getline(in, part, ','))
        if (!part.empty()) faults.push_back(parseOne(part));
    if (faults.empty()) throw FaultSpecError("--inject-fault: no fault given");
    return faults;
}

}  // namespace ts
