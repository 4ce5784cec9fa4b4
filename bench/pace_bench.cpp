// toposcope_pace_bench: how a paced simulated run looks in the status bar (issue 37, item 3).
// Runs the GUI's worker on a built-in profile at the window's default pace and prints the run's
// time, the longest time the progress bar stood still, the ETA's worst error from 10 % on, and
// each benchmark's time (the plan's work estimates are set from these).
//   toposcope_pace_bench PROFILE [DELAY_US]
#include <QCoreApplication>

#include <cstdio>

#include "launch_options.hpp"
#include "metatypes.hpp"
#include "pace_judge.hpp"
#include "run_worker.hpp"

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: toposcope_pace_bench PROFILE [DELAY_US]\n");
        return 2;
    }
    ts::gui::registerMetaTypes();
    ts::gui::RunWorker worker;
    std::vector<ts::ProgressEvent> events;
    QObject::connect(&worker, &ts::gui::RunWorker::progress, [&](const ts::ProgressEvent& e) { events.push_back(e); });
    ts::gui::RunRequest request;
    request.device.backend = QStringLiteral("sim");
    request.device.profile = QString::fromLocal8Bit(argv[1]);
    request.cancel = std::make_shared<ts::CancelToken>();
    request.simDelayUs = argc > 2 ? std::atoi(argv[2]) : ts::gui::kWatchableSimDelayUs;
    worker.run(request);
    const ts::test::PaceVerdict v = ts::test::judgePace(events);
    std::printf("profile=%s seconds=%.1f longest_still=%.1f worst_eta_error=%.2f worst_eta_at=%.1f\n", argv[1], v.seconds,
                v.longestStill, v.worstEtaError, v.worstEtaAt);
    for (const auto& b : v.benchmarks) std::printf("  %7.2f s  %s\n", b.seconds, b.name.c_str());
    // The status bar every 5 s: the bar's share, the ETA and the time actually left.
    const double end = events.empty() ? 0 : events.back().elapsedSeconds;
    std::size_t at = 0;
    for (double t = 0; t < end; t += 5) {
        while (at + 1 < events.size() && events[at + 1].elapsedSeconds <= t) ++at;
        std::printf("  t=%5.1f  bar=%5.1f%%  eta=%6.1f  left=%6.1f  pace=%.2f work=%.1f  %s\n", t, 100 * events[at].plan.fractionAt(t),
                    events[at].plan.secondsLeftAt(t), end - t, events[at].plan.secondsPerWork, events[at].plan.totalWork,
                    events[at].benchmark.c_str());
    }
    return 0;
}
