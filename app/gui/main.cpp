// toposcope: the desktop application (Qt 6 Widgets).
#include <QApplication>

#include <string_view>
#include <cstdio>
#include <cstring>

#include "program_support/memory_reserve.hpp"
#include "program_support/standard_streams.hpp"
#include "language.hpp"
#include "launch_options.hpp"
#include "main_window.hpp"
#include "metatypes.hpp"
#include "model/build_info.hpp"
#include "palettes.hpp"

namespace {

// --help and --version print text and exit: they must work without a display, where creating
// a QApplication aborts.
bool asksOnlyForText(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "-h" || a == "--help" || a == "-?" || a == "--help-all" || a == "-v" || a == "--version") return true;
    }
    return false;
}

void nameTheApplication() {
    QCoreApplication::setApplicationName(QStringLiteral("toposcope"));
    QCoreApplication::setOrganizationName(QStringLiteral("TopoScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TOPOSCOPE_VERSION));
}

int printTextOnly(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    nameTheApplication();
    ts::gui::installTranslations(ts::gui::languageArgument(QCoreApplication::arguments()));
    ts::gui::parseLaunchOptions(app);  // prints and exits
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    ts::app::prepareStandardStreams();
    ts::app::holdMemoryReserve();
    // --version is answered before any Qt object exists (no display needed) with the build's
    // lines; --help needs only a QCoreApplication.
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--version") == 0 || std::strcmp(argv[i], "-v") == 0) {
            std::printf("%s\n", ts::versionText("toposcope").c_str());
            return 0;
        }
    if (asksOnlyForText(argc, argv)) return printTextOnly(argc, argv);
    QApplication::setHighDpiScaleFactorRoundingPolicy(Qt::HighDpiScaleFactorRoundingPolicy::PassThrough);
    QApplication app(argc, argv);
    nameTheApplication();
    QGuiApplication::setDesktopFileName(QStringLiteral("org.toposcope.TopoScope"));
    // The system locale's language, or the one --lang forces; before the options are parsed,
    // so that --help speaks it too.
    ts::gui::installTranslations(ts::gui::languageArgument(QCoreApplication::arguments()));
    ts::gui::registerMetaTypes();
    ts::gui::rememberSystemPalette();
    const ts::gui::LaunchOptions options = ts::gui::parseLaunchOptions(app);

    ts::gui::MainWindow window(options);
    window.show();
    return QApplication::exec();
}
