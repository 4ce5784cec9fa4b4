#include "progress_printer.hpp"

#include <cstdio>

#include "value_text.hpp"
#include "terminal_text.hpp"

namespace ts::cli {

void ProgressPrinter::onDevice(const DeviceInfo& d) {
    if (quiet_) return;
    printMessage(stderr, "device: %s (%s, %s, %d units) via %s\n", d.name.c_str(), std::string(toString(d.vendor)).c_str(),
                 d.arch.c_str(), d.unitCount, d.backend.c_str());
}

void ProgressPrinter::onProgress(const ProgressEvent& e) {
    if (quiet_ || e.benchmark == "done") return;
    if (e.etaSeconds >= 0)
        printMessage(stderr, "[%d/%d %5.1fs, ETA %4.0fs] %s: %s\n", e.done, e.total, e.elapsedSeconds, e.etaSeconds,
                     e.benchmark.c_str(), e.step.c_str());
    else
        printMessage(stderr, "[%d/%d %5.1fs] %s: %s\n", e.done, e.total, e.elapsedSeconds, e.benchmark.c_str(),
                     e.step.c_str());
}

double ProgressPrinter::elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressPrinter::onResult(const ResultEvent& e) {
    if (quiet_) return;
    const Attribute& a = e.attribute;
    printMessage(stderr, "  = [%6.2fs] %s %s: %s (confidence %.3f)%s\n", elapsed(),
                 std::string(displayName(e.element)).c_str(), a.name.c_str(), valueText(a).c_str(), a.confidence,
                 a.lowerBound ? " [lower bound]" : "");
}

void ProgressPrinter::onWarning(const std::string& message) {
    printMessage(stderr, "warning: %s\n", message.c_str());
}

}  // namespace ts::cli
