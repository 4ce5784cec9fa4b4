// The German build: the menus speak German once the German translation is installed (as the
// system locale or `--lang de` installs it), English again without it; `--lang` on the command line.
#include <QMenuBar>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

#include "gui_test.hpp"
#include "language.hpp"
#include "main_window.hpp"

using namespace ts::gui;

namespace {

QStringList menuTitles(MainWindow& w) {
    QStringList titles;
    for (const QAction* a : w.menuBar()->actions()) titles << a->text();
    return titles;
}

LaunchOptions quietOptions() {
    LaunchOptions o;
    o.backend = QStringLiteral("sim");
    o.profile = QStringLiteral("h100");
    o.ignoreSettings = true;
    return o;
}

void waitForDevices(MainWindow& w) {
    if (w.devicesKnown()) return;
    QSignalSpy ready(&w, &MainWindow::devicesReady);
    ready.wait(20000);
}

}  // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() {
        if (!availableLanguages().contains(QStringLiteral("de")))
            QSKIP("built without Qt LinguistTools: no German translation");
    }
    void cleanup() { removeTranslations(); }

    void menusAreGermanInTheGermanBuild() {
        QCOMPARE(installTranslations(QStringLiteral("de")), QStringLiteral("de"));
        MainWindow w(quietOptions());
        waitForDevices(w);
        const QStringList titles = menuTitles(w);
        QVERIFY2(titles.contains(QStringLiteral("&Datei")), qPrintable(titles.join(QLatin1Char(' '))));
        QVERIFY(titles.contains(QStringLiteral("&Ansicht")));
        QVERIFY(titles.contains(QStringLiteral("&Hilfe")));
        QCOMPARE(w.runAction()->text(), QStringLiteral("Aus&führen"));
        QCOMPARE(w.cancelAction()->text(), QStringLiteral("&Abbrechen"));
    }

    void menusAreEnglishWithoutATranslation() {
        QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
        MainWindow w(quietOptions());
        waitForDevices(w);
        QVERIFY(menuTitles(w).contains(QStringLiteral("&File")));
        QCOMPARE(w.runAction()->text(), QStringLiteral("&Run"));
    }

    void languageArgumentIsFoundBeforeParsing() {
        QCOMPARE(languageArgument({"toposcope", "--run", "--lang", "de"}), QStringLiteral("de"));
        QCOMPARE(languageArgument({"toposcope", "--lang=en"}), QStringLiteral("en"));
        QCOMPARE(languageArgument({"toposcope", "--open", "r.json"}), QString());
        QVERIFY(availableLanguages().contains(QStringLiteral("en")));
    }

#ifdef TOPOSCOPE_APP
    // The application itself: --lang de translates even --help; an unknown language is bad usage.
    void langOptionOfTheApplication() {
        QProcess app;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
        env.remove(QStringLiteral("LANGUAGE"));
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(TOPOSCOPE_APP), {"--lang", "de", "--help"});
        QVERIFY(app.waitForFinished(30000));
        QCOMPARE(app.exitCode(), 0);
        QVERIFY(QString::fromUtf8(app.readAllStandardOutput()).contains(QStringLiteral("Sprache der Oberfläche")));

        app.start(QStringLiteral(TOPOSCOPE_APP), {"--help"});
        QVERIFY(app.waitForFinished(30000));
        QVERIFY(QString::fromUtf8(app.readAllStandardOutput()).contains(QStringLiteral("Language of the interface")));

        app.start(QStringLiteral(TOPOSCOPE_APP), {"--lang", "xx", "--no-settings"});
        QVERIFY(app.waitForFinished(30000));
        QCOMPARE(app.exitCode(), 2);
    }
#endif
};

TS_GUI_TEST(TestTranslations)
#include "test_translations.moc"
