// File ▸ Export Sheet… writes the sheet `--export-pdf` writes, from the window (issue 18).
#include <QFile>
#include <QMenuBar>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "gui_test.hpp"
#include "recording_window.hpp"
#include "sheet_export_action.hpp"

using namespace ts::gui;

class TestSheetExportAction : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fileMenuExportsTheSheet() {
        const auto w = test::windowWithRecording(test::resultsRecording(QStringLiteral("h100.json")));
        QVERIFY2(w, "the recording did not open");

        SheetExportAction* action = nullptr;
        for (QAction* menu : w->menuBar()->actions())
            if (menu->menu())
                for (QAction* a : menu->menu()->actions())
                    if (auto* sheet = qobject_cast<SheetExportAction*>(a)) action = sheet;
        QVERIFY2(action, "File menu has no Export Sheet action");
        QCOMPARE(action->text().remove(QLatin1Char('&')), QStringLiteral("Export Sheet…"));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sheet"));  // the suffix is added
        action->setPathChooser([&] { return path; });
        QSignalSpy exported(action, &SheetExportAction::exported);
        action->trigger();
        QCOMPARE(exported.count(), 1);
        QVERIFY2(exported.first().at(1).toBool(), qPrintable(exported.first().at(2).toString()));
        QFile pdf(path + QStringLiteral(".pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) return;
        QProcess text;
        text.start(QStringLiteral("pdftotext"), {pdf.fileName(), QStringLiteral("-")});
        QVERIFY(text.waitForFinished(30000));
        QVERIFY(QString::fromUtf8(text.readAllStandardOutput()).contains(QStringLiteral("H100")));

        action->setPathChooser([] { return QString(); });  // cancelled: nothing written, no signal
        action->trigger();
        QCOMPARE(exported.count(), 1);
    }
};

TS_GUI_TEST(TestSheetExportAction)
#include "test_sheet_export_action.moc"
