#pragma once
// Which SMs form a TPC and a GPC (issue 39): the groups of SM ids the engine found (attributes
// tpcs and gpcs of element compute), each SM's near L2 segment (attribute segments of element
// l2) and its L2 hit latency in that segment (series l2.distance), laid out for drawing.
#include <QColor>
#include <QCoreApplication>
#include <QRectF>

#include <map>
#include <optional>
#include <vector>

#include "model/topology.hpp"

class QPainter;

namespace ts::gui {

class SmLayoutMap {
    Q_DECLARE_TR_FUNCTIONS(ts::gui::SmLayoutMap)
public:
    enum class Colouring { NearSegment, Latency };

    static SmLayoutMap fromTopology(const Topology& topology);

    bool empty() const { return rows_.empty(); }
    // One row per GPC found, then (where some SMs ran only in pairs) a row of those: each row's
    // TPCs in order of their first SM, a TPC's SMs in id order.
    struct Row {
        QString label;
        std::vector<std::vector<int>> tpcs;
        bool gpc = true;  // false: the SMs in no GPC found
    };
    const std::vector<Row>& rows() const { return rows_; }
    bool atLeast() const { return atLeast_; }
    std::optional<int> segmentOf(int sm) const;
    std::optional<double> latencyOf(int sm) const;  // own segment's hit latency, cycles
    bool hasLatencies() const { return !latency_.empty(); }
    QString describe(int sm) const;  // for a tool tip: TPC, GPC, segment, latency
    QString summary() const;         // "8 GPCs, 66 TPCs of 2 SMs"

    // Rows of TPC columns (two SM cells stacked), a label before each row, a legend below.
    // `selected` and its TPC partner outlined red, its GPC's row underlined.
    void paint(QPainter& painter, const QRectF& area, Colouring colouring, int selected = -1) const;
    int smAt(const QRectF& area, const QPointF& point) const;  // -1 off the cells
    QRectF cellRect(const QRectF& area, int sm) const;
    double drawnBottom(const QRectF& area) const;
    QColor colourOf(int sm, Colouring colouring) const;

private:
    double cellSize(const QRectF& area) const;
    double labelWidth(const QRectF& area) const;
    int widestRow() const;  // TPC columns
    std::optional<std::pair<std::size_t, std::size_t>> place(int sm) const;  // row, column
    void paintLegend(QPainter& painter, const QRectF& area, Colouring colouring) const;

    std::vector<Row> rows_;
    bool atLeast_ = false;
    std::map<int, int> segment_;      // SM -> near segment
    std::map<int, double> latency_;   // SM -> hit latency in its own segment
    double fastest_ = 0, slowest_ = 0;
};

}  // namespace ts::gui
