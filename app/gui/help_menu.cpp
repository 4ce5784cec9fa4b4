#include "help_menu.hpp"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtGlobal>

#include "model/build_info.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {
namespace {

// The embedded guides (app/gui/CMakeLists.txt); other documents are in the source tree's docs/.
const QString kGuide = QStringLiteral("qrc:/docs/user-guide.md");

QString markdownWithoutPictures(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    QString text = QString::fromUtf8(file.readAll());
    // The screenshots stay in the source tree (docs/screenshots): a placeholder per picture helps nobody.
    text.remove(QRegularExpression(QStringLiteral(R"(!\[[^\]]*\]\([^)]*\)\s*)")));
    return text;
}

QDialog* dialogWith(QWidget* parent, const QString& title, const QString& name, QWidget* body, QSize size) {
    auto* dialog = new QDialog(parent);
    dialog->setObjectName(name);
    dialog->setWindowTitle(title);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto* layout = new QVBoxLayout(dialog);
    body->setParent(dialog);
    layout->addWidget(body);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog->resize(size);
    return dialog;
}

void showGuide(QMainWindow* window) {
    if (QDialog* open = window->findChild<QDialog*>(QStringLiteral("userGuide"))) return open->raise();
    auto* browser = new QTextBrowser;
    browser->setObjectName(QStringLiteral("guideBrowser"));
    browser->setOpenLinks(false);
    const auto load = [browser](const QString& url) {
        const QString path = QStringLiteral(":") + QUrl(url).path();
        const QString text = markdownWithoutPictures(path);
        if (text.isEmpty()) return false;
        browser->setMarkdown(text);
        return true;
    };
    QObject::connect(browser, &QTextBrowser::anchorClicked, browser, [browser, load](const QUrl& link) {
        if (link.scheme().startsWith(QLatin1String("http"))) return;  // no browser is started from here
        if (link.path().isEmpty() && link.hasFragment()) return browser->scrollToAnchor(link.fragment());
        if (!load(QUrl(kGuide).resolved(link).toString()))
            browser->append(QObject::tr("<p><i>%1 is not built into the program: it is in the docs folder of "
                                        "TopoScope's sources.</i></p>").arg(link.toString().toHtmlEscaped()));
    });
    load(kGuide);
    dialogWith(window, QObject::tr("TopoScope User Guide"), QStringLiteral("userGuide"), browser, {900, 700})->show();
}

void showShortcuts(QMainWindow* window) {
    const QStringList lines = shortcutLines(window);
    auto* table = new QTableWidget(static_cast<int>(lines.size()), 2);
    table->setObjectName(QStringLiteral("shortcutTable"));
    table->setHorizontalHeaderLabels({QObject::tr("Action"), QObject::tr("Keys")});
    table->verticalHeader()->setVisible(false);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setTabKeyNavigation(false);
    for (int row = 0; row < lines.size(); ++row) {
        const QStringList cells = lines[row].split(QLatin1Char('\t'));
        for (int column = 0; column < 2 && column < cells.size(); ++column)
            table->setItem(row, column, new QTableWidgetItem(cells[column]));
    }
    table->resizeColumnsToContents();
    dialogWith(window, QObject::tr("Keyboard Shortcuts"), QStringLiteral("shortcuts"), table, {520, 520})->show();
}

}  // namespace

QStringList shortcutLines(const QMainWindow* window) {
    QStringList lines;
    for (const QAction* action : window->findChildren<QAction*>()) {
        if (action->shortcuts().isEmpty()) continue;
        QStringList keys;
        for (const QKeySequence& k : action->shortcuts()) keys << k.toString(QKeySequence::NativeText);
        const QString line = QString(action->text()).remove(QLatin1Char('&')).remove(QStringLiteral("…")) +
                             QLatin1Char('\t') + keys.join(QStringLiteral(", "));
        if (!lines.contains(line)) lines << line;
    }
    lines.sort(Qt::CaseInsensitive);
    return lines;
}

QString aboutText(const QString& shownDevice) {
    const BuildInfo& b = buildInfo();
    const auto listed = [](const std::vector<std::string>& items, const QString& none) {
        QStringList out;
        for (const auto& item : items) out << qText(item);
        return out.isEmpty() ? none : out.join(QStringLiteral(", "));
    };
    return QObject::tr("<p><b>TopoScope %1</b></p>"
                       "<p>Discovers the memory and compute topology of NVIDIA and AMD GPUs with microbenchmarks "
                       "and shows the evidence as it is measured.</p>"
                       "<table><tr><td>Commit</td><td>%2</td></tr>"
                       "<tr><td>Backends</td><td>%3</td></tr>"
                       "<tr><td>CUDA architectures</td><td>%4</td></tr>"
                       "<tr><td>HIP architectures</td><td>%5</td></tr>"
                       "<tr><td>Shown GPU</td><td>%6</td></tr>"
                       "<tr><td>Qt</td><td>%7</td></tr></table>"
                       "<p>Licence: GNU General Public License, version 3 or later. MT4G's sample data used by the "
                       "tests: Apache License 2.0.</p>")
        .arg(qText(b.version), qText(b.commit), listed(b.backends, QObject::tr("none")),
             listed(b.cudaArchitectures, QObject::tr("none")), listed(b.hipArchitectures, QObject::tr("none")),
             shownDevice.isEmpty() ? QObject::tr("none yet") : shownDevice.toHtmlEscaped(), QString::fromLatin1(qVersion()));
}

void fillHelpMenu(QMenu* help, QMainWindow* window, std::function<QString()> shownDevice) {
    QAction* guide = help->addAction(QObject::tr("&User Guide"), window, [window] { showGuide(window); });
    guide->setShortcut(QKeySequence::HelpContents);
    help->addAction(QObject::tr("&Keyboard Shortcuts"), window, [window] { showShortcuts(window); });
    help->addSeparator();
    help->addAction(QObject::tr("&About TopoScope"), window, [window, shownDevice] {
        QMessageBox::about(window, QObject::tr("About TopoScope"), aboutText(shownDevice()));
    });
}

}  // namespace ts::gui
