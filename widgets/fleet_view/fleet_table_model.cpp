#include "fleet_view/fleet_table_model.hpp"

#include <QColor>
#include <QFont>

#include <limits>

#include "fleet_view/fleet_text.hpp"

namespace ts::gui {

FleetTableModel::FleetTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void FleetTableModel::setData(const FleetComparison& data) {
    beginResetModel();
    data_ = data;
    endResetModel();
}

int FleetTableModel::columnOfAttribute(const QString& attributeId) const {
    for (int a = 0; a < static_cast<int>(data_.attributes.size()); ++a)
        if (QString::fromStdString(data_.attributes[static_cast<std::size_t>(a)].id) == attributeId) return a + 1;
    return -1;
}

int FleetTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(data_.members.size());
}

int FleetTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 1 + static_cast<int>(data_.attributes.size());
}

QColor FleetTableModel::outlierBackground() { return QColor(0xd6, 0x27, 0x28, 90); }  // tab10 red, see-through

QVariant FleetTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    if (role == MemberRole) return index.row();
    if (index.column() == 0) return memberData(index.row(), role);
    const int a = attributeOfColumn(index.column());
    const FleetCell* cell = data_.cell(index.row(), a);
    if (!cell) return {};
    const auto& attribute = data_.attributes[static_cast<std::size_t>(a)];
    switch (role) {
    case Qt::DisplayRole:
        return cell->value ? formatFleetValue(*cell->value, attribute.unit) : QStringLiteral("—");
    case SortRole:
        return cell->value ? *cell->value : std::numeric_limits<double>::max();
    case OutlierRole:
        return cell->outlier;
    case Qt::BackgroundRole:
        return cell->outlier ? QVariant(outlierBackground()) : QVariant();
    case Qt::FontRole:
        if (cell->outlier) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        return cellToolTip(a, *cell);
    default:
        return {};
    }
}

QVariant FleetTableModel::memberData(int member, int role) const {
    const auto index = static_cast<std::size_t>(member);
    const FleetMember& m = data_.members[index];
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        return fleetRowLabel(data_, member);
    case Qt::ToolTipRole: {
        const std::string label = index < data_.memberLabels.size() ? data_.memberLabels[index] : std::string();
        QStringList lines{QString::fromStdString(label), QString::fromStdString(m.report.device.name)};
        if (!m.uuid.empty())
            lines << (m.uuidSynthetic ? tr("UUID %1 (synthetic: made from the simulator profile, rank and index)")
                                      : tr("UUID %1"))
                         .arg(QString::fromStdString(m.uuid));
        if (!m.source.empty()) lines << tr("from %1").arg(QString::fromStdString(m.source));
        lines.removeAll(QString());
        return lines.join(QLatin1Char('\n'));
    }
    default:
        return {};
    }
}

QString FleetTableModel::cellToolTip(int a, const FleetCell& cell) const {
    const FleetAttribute& attribute = data_.attributes[static_cast<std::size_t>(a)];
    const std::optional<double>& median = data_.medians[static_cast<std::size_t>(a)];
    if (!cell.value) return tr("No value: the report lacks it, or its benchmark could not decide");
    QString text;
    if (!data_.judged())
        text = tr("No outlier verdict with fewer than %1 GPUs").arg(static_cast<int>(data_.minimumMembers));
    else if (!median)
        text = tr("No verdict for this attribute");
    else
        text = tr("robust z = %1, median %2")
                   .arg(formatRobustZ(cell.robustZ), formatFleetValue(*median, attribute.unit));
    if (cell.outlier) text.prepend(tr("Outlier: "));
    return text;
}

QVariant FleetTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return QAbstractTableModel::headerData(section, orientation, role);
    if (section == 0) {
        if (role == Qt::DisplayRole) return tr("GPU");
        if (role == Qt::ToolTipRole) return tr("Host (or report file) · device index · UUID, first 8 digits");
        return {};
    }
    const int a = attributeOfColumn(section);
    if (a < 0 || a >= static_cast<int>(data_.attributes.size())) return {};
    const auto& attribute = data_.attributes[static_cast<std::size_t>(a)];
    if (role == Qt::DisplayRole) {
        const QString unit = attribute.unit.empty() ? tr("count") : QString::fromStdString(attribute.unit);
        return tr("%1\n[%2]").arg(QString::fromStdString(attribute.label), unit);
    }
    if (role == Qt::ToolTipRole) {
        const QString id = QString::fromStdString(attribute.id);
        const std::optional<double>& median = data_.medians[static_cast<std::size_t>(a)];
        if (!median) return id;
        return tr("%1: median %2").arg(id, formatFleetValue(*median, attribute.unit));
    }
    return {};
}

}  // namespace ts::gui
