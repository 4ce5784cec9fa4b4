#pragma once
#include <QObject>
#include <QStringList>

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <vector>

#include "events/observer.hpp"
#include "model/series.hpp"

namespace ts::gui {

// One row as stored: its coordinates and a slice of the series' flat latency buffer,
// with the statistics the plots draw precomputed once.
struct StoredRow {
    double x = 0;
    double x2 = 0;
    double value = 0;
    QString label;
    std::uint64_t offset = 0;  // first latency in StoredSeries::latencies
    std::uint32_t count = 0;
    std::uint32_t min = 0;
    std::uint32_t max = 0;
    double mean = 0;
};

struct StoredSeries {
    QString id;
    QString title;
    SeriesKind kind = SeriesKind::Size;
    QString element;
    std::vector<StoredRow> rows;           // arrival order
    std::vector<std::uint32_t> latencies;  // every row's loads, back to back
    double missThreshold = -1;
    ThresholdRule rule = ThresholdRule::None;  // the engine's rule for missThreshold
    QString thresholdRule;  // the engine's rule for missThreshold in words, for the plot's caption
    ReductionEvent reduction;
    std::optional<ChangePointEvent> changePoint;
    std::vector<ResultEvent> decisions;  // the engine's results whose evidence is this series
    quint64 generation = 0;             // bumped when the rows are replaced

    std::span<const std::uint32_t> latenciesOf(const StoredRow& row) const {
        return {latencies.data() + row.offset, row.count};
    }
    std::uint64_t bytes() const;  // heap memory held
};

// Every series a run produced, as value data the plots read. Latencies stay uint32 in one
// buffer per series; plots build their drawing data only for the series they show.
class SeriesStore : public QObject {
    Q_OBJECT
public:
    explicit SeriesStore(QObject* parent = nullptr);

    // New rows of the engine's series: `newRows.rows` are its rows [firstRow, firstRow + n), the
    // rest of `newRows` (id, title, kind, element, miss threshold) as the series is now. A
    // firstRow of 0 replaces the stored rows (the engine reset or re-sorted the series).
    void addChunk(const Series& newRows, std::size_t firstRow);
    void setReduction(const ReductionEvent& reduction);
    void setChangePoint(const ChangePointEvent& changePoint);
    // Ignored without evidence. A result supersedes the one of the same element and name, also
    // where that came from another series (a cache's size, first its size sweep's knee, then the
    // capacity its associativity benchmark counted).
    void addDecision(const ResultEvent& result);
    // The latest result of `element`'s attribute `name` in any series, or nullptr.
    const ResultEvent* findResult(const QString& element, const std::string& name) const;
    void clear();

    const StoredSeries* find(const QString& id) const;
    QStringList ids() const { return order_; }  // arrival order
    std::uint64_t loadCount() const;
    std::uint64_t bytes() const;

signals:
    void seriesAdded(const QString& id);
    void rowsChanged(const QString& id);      // rows appended or replaced
    void analysisChanged(const QString& id);  // reduction, change point or decision
    void cleared();

private:
    StoredSeries& ensure(const Series& series);

    std::map<QString, StoredSeries> series_;  // node based: pointers from find() stay valid
    QStringList order_;
};

}  // namespace ts::gui
