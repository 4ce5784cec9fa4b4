// The German build: the menus speak German once the German translation is installed (as the
// system locale or `--lang de` installs it), English again without it; `--lang` on the command line.
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include "recording_window.hpp"
#include "window_fixtures.hpp"
#include "gui_test.hpp"
#include "benchmark_catalog.hpp"
#include "language.hpp"
#include "view_support/format.hpp"
#include "main_window.hpp"
#include "topology_fixtures.hpp"
#include "plots/evidence_rows_plot.hpp"
#include "topology/topology_scene.hpp"

#include <qcustomplot.h>

using namespace ts::gui;
using ts::gui::test::quietOptions;
using ts::gui::test::waitForDevices;

namespace {

QStringList menuTitles(MainWindow& w) {
    QStringList titles;
    for (const QAction* a : w.menuBar()->actions()) titles << a->text();
    return titles;
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
        // The benchmark groups' titles come from the engine's table (benchmark_groups.cpp).
        const auto groups = benchmarkCatalog(QStringLiteral("NVIDIA"));
        QVERIFY(!groups.isEmpty());
        QCOMPARE(groups.front().title, QStringLiteral("L1-Cache"));
    }

    // Issue 37, item 10: the German window fits 1024 x 700 (its longer words forced it to
    // 1162 px), on every tab, with the H100 session open.
    void germanWindowFits1024x700() {
        QCOMPARE(installTranslations(QStringLiteral("de")), QStringLiteral("de"));
        MainWindow w(quietOptions());
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(waitForDevices(w));
        QVERIFY(ts::gui::test::openAndWait(w, ts::gui::test::resultsRecording(QStringLiteral("2026-11-26/h100-session.tss"))).ok);
        for (int tab = 0; tab < w.tabs()->count(); ++tab) {
            w.tabs()->setCurrentIndex(tab);
            QCoreApplication::processEvents();
            QVERIFY2(w.minimumSizeHint().width() <= 1024,
                     qPrintable(QStringLiteral("tab %1: at least %2 px wide").arg(w.tabs()->tabText(tab)).arg(w.minimumSizeHint().width())));
            QVERIFY2(w.width() <= 1024, qPrintable(QStringLiteral("tab %1: %2 px wide").arg(w.tabs()->tabText(tab)).arg(w.width())));
        }
    }

    // Issue 37, item 10: the engine's reasons are English; in the German window they are marked
    // so where they stand in a German sentence, and stay unmarked in the English one.
    void engineReasonsAreMarkedEnglishInGerman() {
        ts::Attribute a;
        a.name = "size";
        a.reason = "no room beside the walk";
        a.source = ts::Source::Benchmark;
        a.confidence = 0;
        QCOMPARE(reasonText(a.reason), QStringLiteral("no room beside the walk"));
        QCOMPARE(installTranslations(QStringLiteral("de")), QStringLiteral("de"));
        QCOMPARE(reasonText(a.reason), QStringLiteral("(auf Englisch:) no room beside the walk"));
        QVERIFY2(formatValue(a).endsWith(QStringLiteral(": (auf Englisch:) no room beside the walk")), qPrintable(formatValue(a)));
    }

    // Under a German system locale the plot axes wrote "0,2" beside "confidence 1.00": numbers
    // are written one way in every language.
    void plotNumbersAreWrittenOneWay() {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        EvidenceRowsPlot plot;
        plot.resize(600, 400);
        plot.plot()->yAxis->setRange(0, 1.5);
        plot.plot()->replot();
        const QVector<QString> labels = plot.plot()->yAxis->tickVectorLabels();
        QLocale::setDefault(before);
        QVERIFY(!labels.isEmpty());
        QVERIFY2(labels.contains(QStringLiteral("0.5")), qPrintable(QStringList(labels.begin(), labels.end()).join(QLatin1Char(' '))));
        for (const QString& label : labels) QVERIFY2(!label.contains(QLatin1Char(',')), qPrintable(label));
    }

    // Every attribute the simulated H100 and MI210 report has a German title (the L2 partition
    // and TLB attributes were English in the German window).
    void everyAttributeTitleIsGerman() {
        std::set<std::string> names;
        for (const char* profile : {"h100", "mi210"})
            for (const auto& [element, report] : test::simulate(profile).elements)
                for (const auto& a : report.attributes) names.insert(a.name);
        QVERIFY(names.size() > 30);
        QStringList english;
        for (const auto& name : names) english << attributeTitle(QString::fromStdString(name));
        QCOMPARE(installTranslations(QStringLiteral("de")), QStringLiteral("de"));
        int i = 0;
        for (const auto& name : names) {
            const QString german = attributeTitle(QString::fromStdString(name));
            QVERIFY2(german != english[i++], qPrintable(QString::fromStdString(name) + QStringLiteral(": ") + german));
        }
    }

    void menusAreEnglishWithoutATranslation() {
        QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
        MainWindow w(quietOptions());
        waitForDevices(w);
        QVERIFY(menuTitles(w).contains(QStringLiteral("&File")));
        QCOMPARE(w.runAction()->text(), QStringLiteral("&Run"));
    }

    // "%n unit(s)" strings in proper English: "1 unit", "2 units" (the English numerus forms).
    void englishCountsAreWords() {
        QCOMPARE(installTranslations(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(TopologyScene::tr("%n unit(s)", nullptr, 1), QStringLiteral("1 unit"));
        QCOMPARE(TopologyScene::tr("%n unit(s)", nullptr, 2), QStringLiteral("2 units"));
        const TopologyScene scene = TopologyScene::build(test::simulate("h100", {"l1"}));
        QStringList lines;
        for (const auto& box : scene.boxes()) lines << box.lines;
        const QString all = lines.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QRegularExpression(QStringLiteral("\\b\\d+ units\\b"))), qPrintable(all));
        QVERIFY2(!all.contains(QStringLiteral("(s)")), qPrintable(all));
        QCOMPARE(installTranslations(QStringLiteral("de")), QStringLiteral("de"));
        QCOMPARE(TopologyScene::tr("%n unit(s)", nullptr, 1), QStringLiteral("1 Einheit"));
        QCOMPARE(TopologyScene::tr("%n unit(s)", nullptr, 3), QStringLiteral("3 Einheiten"));
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
