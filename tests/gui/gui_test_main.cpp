// Runs the registered QTest suites; arguments after the program name go to each of them
// (e.g. "-v2"). TOPOSCOPE_GUI_SUITES picks suites by class name ("TestReplay,TestPlots"), a
// leading "-" leaves them out instead ("-TestReplay,TestPlots"); unset, every suite runs (ctest
// runs the window-timer suites alone and the rest beside other tests: tests/gui/CMakeLists.txt).
// Exit status: the number of suites with failures.
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

namespace {

// Whether TOPOSCOPE_GUI_SUITES lets the suite of class `name` (namespace and all) run.
bool chosen(const char* name) {
    QString choice = qEnvironmentVariable("TOPOSCOPE_GUI_SUITES");
    if (choice.isEmpty()) return true;
    const bool leaveOut = choice.startsWith(QLatin1Char('-'));
    if (leaveOut) choice.remove(0, 1);
    const QString bare = QString::fromLatin1(name).section(QStringLiteral("::"), -1);
    return choice.split(QLatin1Char(',')).contains(bare) != leaveOut;
}

}  // namespace

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
        if (!ts::gui::test::chosen(suite->metaObject()->className())) continue;
        failed += QTest::qExec(suite.get(), argc, argv) != 0 ? 1 : 0;
    }
    return failed;
}
