#include "language.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>
#include <vector>

namespace ts::gui {
namespace {

const QString kPrefix = QStringLiteral("toposcope_");

std::vector<std::unique_ptr<QTranslator>>& installed() {
    static std::vector<std::unique_ptr<QTranslator>> translators;
    return translators;
}

// Installed translations first (a package may update them), then the ones in the binary.
QStringList translationDirs() {
    QStringList dirs;
    if (QCoreApplication::instance()) {
        const QString share = QCoreApplication::applicationDirPath() +
                              QStringLiteral("/../share/toposcope/translations");
        if (QDir(share).exists()) dirs << QDir::cleanPath(share);
    }
    dirs << QStringLiteral(":/i18n");
    return dirs;
}

bool loadFor(QTranslator& t, const QLocale& locale, const QString& base, const QStringList& dirs) {
    for (const QString& dir : dirs)
        if (t.load(locale, base, QString(), dir)) return true;
    return false;
}

}  // namespace

QString languageArgument(const QStringList& arguments) {
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == QLatin1String("--")) break;
        for (const QString& name : {QStringLiteral("--lang"), QStringLiteral("-lang")}) {
            if (a == name && i + 1 < arguments.size()) return arguments[i + 1];
            if (a.startsWith(name + QLatin1Char('='))) return a.mid(name.size() + 1);
        }
    }
    return {};
}

QStringList availableLanguages() {
    QStringList languages{QStringLiteral("en")};
    for (const QString& dir : translationDirs()) {
        const QStringList files = QDir(dir).entryList({kPrefix + QStringLiteral("*.qm")}, QDir::Files, QDir::Name);
        for (const QString& file : files) {
            const QString language = file.mid(kPrefix.size()).chopped(3);
            if (!languages.contains(language)) languages << language;
        }
    }
    return languages;
}

QString installTranslations(const QString& language) {
    removeTranslations();
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    const bool english = (!language.isEmpty() && language.startsWith(QLatin1String("en"))) ||
                         locale.language() == QLocale::English;
    auto app = std::make_unique<QTranslator>();
    if (english || !loadFor(*app, locale, kPrefix, translationDirs())) {
        // The source strings, with English numerus forms: "1 unit", "2 units" for "%n unit(s)".
        if (loadFor(*app, QLocale(QLocale::English), kPrefix, translationDirs())) {
            QCoreApplication::installTranslator(app.get());
            installed().push_back(std::move(app));
        }
        return QStringLiteral("en");
    }
    const QString chosen = app->language();
    QCoreApplication::installTranslator(app.get());
    installed().push_back(std::move(app));

    // Qt's own strings (standard buttons, file dialogs), where qt6-translations-l10n is installed.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, QStringLiteral("qtbase_"), QString(), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        installed().push_back(std::move(qt));
    }
    return chosen.isEmpty() ? locale.name().section(QLatin1Char('_'), 0, 0) : chosen;
}

void removeTranslations() {
    for (auto& t : installed()) QCoreApplication::removeTranslator(t.get());
    installed().clear();
}

}  // namespace ts::gui
