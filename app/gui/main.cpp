// toposcope: the desktop application (Qt 6 Widgets).
#include <QApplication>

#include "language.hpp"
#include "launch_options.hpp"
#include "main_window.hpp"
#include "metatypes.hpp"
#include "palettes.hpp"

int main(int argc, char** argv) {
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
