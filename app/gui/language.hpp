#pragma once
#include <QString>
#include <QStringList>

namespace ts::gui {

// The GUI's language: the system locale's, or the one `--lang` forces. Translations are looked
// up installed (<prefix>/share/toposcope/translations, next to bin/) and then in the binary
// (:/i18n, built from translations/*.ts by qt_add_translations).

// The value of `--lang X` / `--lang=X` among the arguments; empty when absent. The options are
// parsed after the translators are installed, so that `--help` is translated too.
QString languageArgument(const QStringList& arguments);

// The languages `--lang` accepts: "en" (the source strings) and every translation found.
QStringList availableLanguages();

// Installs the translators (the application's and Qt's own) for `language` ("en", "de", ...),
// or for the system locale when it is empty; replaces those installed before. Returns the
// language in use ("en" when no translation matched).
QString installTranslations(const QString& language = {});

// Removes what installTranslations() installed: the source strings (English) again.
void removeTranslations();

}  // namespace ts::gui
