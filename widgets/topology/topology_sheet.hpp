#pragma once
// The topology sheet: a PDF (A4 landscape) to take away. Page 1: a header (GPU, driver,
// clocks, date, tool version), the diagram and its key; then one section per element with
// every attribute, its confidence and the evidence plots.
#include <QCoreApplication>
#include <QString>

#include <functional>

#include "model/topology.hpp"

class QIODevice;
class QPainter;
class QRectF;

namespace ts::gui {

// Draws the evidence series `seriesId` into `target` (painter units); false when it cannot.
using EvidencePainter = std::function<bool(const QString& seriesId, QPainter& painter, const QRectF& target)>;

class TopologySheet {
    Q_DECLARE_TR_FUNCTIONS(ts::gui::TopologySheet)
public:
    // Returns false and sets `error` (the file and the cause) when the file cannot be written.
    static bool write(const QString& path, const Topology& data, const EvidencePainter& evidence,
                      QString* error = nullptr);

private:
    static bool render(QIODevice& device, const QString& path, const Topology& data, const EvidencePainter& evidence,
                       QString* error);
};

}  // namespace ts::gui
