// The topology sheet one pins up (issue 18, story 3), exported from the real recordings in
// docs/results and a simulated MI300X: at most six pages and 1.5 MB, no text under 7 pt at A4
// (the sheet's own record of every font it set, and the word heights `pdftotext` reads), no
// word cut with "…", no lone table row on a page, each evidence plot once, numbers as people
// write them and undecided values as "—" with the reason.
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "gui_test.hpp"
#include "io/report_json.hpp"
#include "model/attribute_names.hpp"
#include "recording_window.hpp"
#include "sheet_export.hpp"
#include "topology/topology_sheet.hpp"

using namespace ts::gui;

namespace {

QString run(const QString& program, const QStringList& arguments) {
    QProcess p;
    p.start(program, arguments);
    if (!p.waitForFinished(60000)) return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

int pdfPages(const QString& path) {
    const auto m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(run(QStringLiteral("pdfinfo"), {path}));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// A word of `pdftotext -bbox` or `-bbox-layout` output: its box (a word past the page's top or
// left edge has negative coordinates) and its text.
const QRegularExpression& wordBox() {
    static const QRegularExpression re(QStringLiteral(
        "<word xMin=\"(-?[\\d.]+)\" yMin=\"(-?[\\d.]+)\" xMax=\"([\\d.]+)\" yMax=\"([\\d.]+)\">([^<]*)</word>"));
    return re;
}

// The smallest horizontal text in points: DejaVu Sans words are 1.164 times as high as their
// size. Slanted tick labels come as fragments whose boxes tell no size; they are left out
// (the sheet's own record covers them).
double smallestWordPoints(const QString& path, QString* word) {
    const QString html = run(QStringLiteral("pdftotext"), {QStringLiteral("-bbox-layout"), path, QStringLiteral("-")});
    static const QRegularExpression lineRe(QStringLiteral("<line[^>]*>(.*?)</line>"),
                                           QRegularExpression::DotMatchesEverythingOption);
    double smallest = 1e9;
    for (auto line = lineRe.globalMatch(html); line.hasNext();) {
        const QString inner = line.next().captured(1);
        QList<QRegularExpressionMatch> words;
        QSet<int> tops;
        for (auto w = wordBox().globalMatch(inner); w.hasNext();) {
            words << w.next();
            tops << qRound(words.back().captured(2).toDouble());
        }
        if (tops.size() > 1) continue;  // slanted
        for (const auto& w : words) {
            const double width = w.captured(3).toDouble() - w.captured(1).toDouble();
            const double height = w.captured(4).toDouble() - w.captured(2).toDouble();
            const QString text = w.captured(5);
            if (height < 0.9 * width / std::max<qsizetype>(1, text.size()) || (text.size() <= 2 && height < 7 * 1.164))
                continue;  // a slanted fragment
            if (height / 1.164 < smallest) {
                smallest = height / 1.164;
                *word = text;
            }
        }
    }
    return smallest;
}

// The first word that runs past its page's edge (issue 37, item 6: the MI300X's diagram ended in
// "TLB 1" at y = 596.6 pt of 595), with its page; empty when every word lies on its page.
QString wordOffThePage(const QString& path) {
    const QString html = run(QStringLiteral("pdftotext"), {QStringLiteral("-bbox"), path, QStringLiteral("-")});
    static const QRegularExpression pageRe(QStringLiteral("<page width=\"([\\d.]+)\" height=\"([\\d.]+)\">(.*?)</page>"),
                                           QRegularExpression::DotMatchesEverythingOption);
    int page = 0;
    for (auto p = pageRe.globalMatch(html); p.hasNext();) {
        const auto match = p.next();
        ++page;
        const double width = match.captured(1).toDouble(), height = match.captured(2).toDouble();
        for (auto w = wordBox().globalMatch(match.captured(3)); w.hasNext();) {
            const auto word = w.next();
            if (word.captured(1).toDouble() < 0 || word.captured(2).toDouble() < 0 || word.captured(3).toDouble() > width ||
                word.captured(4).toDouble() > height)
                return QStringLiteral("page %1: \"%2\" at %3..%4 pt of %5").arg(page).arg(word.captured(5), word.captured(2),
                                                                                   word.captured(4)).arg(height);
        }
    }
    return {};
}

// What every sheet must be; `text` is its `pdftotext -layout`.
void checkSheet(const QString& path, const SheetStats& stats, QString* text) {
    QCOMPARE(pdfPages(path), stats.pages);
    QVERIFY2(stats.pages <= TopologySheet::kMaxPages, qPrintable(QString::number(stats.pages)));
    QVERIFY2(QFileInfo(path).size() <= 1500 * 1000, qPrintable(QString::number(QFileInfo(path).size())));
    QVERIFY2(stats.smallestPoints >= 7, qPrintable(QString::number(stats.smallestPoints)));
    QString word;
    const double smallest = smallestWordPoints(path, &word);
    QVERIFY2(smallest >= 6.95, qPrintable(QStringLiteral("%1 pt: %2").arg(smallest).arg(word)));
    const QString off = wordOffThePage(path);
    QVERIFY2(off.isEmpty(), qPrintable(off));
    QCOMPARE(QSet<QString>(stats.plotted.begin(), stats.plotted.end()).size(), stats.plotted.size());  // each plot once
    // No orphan rows: an element split over pages keeps at least two rows on each.
    QVERIFY2(stats.smallestSplitPiece == 0 || stats.smallestSplitPiece >= 2, qPrintable(QString::number(stats.smallestSplitPiece)));
    QVERIFY(stats.tablePages >= 1);
    // Issue 37, item 6: no legend over data points (MT4G's MI210 line-size legends covered their
    // curves), no diagram text wider than its box, every figure saying what the table says.
    QCOMPARE(stats.pointsUnderLegends, 0);
    // Issue 37, item 10: page 1's L2 size plot had some 2 cm of axes; the size plots keep 2.5 cm.
    for (auto it = stats.axesPoints.cbegin(); it != stats.axesPoints.cend(); ++it)
        if (it.key().endsWith(QStringLiteral(".size")))
            QVERIFY2(it.value() >= 71, qPrintable(QStringLiteral("%1: %2 pt").arg(it.key()).arg(it.value())));
    QCOMPARE(stats.textOutsideBoxes, 0);
    QVERIFY2(stats.figureDisagreements.isEmpty(), qPrintable(stats.figureDisagreements.join(QLatin1Char('\n'))));
    qInfo("%s: %d pages (table %d), %lld bytes, smallest text %.1f pt, %lld plots, smallest split %d", qPrintable(path),
          stats.pages, stats.tablePages, static_cast<long long>(QFileInfo(path).size()), stats.smallestPoints,
          static_cast<long long>(stats.plotted.size()), stats.smallestSplitPiece);
    *text = run(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), path, QStringLiteral("-")});
    static const QRegularExpression cut(QStringLiteral("\\w…"));
    QVERIFY2(!cut.match(*text).hasMatch(), qPrintable(cut.match(*text).captured()));
    // Numbers as people write them: no exponents, no "38.0 cycles".
    static const QRegularExpression exponent(QStringLiteral("\\d[eE][+-]\\d+ (GiB|TiB|MiB|KiB|cycles)"));
    QVERIFY2(!exponent.match(*text).hasMatch(), qPrintable(exponent.match(*text).captured()));
    static const QRegularExpression trailingZero(QStringLiteral("\\d\\.0 (cycles|GiB/s|TiB/s)"));
    QVERIFY2(!trailingZero.match(*text).hasMatch(), qPrintable(trailingZero.match(*text).captured()));
    QVERIFY(!text->contains(QStringLiteral("undecided: ")) || text->contains(QStringLiteral("—")));
    // Issue 37, item 10: every page names the GPU and its number; the table keeps to three pages
    // (the H200 session's filled four and a half).
    for (int page = 1; page <= stats.pages; ++page) {
        const QString onPage = text->section(QLatin1Char('\f'), page - 1, page - 1);
        QVERIFY2(onPage.contains(QStringLiteral("page %1 of %2").arg(page).arg(stats.pages)), qPrintable(QString::number(page)));
        QVERIFY2(onPage.contains(QStringLiteral("memory topology")), qPrintable(QString::number(page)));
    }
    QVERIFY2(stats.tablePages <= 3, qPrintable(QString::number(stats.tablePages)));
}

}  // namespace

class TestTopologySheet : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        for (const char* tool : {"pdfinfo", "pdftotext"})
            if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty()) QSKIP("poppler-utils missing");
    }

    void realRecordings_data() {
        QTest::addColumn<QString>("recording");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<bool>("fullReport");  // every group of its commit's suite; sessions ran fewer
        QTest::newRow("h100") << QStringLiteral("h100.json") << QStringLiteral("H100") << true;
        QTest::newRow("h200") << QStringLiteral("h200.json") << QStringLiteral("H200") << true;
        QTest::newRow("h200-x2 gpu1") << QStringLiteral("h200-x2/gpu1.json") << QStringLiteral("H200") << true;
        QTest::newRow("h100 session") << QStringLiteral("2026-11-26/h100-session.tss") << QStringLiteral("H100") << false;
        QTest::newRow("h200 session") << QStringLiteral("2026-11-26/h200-session-be26613.tss") << QStringLiteral("H200") << false;
    }

    void realRecordings() {
        QFETCH(QString, recording);
        QFETCH(QString, gpu);
        QFETCH(bool, fullReport);
        const auto w = test::windowWithRecording(test::resultsRecording(recording));
        QVERIFY2(w, "the recording did not open");

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sheet.pdf"));
        QString error;
        SheetStats stats;
        QVERIFY2(exportTopologySheet(w->topology(), *w->evidence(), path, &error, &stats), qPrintable(error));
        QCOMPARE(stats.labelsOutside, 0);  // no label, axis title or legend leaves its small plot
        QString text;
        checkSheet(path, stats, &text);
        if (QTest::currentTestFailed()) return;
        for (int page = 0; page < stats.pages; ++page) QVERIFY(text.section(QLatin1Char('\f'), page, page).contains(gpu));
        QCOMPARE(stats.plotted.first(), QStringLiteral("l1.size"));
        if (!fullReport) return;
        QVERIFY(stats.plotted.size() >= 8);  // page 1's decisive plots and the pages after the table
        // The L2 segments' SM lists are counted in the diagram and listed in full in the table.
        QVERIFY(text.contains(QRegularExpression(QStringLiteral("near: \\d+ SMs"))));
        QVERIFY(text.contains(QRegularExpression(QStringLiteral("segment 0: SMs \\d+"))));
        // Constant L1.5's line size is undecided: "—" in the key, its reason in a footnote and the table.
        QVERIFY(text.contains(QStringLiteral("Constant L1.5 line size undecided: size or fetch granularity unknown")));
        QVERIFY(text.contains(QRegularExpression(QStringLiteral("Line size\\s+—\\s+benchmark\\s+0\\s"))));
        // The page-1 summary alone holds the diagram, the key and the first figures.
        const QString page1 = text.section(QLatin1Char('\f'), 0, 0);
        for (const char* s : {"Key attributes", "Each SM", "L1 / Texture / Read Only", "Fig. 1", "Fig. 2", "1.00"})
            QVERIFY2(page1.contains(QLatin1String(s)), s);
        QVERIFY(text.section(QLatin1Char('\f'), 1, 1).contains(QStringLiteral("Attribute")));  // the table from page 2
    }

    // The figure check finds a figure that says what the table does not: the table's L1 size is
    // moved 1 KiB off the decision the plot was drawn from.
    void figureCheckFindsADisagreement() {
        const auto w = test::windowWithRecording(test::resultsRecording(QStringLiteral("h100.json")));
        QVERIFY2(w, "the recording did not open");
        ts::Topology moved = w->topology();
        bool found = false;
        for (ts::Attribute& a : moved.element(ts::Element::L1).attributes)
            if (a.name == ts::attr::size) a.value += 1024, found = true;
        QVERIFY(found);
        QTemporaryDir dir;
        SheetStats stats;
        QString error;
        QVERIFY2(exportTopologySheet(moved, *w->evidence(), dir.filePath(QStringLiteral("moved.pdf")), &error, &stats),
                 qPrintable(error));
        QCOMPARE(stats.figureDisagreements.size(), 1);
        QVERIFY2(stats.figureDisagreements.front().startsWith(QStringLiteral("l1.size: the figure says")),
                 qPrintable(stats.figureDisagreements.front()));
    }

    // MT4G's MI210 report (issue 37, items 5 and 6): every word on its page, every label in its
    // plot, the LDS per CU, not the file's whole-device figure.
    void mt4gMi210() {
        const auto w = test::windowWithRecording(QStringLiteral(TOPOSCOPE_TEST_DATA "/mt4g/AMD Instinct MI210.json"));
        QVERIFY2(w, "the recording did not open");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mi210.pdf"));
        QString error;
        SheetStats stats;
        QVERIFY2(exportTopologySheet(w->topology(), *w->evidence(), path, &error, &stats), qPrintable(error));
        QCOMPARE(stats.labelsOutside, 0);
        QString text;
        checkSheet(path, stats, &text);
        if (QTest::currentTestFailed()) return;
        QVERIFY(text.contains(QStringLiteral("MI210")));
        QVERIFY2(text.contains(QStringLiteral("AMD · driver HIP 6.3.42134")), qPrintable(text.left(300)));  // no "AMD  ·"
        QVERIFY(text.contains(QStringLiteral("measured by MT4G")));
        QVERIFY(text.contains(QStringLiteral("64 KiB per unit")));
        QVERIFY(!text.contains(QStringLiteral("6.5 MiB per unit")));
    }

    // The simulated MI300X: eight XCDs and eight L2 instances fit page 1 at 7 pt or more; its
    // CU-sharing map has a page. The report is `toposcope-cli --backend sim --profile mi300x
    // --json` without its series (a full run takes minutes; the plots are checked above).
    void simulatedMi300x() {
        const ts::Topology mi300x = ts::readReportFile(TOPOSCOPE_TEST_DATA "/sheet/mi300x-sim.json");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mi300x.pdf"));
        QString error;
        SheetStats stats;
        QVERIFY2(TopologySheet::write(path, mi300x, nullptr, &error, &stats), qPrintable(error));
        QString text;
        checkSheet(path, stats, &text);
        if (QTest::currentTestFailed()) return;
        QVERIFY(text.section(QLatin1Char('\f'), 0, 0).contains(QStringLiteral("XCD 7")));
        QVERIFY(text.contains(QStringLiteral("near: 38 CUs")));
        QVERIFY(text.contains(QStringLiteral("sL1d CU-sharing map")));
        QVERIFY(!text.contains(QStringLiteral("selected CU")));  // nothing is selected on paper (issue 37, item 6)
    }
};

TS_GUI_TEST(TestTopologySheet)
#include "test_topology_sheet.moc"
