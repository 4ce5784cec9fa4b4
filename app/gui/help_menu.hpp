#pragma once
// The Help menu: the user guide (embedded, so it is there without the source tree), the list of
// keyboard shortcuts (read from the window's actions, so it never lags behind them) and About.
#include <functional>

#include <QString>

class QMainWindow;
class QMenu;

namespace ts::gui {

// Fills `help`. `shownDevice` names the GPU of the run or recording shown (empty: none yet).
void fillHelpMenu(QMenu* help, QMainWindow* window, std::function<QString()> shownDevice);

// The dialogs' texts, for the tests: every action of `window` with a shortcut, one "text\tkeys"
// line each, sorted; and the About box's text (rich text).
QStringList shortcutLines(const QMainWindow* window);
QString aboutText(const QString& shownDevice);

}  // namespace ts::gui
