#include "launch_options.hpp"

#include "language.hpp"
#include "model/build_info.hpp"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

namespace ts::gui {
namespace {

[[noreturn]] void fail(const QString& message) {
    std::fprintf(stderr, "toposcope: %s\n", qPrintable(message));
    std::exit(2);
}

// Every option of the command line, declared once; all() in the order --help lists them.
struct Options {
    // Not addVersionOption(): besides `toposcope VERSION` it names the build, as toposcope-cli does.
    const QCommandLineOption version{{QStringLiteral("v"), QStringLiteral("version")},
                                     QCoreApplication::translate("main", "Displays version information.")};
    const QCommandLineOption backend{QStringLiteral("backend"), QCoreApplication::translate("main", "auto, cuda, hip or sim."),
                                     QStringLiteral("backend")};
    const QCommandLineOption device{QStringLiteral("device"), QCoreApplication::translate("main", "GPU index."),
                                    QStringLiteral("index"), QStringLiteral("0")};
    const QCommandLineOption profile{QStringLiteral("profile"),
                                     QCoreApplication::translate("main", "Simulator profile (built-in name)."),
                                     QStringLiteral("name")};
    const QCommandLineOption only{QStringLiteral("only"),
                                  QCoreApplication::translate("main", "Comma list of benchmark groups to check."),
                                  QStringLiteral("groups")};
    const QCommandLineOption run{QStringLiteral("run"), QCoreApplication::translate("main", "Start a run at launch.")};
    const QCommandLineOption open{QStringLiteral("open"),
                                  QCoreApplication::translate("main", "Open a recording: a session file, a TopoScope "
                                                                      "report, an MT4G JSON report or an MT4G raw folder."),
                                  QStringLiteral("file")};
    const QCommandLineOption replay{
        QStringLiteral("replay"),
        QCoreApplication::translate("main", "With --open: play the recording as if it were running, at its recorded "
                                            "pace (slowed so that a short run lasts about 20 s) or, without time "
                                            "stamps, one row every 25 ms.")};
    const QCommandLineOption replaySpeed{
        QStringLiteral("replay-speed"),
        QCoreApplication::translate("main", "With --replay: times the recorded pace (1: as recorded, 0.2: five "
                                            "times slower)."),
        QStringLiteral("factor")};
    const QCommandLineOption screenshots{
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "When the run or recording is done, save screenshots into DIR."),
        QStringLiteral("dir")};
    const QCommandLineOption quit{QStringLiteral("quit-after-run"),
                                  QCoreApplication::translate("main", "Quit when the run (and screenshots) are done.")};
    const QCommandLineOption fresh{QStringLiteral("no-settings"),
                                   QCoreApplication::translate("main", "Neither read nor write saved settings.")};
    const QCommandLineOption delay{
        QStringLiteral("sim-delay-us"),
        QCoreApplication::translate("main", "Simulator: start a device call at most every this many microseconds, "
                                            "each benchmark waiting at most 3.5 s in all (default: %1, so a run "
                                            "can be watched; 0: as fast as it goes).")
            .arg(kWatchableSimDelayUs),
        QStringLiteral("us")};
    const QCommandLineOption palette{QStringLiteral("palette"),
                                     QCoreApplication::translate("main", "Colours: system, light or dark."),
                                     QStringLiteral("palette")};
    const QCommandLineOption exportPdf{
        QStringLiteral("export-pdf"),
        QCoreApplication::translate("main", "After the run (--run) or recording (--open), write the topology sheet "
                                            "(PDF) to FILE and exit."),
        QStringLiteral("file")};
    const QCommandLineOption lang{
        QStringLiteral("lang"),
        QCoreApplication::translate("main", "Language of the interface: %1 (default: the system's).")
            .arg(availableLanguages().join(QStringLiteral(", "))),
        QStringLiteral("language")};
    const QCommandLineOption fleet{
        QStringLiteral("fleet"),
        QCoreApplication::translate("main", "Open a fleet to compare: a fleet report, or several TopoScope reports "
                                            "(the files after --fleet)."),
        QStringLiteral("file")};

    const QCommandLineOption tlbWalk{
        QStringLiteral("tlb-walk-gib"),
        QCoreApplication::translate("main", "Where the backend cannot map one allocation many times (HIP), let the "
                                            "TLB walks take up to this many GiB of device memory (1-128, default 16); "
                                            "CUDA walks span 128 GiB of addresses in 1 GiB."),
        QStringLiteral("gib")};

    QList<QCommandLineOption> all() const {
        return {version, backend, device,  profile,   only, run,  open, replay, replaySpeed, screenshots,
                quit,    fresh,   delay,   tlbWalk,   palette,   exportPdf, lang, fleet};
    }
};

void replayValues(const QCommandLineParser& parser, const Options& opt, LaunchOptions& o) {
    o.replay = parser.isSet(opt.replay);
    if (o.replay && o.recording.isEmpty())
        fail(QCoreApplication::translate("main", "--replay needs a recording: --open FILE"));
    if (!parser.isSet(opt.replaySpeed)) return;
    if (!o.replay) fail(QCoreApplication::translate("main", "--replay-speed needs --replay"));
    bool ok = false;
    o.replaySpeed = parser.value(opt.replaySpeed).toDouble(&ok);
    if (!ok || !(o.replaySpeed > 0) || o.replaySpeed > 1000)
        fail(QCoreApplication::translate("main", "--replay-speed needs a factor above 0 (1: the recorded pace)"));
}

// The values of a parsed command line; exits with a message on a bad one.
LaunchOptions valuesOf(const QCommandLineParser& parser, const Options& opt) {
    LaunchOptions o;
    o.backend = parser.value(opt.backend);
    bool ok = true;
    o.device = parser.value(opt.device).toInt(&ok);
    if (!ok || o.device < 0) {
        fail(QCoreApplication::translate("main", "--device needs a GPU index"));
    }
    if (!o.backend.isEmpty() && !QStringList{"auto", "cuda", "hip", "sim"}.contains(o.backend)) {
        fail(QCoreApplication::translate("main", "--backend must be auto, cuda, hip or sim"));
    }
    if (parser.isSet(opt.delay)) {
        o.simDelayUs = parser.value(opt.delay).toInt(&ok);
        if (!ok || o.simDelayUs < 0) {
            fail(QCoreApplication::translate("main", "--sim-delay-us needs a number of microseconds"));
        }
    }
    if (parser.isSet(opt.tlbWalk)) {
        const int gib = parser.value(opt.tlbWalk).toInt(&ok);
        if (!ok || gib < 1 || gib > 128) fail(QCoreApplication::translate("main", "--tlb-walk-gib needs 1 to 128 (GiB)"));
        o.tlbWalkBytes = static_cast<std::uint64_t>(gib) << 30;
    }
    o.profile = parser.value(opt.profile);
    if (!o.profile.isEmpty() && o.backend.isEmpty()) o.backend = QStringLiteral("sim");
    o.groups = parser.value(opt.only).split(QLatin1Char(','), Qt::SkipEmptyParts);
    o.run = parser.isSet(opt.run);
    o.recording = parser.value(opt.open);
    // A file manager passes the files to open as arguments (the .desktop's %F): the first is
    // opened as --open would; with --fleet they are fleet members (below).
    if (o.recording.isEmpty() && !parser.isSet(opt.fleet) && !parser.positionalArguments().isEmpty())
        o.recording = parser.positionalArguments().constFirst();
    replayValues(parser, opt, o);
    o.screenshotDir = parser.value(opt.screenshots);
    o.quitAfterRun = parser.isSet(opt.quit);
    o.ignoreSettings = parser.isSet(opt.fresh);
    o.palette = parser.value(opt.palette);
    o.exportPdf = parser.value(opt.exportPdf);
    if (!o.exportPdf.isEmpty() && !o.run && o.recording.isEmpty())
        fail(QCoreApplication::translate("main", "--export-pdf needs --run or --open"));
    if (!o.palette.isEmpty() && !QStringList{"system", "light", "dark"}.contains(o.palette))
        fail(QCoreApplication::translate("main", "--palette must be system, light or dark"));
    o.language = parser.value(opt.lang);
    if (!o.language.isEmpty() && !availableLanguages().contains(o.language))
        fail(QCoreApplication::translate("main", "--lang must be one of: %1")
                 .arg(availableLanguages().join(QStringLiteral(", "))));
    if (parser.isSet(opt.fleet)) o.fleet = parser.values(opt.fleet) + parser.positionalArguments();
    // Paced unless asked otherwise, so a simulated run lasts long enough to watch; a headless
    // run (a sheet or screenshots, then quit) has no one watching it.
    if (!parser.isSet(opt.delay)) o.simDelayUs = o.exportPdf.isEmpty() && !o.quitAfterRun ? kWatchableSimDelayUs : 0;
    return o;
}

}  // namespace

LaunchOptions parseLaunchOptions(const QCoreApplication& app) { return parseLaunchOptions(app.arguments()); }

LaunchOptions parseLaunchOptions(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "TopoScope: GPU memory topology by pointer-chase microbenchmarks, live."));
    parser.addHelpOption();
    const Options opt;
    parser.addOptions(opt.all());
    parser.addPositionalArgument(QStringLiteral("files"),
                                 QCoreApplication::translate("main", "With --fleet: more reports of the fleet."),
                                 QStringLiteral("[FILE...]"));
    parser.process(arguments);
    if (parser.isSet(opt.version)) {
        std::printf("%s\n", ts::versionText("toposcope").c_str());
        std::exit(0);
    }
    return valuesOf(parser, opt);
}

}  // namespace ts::gui
