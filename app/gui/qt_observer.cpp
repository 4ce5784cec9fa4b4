#include "qt_observer.hpp"

#include <algorithm>

#include "mig_view_data.hpp"
#include "run_signals.hpp"

namespace ts::gui {

void QtObserver::onDevice(const DeviceInfo& device) {
    auto q = [](const std::string& s) { return QString::fromStdString(s); };
    if (topology_)
        Q_EMIT worker_.deviceInfo(device, q(topology_->timestamp), q(topology_->toolVersion));
    else
        Q_EMIT worker_.deviceInfo(device, {}, {});
    migFacts_.device = device;
    deviceKnown_ = true;
    reportMigShares();
}

void QtObserver::reportMigShares() {
    if (deviceKnown_) Q_EMIT worker_.migShares(toMigView(migFacts_));
}

void QtObserver::reportApiOnce() {
    if (apiReported_ || !topology_) return;
    apiReported_ = true;
    for (const auto& [element, report] : topology_->elements)
        for (const auto& a : report.attributes)
            if (a.source == Source::Api) Q_EMIT worker_.result(ResultEvent{element, a});
}

std::shared_ptr<const Series> newRowsOf(const SeriesChunkEvent& event) {
    const Series& whole = *event.series;
    auto copy = std::make_shared<Series>();
    copy->id = whole.id;
    copy->title = whole.title;
    copy->kind = whole.kind;
    copy->element = whole.element;
    copy->missThreshold = whole.missThreshold;
    copy->thresholdRule = whole.thresholdRule;
    const std::size_t first = std::min(event.firstNewRow, whole.rows.size());
    copy->rows.assign(whole.rows.begin() + static_cast<std::ptrdiff_t>(first), whole.rows.end());
    return copy;
}

void QtObserver::onSeriesChunk(const SeriesChunkEvent& event) {
    reportApiOnce();
    // event.series lives in the engine's topology on this thread: copy the new rows before crossing.
    Q_EMIT worker_.seriesChunk(newRowsOf(event), static_cast<qsizetype>(event.firstNewRow));
}

void QtObserver::onReduction(const ReductionEvent& event) { Q_EMIT worker_.reduction(event); }

void QtObserver::onChangePoint(const ChangePointEvent& event) { Q_EMIT worker_.changePoint(event); }

void QtObserver::onResult(const ResultEvent& event) {
    reportApiOnce();
    Q_EMIT worker_.result(event);
    if (event.element != Element::L2) return;
    migFacts_.element(Element::L2).set(event.attribute);
    reportMigShares();
}

void QtObserver::onProgress(const ProgressEvent& event) {
    reportApiOnce();
    Q_EMIT worker_.progress(event);
}

void QtObserver::onWarning(const std::string& message) { Q_EMIT worker_.warning(QString::fromStdString(message)); }

void QtObserver::onSharedGpu(const std::string& evidence) { Q_EMIT worker_.sharedGpu(QString::fromStdString(evidence)); }

}  // namespace ts::gui
