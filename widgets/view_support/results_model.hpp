#pragma once
#include <QAbstractTableModel>

#include <QString>

#include <optional>
#include <vector>

#include "model/attribute.hpp"
#include "model/space.hpp"

namespace ts::gui {

// One row of the table: the engine's attribute of an element, and for a reopened session the
// benchmark that was cut off while it measured it (empty: none). A row with a cut-off benchmark
// and no attribute name stands for a benchmark that reported nothing; its element is unknown
// when the benchmark recorded no rows.
struct ResultRow {
    std::optional<Element> element;
    Attribute attribute;
    QString cutOff;

    bool isCutOffMarker() const { return attribute.name.empty() && !cutOff.isEmpty(); }
};

// Every (element, attribute) a run reported, one row each: the measured ones in the order they
// first arrived, then the API's; a later report of the same pair replaces the row.
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

    void upsert(Element element, const Attribute& attribute);
    // A benchmark of a reopened session that never ended: the rows whose evidence is `seriesId`
    // are marked; without such rows one undecided row stands for the benchmark (its evidence,
    // when it has rows, is `seriesId`).
    void markCutOff(const QString& benchmark, const std::string& seriesId, std::optional<Element> element);
    void clear();
    const ResultRow& resultAt(int row) const { return rows_.at(static_cast<std::size_t>(row)); }
    int find(Element element, const std::string& name) const;  // -1 when absent

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant display(const ResultRow& row, int column) const;
    QString toolTip(const ResultRow& row) const;
    QString cutOffNote(const ResultRow& row) const;

    std::vector<ResultRow> rows_;
};

}  // namespace ts::gui
