// toposcope: the desktop application (Qt 6 Widgets).
#include <QApplication>

#include <cstdio>
#include <cstring>

#include "language.hpp"
#include "launch_options.hpp"
#include "main_window.hpp"
#include "metatypes.hpp"
#include "model/build_info.hpp"
#include "palettes.hpp"

int main(int argc, char** argv) {
    // Answered before QApplication, which needs a display: `toposcope --version` works on a GPU
    // server without one. The parser lists the option for --help.
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--version") == 0 || std::strcmp(argv[i], "-v") == 0) {
            std::printf("%s\n", ts::versionText("toposcope").c_str());
            return 0;
        }
    QApplication::setHighDpiScaleFactorRoundingPolicy(Qt::HighDpiScaleFactorRoundingPolicy::PassThrough);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("toposcope"));
    QApplication::setOrganizationName(QStringLiteral("TopoScope"));
    QApplication::setApplicationVersion(QStringLiteral(TOPOSCOPE_VERSION));
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
