#pragma once
#include <QObject>
#include <QStringList>

class QAction;
class QTabWidget;
class QWidget;

namespace ts {
struct FleetComparison;
}

namespace ts::gui {

class FleetBackgroundReader;
class FleetView;

// The Fleet page: File ▸ Open Fleet…, the files read off the GUI thread, and the Fleet tab,
// added to `tabs` when the first fleet is shown. What a launch does with a fleet (screenshots,
// quitting) is the window's.
class FleetPage : public QObject {
    Q_OBJECT
public:
    FleetPage(QTabWidget* tabs, QWidget* dialogParent);

    QAction* openAction() const { return openAction_; }
    FleetView* view() const { return view_; }  // nullptr until a fleet was shown
    bool open(const QStringList& paths);        // false: a fleet is still loading

Q_SIGNALS:
    void shown(const QString& summary, const QStringList& paths);
    void failed(const QString& file, const QString& problem, const QString& text);

private:
    void askOpen();
    void onLoaded(const FleetComparison& data, const QStringList& paths);
    void onFailed(const QString& file, const QString& problem);

    QTabWidget* tabs_;
    QWidget* dialogParent_;
    QAction* openAction_;
    FleetBackgroundReader* reader_;
    FleetView* view_ = nullptr;
};

}  // namespace ts::gui
