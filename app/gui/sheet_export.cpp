#include "sheet_export.hpp"

#include <QPainter>
#include <QPixmap>

#include <qcustomplot.h>

#include "plots/evidence_view.hpp"
#include "main_window.hpp"
#include "plots/plot_panel.hpp"
#include "plots/series_store.hpp"
#include "topology/topology_sheet.hpp"

namespace ts::gui {

bool exportTopologySheet(MainWindow& window, const QString& path, QString* error) {
    EvidenceView& evidence = *window.evidence();
    const bool follow = evidence.follow();
    const QString shown = evidence.currentSeries();
    evidence.setFollow(false);
    const EvidencePainter paint = [&](const QString& id, QPainter& painter, const QRectF& target) {
        if (!window.store()->find(id)) return false;
        evidence.showSeries(id);
        PlotPanel* plot = evidence.currentPlot();
        if (!plot || plot->seriesId() != id) return false;
        plot->resetView();
        plot->refreshNow();
        const QPixmap pixmap = plot->plot()->toPixmap(qRound(target.width() * 2), qRound(target.height() * 2), 2.0);
        painter.drawPixmap(target, pixmap, QRectF(pixmap.rect()));
        return true;
    };
    window.refreshTopology();
    const bool ok = TopologySheet::write(path, window.topology(), paint, error);
    if (!shown.isEmpty()) evidence.showSeries(shown);
    evidence.setFollow(follow);
    return ok;
}

}  // namespace ts::gui
