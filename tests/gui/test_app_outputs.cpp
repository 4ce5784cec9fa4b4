// Issue 16 for the application: --help without a display, --fleet --quit-after-run without
// --screenshot, and --export-pdf that neither follows a link nor reports a failed write as success.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "gui_test.hpp"
#include "io/report_json.hpp"
#include "topology_fixtures.hpp"

namespace {

QByteArray contentOf(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestAppOutputs : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        report_ = dir_.filePath(QStringLiteral("h100.json"));
        ts::writeReportFile(ts::gui::test::simulate("h100", {"l1"}), report_.toStdString());
        victim_ = dir_.filePath(QStringLiteral("victim"));
        QFile v(victim_);
        QVERIFY(v.open(QIODevice::WriteOnly));
        v.write("precious");
    }

    // Creating the QApplication aborts without a display; --help and --version need none.
    void helpWithoutADisplay() {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}) env.remove(QString::fromLatin1(name));
        QProcess app;
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(TOPOSCOPE_APP), {QStringLiteral("--help")});
        QVERIFY(app.waitForFinished(30000));
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.exitCode(), 0);
        QVERIFY(QString::fromUtf8(app.readAllStandardOutput()).contains(QStringLiteral("--export-pdf")));
        app.start(QStringLiteral(TOPOSCOPE_APP), {QStringLiteral("--version")});
        QVERIFY(app.waitForFinished(30000));
        QCOMPARE(app.exitCode(), 0);
        QVERIFY(QString::fromUtf8(app.readAllStandardOutput()).contains(QStringLiteral(TOPOSCOPE_VERSION)));
    }

    void fleetQuitsAfterLoadingWithoutScreenshots() {
        QProcess app;
        app.setProcessEnvironment(offscreen());
        app.start(QStringLiteral(TOPOSCOPE_APP), {QStringLiteral("--no-settings"), QStringLiteral("--quit-after-run"),
                                                  QStringLiteral("--fleet"), report_, report_});
        QVERIFY2(app.waitForFinished(60000), "toposcope --fleet --quit-after-run did not quit");
        QCOMPARE(app.exitCode(), 0);
    }

    void exportPdfDoesNotFollowALink() {
        const QString link = dir_.filePath(QStringLiteral("sheet.pdf"));
        QVERIFY(QFile::link(victim_, link));
        QProcess app;
        app.setProcessEnvironment(offscreen());
        app.start(QStringLiteral(TOPOSCOPE_APP),
                  {QStringLiteral("--open"), report_, QStringLiteral("--no-settings"), QStringLiteral("--export-pdf"), link});
        QVERIFY(app.waitForFinished(60000));
        QCOMPARE(app.exitCode(), 1);
        QVERIFY(QString::fromUtf8(app.readAllStandardError()).contains(QStringLiteral("symbolic link")));
        QCOMPARE(contentOf(victim_), QByteArray("precious"));
    }

    // A write past the file-size limit fails (EFBIG) as on a full disk: exit 1 naming the file, no
    // empty PDF left behind (a 0-byte PDF and exit 0 before).
    void exportPdfOnAFullDiskFails() {
        const QString pdf = dir_.filePath(QStringLiteral("full.pdf"));
        QProcess app;
        app.setProcessEnvironment(offscreen());
        app.start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\""),
                                         QStringLiteral(TOPOSCOPE_APP), QStringLiteral("--open"), report_,
                                         QStringLiteral("--no-settings"), QStringLiteral("--export-pdf"), pdf});
        QVERIFY(app.waitForFinished(60000));
        QCOMPARE(app.exitCode(), 1);
        const QString err = QString::fromUtf8(app.readAllStandardError());
        QVERIFY2(err.contains(pdf), qPrintable(err));
        QVERIFY(!QFile::exists(pdf));
    }

private:
    static QProcessEnvironment offscreen() {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        return env;
    }

    QTemporaryDir dir_;
    QString report_;
    QString victim_;
};

TS_GUI_TEST(TestAppOutputs)
#include "test_app_outputs.moc"
