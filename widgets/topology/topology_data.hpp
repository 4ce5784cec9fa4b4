#pragma once
// What the topology views draw: the device and every reported attribute, as the widgets'
// value types (no engine types). app/gui fills it from a run's results or a Topology.
#include <QStringList>

#include <vector>

#include "common/run_data.hpp"
#include "model/topology.hpp"

namespace ts::gui {

struct TopologyData {
    DeviceInfo device;  // the engine's, as the run or recording reported it
    QString toolVersion;
    QString timestamp;  // ISO 8601 UTC of the run, when known
    std::vector<ResultData> results;

    const ResultData* find(const QString& elementId, const QString& name) const;
    bool hasElement(const QString& elementId) const;
    QStringList elementIds() const;  // in the order they first appear
    QString elementName(const QString& elementId) const;
    QString elementIdOfName(const QString& displayName) const;  // "Read Only" -> "readonly"
    std::vector<const ResultData*> attributesOf(const QString& elementId) const;
    // The attribute when the engine's rule calls it worth printing (Attribute::isShowable).
    const ResultData* usable(const QString& elementId, const QString& name) const;
    // Back to the engine's model, for the views that read it already (stopgap, issue 17).
    Topology engineTopology() const;
};

}  // namespace ts::gui
