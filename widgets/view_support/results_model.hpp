#pragma once
#include <QAbstractTableModel>

#include <QString>

#include <optional>
#include <vector>

#include "model/attribute.hpp"
#include "model/space.hpp"
#include "model/topology.hpp"

namespace ts::gui {

// One row of the table: an attribute of an element that the shown Topology holds, and for a
// reopened session the benchmark that was cut off while it measured it (empty: none). A row with
// a cut-off benchmark and no attribute name stands for a benchmark that reported nothing; its
// element is unknown when the benchmark recorded no rows.
struct ResultRow {
    std::optional<Element> element;
    std::string name;
    QString cutOff;
    Attribute marker;  // a cut-off marker's stand-in: undecided, its evidence the rows it recorded

    bool isCutOffMarker() const { return name.empty() && !cutOff.isEmpty(); }
};

// The table of the shown Topology (the window's one copy of the engine's model, owned by the run
// page): one row per (element, attribute) it holds, the measured ones in the order they first
// arrived, then the API's. The model keeps only that order and the cut-off marks; every cell is
// read from the Topology.
class ResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ElementColumn,
        AttributeColumn,
        ValueColumn,
        SourceColumn,
        ConfidenceColumn,
        MethodColumn,
        NoteColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;  // numbers as numbers

    explicit ResultsModel(QObject* parent = nullptr);

    // The Topology the table shows (its owner outlives the model's use); the rows start empty.
    void setShown(const Topology* shown);
    // The Topology now holds `name` of `element`, new or changed: a row for it, or its row redrawn.
    void noteResult(Element element, const std::string& name);
    // The Topology was replaced (the run's final copy): a row for everything it holds, every row redrawn.
    void noteReplaced();
    // A benchmark of a reopened session that never ended: the rows whose evidence is `seriesId`
    // are marked; without such rows one undecided row stands for the benchmark (its evidence,
    // when it has rows, is `seriesId`).
    void markCutOff(const QString& benchmark, const std::string& seriesId, std::optional<Element> element);
    void clear();
    const ResultRow& resultAt(int row) const { return rows_.at(static_cast<std::size_t>(row)); }
    // The row's attribute in the Topology; for a cut-off marker an undecided one with its evidence.
    const Attribute& attributeAt(int row) const;
    int find(Element element, const std::string& name) const;  // -1 when absent

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant display(const ResultRow& row, int column) const;
    QString toolTip(const ResultRow& row) const;
    QString cutOffNote(const ResultRow& row) const;

    const Attribute& attributeOf(const ResultRow& row) const;
    void insertRow(Element element, const std::string& name, Source source);

    const Topology* shown_ = nullptr;
    std::vector<ResultRow> rows_;
};

}  // namespace ts::gui
