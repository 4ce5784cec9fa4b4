// Runs every registered QTest suite; arguments after the program name go to each of them
// (e.g. "-v2"). Exit status: the number of suites with failures.
#include <QApplication>
#include <QTemporaryDir>
#include <QTest>

#include "gui_test.hpp"
#include "metatypes.hpp"
#include "palettes.hpp"

namespace ts::gui::test {

std::vector<Factory>& suites() {
    static std::vector<Factory> all;
    return all;
}

}  // namespace ts::gui::test

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    // Settings and the sessions every run records go to a scratch home, not the user's.
    QTemporaryDir home;
    qputenv("XDG_CONFIG_HOME", home.filePath(QStringLiteral("config")).toLocal8Bit());
    qputenv("XDG_DATA_HOME", home.filePath(QStringLiteral("data")).toLocal8Bit());
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("toposcope-tests"));
    QApplication::setOrganizationName(QStringLiteral("TopoScope"));
    ts::gui::registerMetaTypes();
    ts::gui::rememberSystemPalette();
    int failed = 0;
    for (const auto& make : ts::gui::test::suites()) {
        auto suite = make();
        failed += QTest::qExec(suite.get(), argc, argv) != 0 ? 1 : 0;
    }
    return failed;
}
