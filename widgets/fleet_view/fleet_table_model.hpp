#pragma once
#include <QAbstractTableModel>

#include "model/fleet_comparison.hpp"

namespace ts::gui {

// GPUs x key attributes of a fleet comparison: column 0 names the GPU (host · index · UUID
// short), then one column per key attribute with its unit in the header. Outlier cells are
// bold on a red background and say their robust z and the median in the tooltip. Sort through
// a QSortFilterProxyModel on SortRole.
class FleetTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole + 1;     // numbers as numbers; missing values last
    static constexpr int OutlierRole = Qt::UserRole + 2;  // bool
    static constexpr int MemberRole = Qt::UserRole + 3;   // member index in the FleetComparison

    explicit FleetTableModel(QObject* parent = nullptr);

    void setData(const FleetComparison& data);
    const FleetComparison& fleet() const { return data_; }
    int attributeOfColumn(int column) const { return column - 1; }
    int columnOfAttribute(const QString& attributeId) const;  // -1 when absent

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    static QColor outlierBackground();

private:
    QVariant memberData(int member, int role) const;
    QString cellToolTip(int attribute, const FleetCell& cell) const;

    FleetComparison data_;
};

}  // namespace ts::gui
