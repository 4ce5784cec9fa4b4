#include "fleet_screenshots.hpp"

#include <QDir>
#include <QDockWidget>
#include <QTabWidget>

#include "fleet_view/fleet_gpu_pane.hpp"
#include "fleet_view/fleet_view.hpp"
#include "view_support/saved_file.hpp"
#include "topology/topology_view.hpp"
#include "settle_events.hpp"
#include "window_views.hpp"

namespace ts::gui {
QStringList saveFleetScreenshots(const WindowViews& views, const QString& dir) {
    FleetView* view = views.fleet;
    if (!view || view->data().members.size() < 2) return {};
    QDir().mkpath(dir);
    const FleetComparison& fleet = view->data();
    int most = 0;
    for (int m = 1; m < static_cast<int>(fleet.members.size()); ++m)
        if (fleet.outlierAttributes(m).size() > fleet.outlierAttributes(most).size()) most = m;
    const int other = most == 0 ? 1 : 0;
    // The docks only take room from the table and the diagrams here; they come back after.
    QList<QDockWidget*> hidden;
    for (QDockWidget* dock : views.window->findChildren<QDockWidget*>())
        if (dock->isVisible()) {
            dock->hide();
            hidden << dock;
        }
    views.tabs->setCurrentWidget(view);
    view->compareMembers(other, most);
    settleEvents(100);
    view->fitTableToRows();
    settleEvents(100);
    for (int i : {0, 1}) view->pane(i)->view()->fitToWindow();
    settleEvents(100);
    const QString path = QDir(dir).filePath(QStringLiteral("fleet-view.png"));
    const bool saved = saveImage(path, views.window->grab().toImage());
    for (QDockWidget* dock : hidden) dock->show();
    if (!saved) return {};
    return {path};
}

}  // namespace ts::gui
