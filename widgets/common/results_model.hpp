#pragma once
#include <QAbstractTableModel>

#include <vector>

#include "common/run_data.hpp"

namespace ts::gui {

// Every (element, attribute) a run reported, one row each, in the order they first arrived;
// a later report of the same pair replaces the row.
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

    void upsert(const ResultData& result);
    // A benchmark of a reopened session that never ended: the rows whose evidence is `seriesId`
    // are marked; without such rows one undecided row stands for the benchmark (its evidence,
    // when it has rows, is `seriesId`).
    void markCutOff(const QString& benchmark, const QString& seriesId, const QString& elementId,
                    const QString& elementName);
    static bool isCutOffMarker(const ResultData& r) { return r.name.isEmpty() && !r.cutOff.isEmpty(); }
    void clear();
    const ResultData& resultAt(int row) const { return rows_.at(static_cast<std::size_t>(row)); }
    int find(const QString& elementId, const QString& name) const;  // -1 when absent

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant display(const ResultData& r, int column) const;
    QString toolTip(const ResultData& r) const;
    QString cutOffNote(const ResultData& r) const;

    std::vector<ResultData> rows_;
};

}  // namespace ts::gui
