#include "common/results_model.hpp"

#include <cmath>

#include <QApplication>
#include <QFont>
#include <QStyle>

#include "common/format.hpp"
#include "common/shared_gpu_mark.hpp"

namespace ts::gui {

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

int ResultsModel::find(const QString& elementId, const QString& name) const {
    for (std::size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].elementId == elementId && rows_[i].name == name) return static_cast<int>(i);
    return -1;
}

void ResultsModel::upsert(const ResultData& result) {
    const int row = find(result.elementId, result.name);
    if (row >= 0) {
        rows_[static_cast<std::size_t>(row)] = result;
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        return;
    }
    const int at = static_cast<int>(rows_.size());
    beginInsertRows({}, at, at);
    rows_.push_back(result);
    endInsertRows();
}

void ResultsModel::markCutOff(const QString& benchmark, const QString& seriesId, const QString& elementId,
                              const QString& elementName) {
    bool marked = false;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        if (seriesId.isEmpty() || rows_[i].evidence != seriesId) continue;
        rows_[i].cutOff = benchmark;
        marked = true;
        const int row = static_cast<int>(i);
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    if (marked) return;
    ResultData marker;
    marker.elementId = elementId;
    marker.elementName = elementName;
    marker.confidence = 0;
    marker.evidence = seriesId;
    marker.cutOff = benchmark;
    const int at = static_cast<int>(rows_.size());
    beginInsertRows({}, at, at);
    rows_.push_back(marker);
    endInsertRows();
}

void ResultsModel::clear() {
    beginResetModel();
    rows_.clear();
    endResetModel();
}

int ResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ResultsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString ResultsModel::cutOffNote(const ResultData& r) const {
    if (isCutOffMarker(r))
        return r.evidence.isEmpty() ? tr("cut off: the run ended while this benchmark ran")
                                    : tr("cut off: the run ended while this benchmark ran; its rows so far are the evidence");
    return r.reason.isEmpty() ? tr("cut off: %1 did not finish").arg(r.cutOff)
                              : tr("cut off: %1 did not finish; %2").arg(r.cutOff, r.reason);
}

QVariant ResultsModel::display(const ResultData& r, int column) const {
    if (isCutOffMarker(r)) {
        switch (column) {
            case AttributeColumn:
                return r.cutOff;
            case ValueColumn:
                return tr("cut off");
            case MethodColumn:
                return QString();
            default:
                break;
        }
    }
    if (column == NoteColumn && !r.cutOff.isEmpty()) return cutOffNote(r);
    switch (column) {
        case ElementColumn:
            return r.elementName;
        case AttributeColumn:
            return attributeTitle(r.name);
        case ValueColumn:
            return formatValue(r);
        case SourceColumn:
            return r.fromApi ? tr("API") : tr("Benchmark");
        case ConfidenceColumn:
            if (r.fromApi) return QString();
            if (r.confidence <= 0) return tr("undecided");
            return sharedGpuMarked(r.reason) ? tr("%1 · shared GPU").arg(r.confidence, 0, 'f', 2)
                                             : QString::number(r.confidence, 'f', 2);
        case MethodColumn:
            return r.method;
        case NoteColumn:
            return r.reason;
        default:
            return {};
    }
}

QString ResultsModel::toolTip(const ResultData& r) const {
    if (isCutOffMarker(r)) return tr("%1: %2").arg(r.cutOff, cutOffNote(r));
    QStringList lines;
    lines << tr("%1 %2: %3").arg(r.elementName, attributeTitle(r.name), formatValue(r));
    // The cell rounds to three digits; two runs' sizes may differ in the fourth.
    if (r.unit == QLatin1String("bytes") && r.value >= 1024 && r.value == std::floor(r.value))
        lines << tr("Exactly %1 bytes").arg(static_cast<qint64>(r.value));
    if (!r.method.isEmpty()) lines << tr("Method: %1").arg(r.method);
    if (!r.evidence.isEmpty()) lines << tr("Evidence: %1").arg(r.evidence);
    if (r.stats)
        lines << tr("Latency: mean %1, median %2, p95 %3, σ %4 over %5 loads")
                     .arg(r.stats->mean, 0, 'f', 1)
                     .arg(r.stats->p50, 0, 'f', 1)
                     .arg(r.stats->p95, 0, 'f', 1)
                     .arg(r.stats->stdev, 0, 'f', 1)
                     .arg(r.stats->samples);
    if (sharedGpuMarked(r.reason))
        lines << tr("Measured while another process used the GPU: kept at confidence at most 0.5.");
    if (!r.reason.isEmpty()) lines << r.reason;
    if (!r.cutOff.isEmpty()) lines << tr("The run ended while %1 ran: the recording was cut off.").arg(r.cutOff);
    return lines.join(QLatin1Char('\n'));
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const ResultData& r = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
        case Qt::DisplayRole:
            return display(r, index.column());
        case Qt::ToolTipRole:
            return toolTip(r);
        case SortRole:
            if (index.column() == ValueColumn) return r.value;
            if (index.column() == ConfidenceColumn) return r.fromApi ? 2.0 : r.confidence;
            return display(r, index.column());
        case Qt::DecorationRole:
            if (index.column() == ElementColumn && (!r.cutOff.isEmpty() || sharedGpuMarked(r.reason)))
                return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
            return {};
        case Qt::ForegroundRole:
            if (sharedGpuMarked(r.reason)) return sharedGpuColour();
            return {};
        case Qt::FontRole:
            if (!r.cutOff.isEmpty() || (!r.fromApi && r.confidence <= 0)) {
                QFont f;
                f.setItalic(true);
                return f;
            }
            return {};
        case Qt::TextAlignmentRole:
            if (index.column() == ValueColumn || index.column() == ConfidenceColumn)
                return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
            return {};
        default:
            return {};
    }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case ElementColumn:
            return tr("Element");
        case AttributeColumn:
            return tr("Attribute");
        case ValueColumn:
            return tr("Value");
        case SourceColumn:
            return tr("Source");
        case ConfidenceColumn:
            return tr("Confidence");
        case MethodColumn:
            return tr("Method");
        case NoteColumn:
            return tr("Note");
        default:
            return {};
    }
}

}  // namespace ts::gui
