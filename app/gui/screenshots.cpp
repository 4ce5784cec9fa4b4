#include "screenshots.hpp"

#include <QApplication>
#include <QDir>

#include <QTabWidget>

#include "cu-map/cu_map_view.hpp"
#include "sm-map/sm_map_view.hpp"
#include "plots/evidence_view.hpp"
#include "mig/mig_view.hpp"
#include "plots/plot_panel.hpp"
#include "view_support/saved_file.hpp"
#include "plots/series_store.hpp"
#include "topology/topology_panel.hpp"
#include "topology/topology_view.hpp"
#include "settle_events.hpp"
#include "window_views.hpp"

namespace ts::gui {
namespace {

// The first series of `kind` with rows whose id ends in `suffix` (any id when empty).
QString firstOfKind(const SeriesStore& store, SeriesKind kind, const QString& suffix = {}) {
    for (const auto& id : store.ids())
        if (const StoredSeries* s = store.find(id); s && s->kind == kind && !s->rows.empty() && id.endsWith(suffix)) return id;
    return {};
}

void settle(int ms = 50) { settleEvents(ms); }

}  // namespace

QStringList saveScreenshots(const WindowViews& views, const QString& dir) {
    QDir().mkpath(dir);
    const QDir out(dir);
    QStringList written;
    EvidenceView& evidence = *views.evidence;
    settle(600);  // a "follow" switch still pending from the end of the run happens now, not mid-way

    // Sharing-kind series: physical sharing (falling back to the first), and the L2's set
    // structure (issue 22) as a picture of its own.
    struct Shot {
        SeriesKind kind;
        const char* file;
        const char* preferredSuffix;  // the series to show, if the run has it
        bool orAnyOfKind;             // else the first of the kind
    };
    const Shot plots[] = {
        {SeriesKind::FetchGranularity, "plot-fetch-granularity.png", "", true},
        {SeriesKind::LineSize, "plot-line-size.png", "", true},
        {SeriesKind::Latency, "plot-latency.png", "", true},
        {SeriesKind::Amount, "plot-amount.png", "", true},
        {SeriesKind::Sharing, "plot-sharing.png", "sharing.physical", true},
        {SeriesKind::Sharing, "plot-associativity.png", "l2.associativity", false},
        {SeriesKind::Occupancy, "plot-occupancy.png", "device_memory.occupancy", true},  // the roofline (issue 38)
        {SeriesKind::Size, "plot-size.png", "", true},  // last: the window shot shows the size plot
    };
    for (const auto& [kind, file, suffix, orAny] : plots) {
        QString id = firstOfKind(*views.store, kind, QLatin1String(suffix));
        if (id.isEmpty() && orAny) id = firstOfKind(*views.store, kind);
        if (id.isEmpty()) continue;
        evidence.showSeries(id);
        evidence.currentPlot()->refreshNow();
        settle();
        const QString path = out.filePath(QLatin1String(file));
        if (evidence.exportCurrent(path)) written << path;
    }
    settle();
    const QString windowShot = out.filePath(QStringLiteral("main-window.png"));
    if (saveImage(windowShot, views.window->grab().toImage())) written << windowShot;

    // The Topology tab (L1 or vL1 selected, so its details show), the diagram alone, and the CU map
    // where the run found sL1d sharing (AMD).
    TopologyView& view = *views.topology->view();
    views.tabs->setCurrentWidget(views.topology);
    settle();
    view.fitToWindow();
    const int l1 = view.scene().findElement(QStringLiteral("l1"));
    view.select(l1 >= 0 ? l1 : view.scene().findElement(QStringLiteral("vl1")));  // AMD's first level: vL1
    settle();
    const QString diagram = out.filePath(QStringLiteral("topology.png"));
    if (view.exportTo(diagram)) written << diagram;
    const QString topologyShot = out.filePath(QStringLiteral("main-window-topology.png"));
    if (saveImage(topologyShot, views.window->grab().toImage())) written << topologyShot;
    if (!views.cuMap->map().empty()) {
        views.tabs->setCurrentWidget(views.cuMap);
        views.cuMap->select(0);
        settle();
        const QString cuShot = out.filePath(QStringLiteral("cu-map.png"));
        if (saveImage(cuShot, views.cuMap->grab().toImage())) written << cuShot;
    }
    if (!views.smMap->map().empty()) {
        views.tabs->setCurrentWidget(views.smMap);
        views.smMap->select(views.smMap->map().rows().front().tpcs.front().front());
        settle();
        const QString smShot = out.filePath(QStringLiteral("sm-layout.png"));
        if (saveImage(smShot, views.smMap->grab().toImage())) written << smShot;
    }
    // The MIG view: the instances where MIG is enabled, else the first profile of the what-if table.
    if (views.mig->profileCount() > 0) {
        views.tabs->setCurrentWidget(views.mig);
        views.mig->selectProfile(0);
        views.mig->selectInstances();
        settle();
        const QString migShot = out.filePath(QStringLiteral("mig.png"));
        if (saveImage(migShot, views.mig->grab().toImage())) written << migShot;
    }
    views.tabs->setCurrentIndex(0);
    return written;
}

QString saveReplayScreenshot(const WindowViews& views, const QString& dir) {
    QDir().mkpath(dir);
    const QString path = QDir(dir).filePath(QStringLiteral("replay-midway.png"));
    return saveImage(path, views.window->grab().toImage()) ? path : QString();
}

}  // namespace ts::gui
