#include "view_support/results_model.hpp"

#include <cmath>

#include <QApplication>
#include <QFont>
#include <QStyle>

#include "view_support/format.hpp"
#include "view_support/shared_gpu_mark.hpp"
#include "model/attribute_names.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {

namespace {

QString elementNameOf(const ResultRow& row) { return row.element ? qText(displayName(*row.element)) : QString(); }

}  // namespace

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ResultsModel::setShown(const Topology* shown) {
    beginResetModel();
    shown_ = shown;
    rows_.clear();
    endResetModel();
}

int ResultsModel::find(Element element, const std::string& name) const {
    for (std::size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].element == element && rows_[i].name == name) return static_cast<int>(i);
    return -1;
}

const Attribute& ResultsModel::attributeOf(const ResultRow& row) const {
    static const Attribute absent;
    if (row.isCutOffMarker()) return row.marker;
    const Attribute* a = row.element && shown_ ? shown_->find(*row.element, row.name) : nullptr;
    return a ? *a : absent;
}

const Attribute& ResultsModel::attributeAt(int row) const { return attributeOf(resultAt(row)); }

// Measured rows before the API's (a recording replays the API's first): the measured L1 size is
// on the first screen, not below forty rows of API figures.
void ResultsModel::insertRow(Element element, const std::string& name, Source source) {
    int at = static_cast<int>(rows_.size());
    if (source != Source::Api)
        while (at > 0 && attributeAt(at - 1).source == Source::Api) --at;
    beginInsertRows({}, at, at);
    rows_.insert(rows_.begin() + at, ResultRow{element, name, {}, {}});
    endInsertRows();
}

void ResultsModel::noteResult(Element element, const std::string& name) {
    const int row = find(element, name);
    if (row >= 0) {
        rows_[static_cast<std::size_t>(row)].cutOff.clear();
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        return;
    }
    const Attribute* a = shown_ ? shown_->find(element, name) : nullptr;
    insertRow(element, name, a ? a->source : Source::Benchmark);
}

void ResultsModel::noteReplaced() {
    if (!shown_) return;
    for (const auto& [element, report] : shown_->elements)
        for (const Attribute& a : report.attributes)
            if (find(element, a.name) < 0) insertRow(element, a.name, a.source);
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void ResultsModel::markCutOff(const QString& benchmark, const std::string& seriesId, std::optional<Element> element) {
    bool marked = false;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        if (seriesId.empty() || attributeOf(rows_[i]).evidence != seriesId) continue;
        rows_[i].cutOff = benchmark;
        marked = true;
        const int row = static_cast<int>(i);
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    if (marked) return;
    ResultRow marker{element, {}, benchmark, {}};
    marker.marker.confidence = 0;
    marker.marker.evidence = seriesId;
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

QString ResultsModel::cutOffNote(const ResultRow& row) const {
    const Attribute& r = attributeOf(row);
    if (row.isCutOffMarker())
        return r.evidence.empty() ? tr("cut off: the run ended while this benchmark ran")
                                    : tr("cut off: the run ended while this benchmark ran; its rows so far are the evidence");
    return r.reason.empty() ? tr("cut off: %1 did not finish").arg(row.cutOff)
                            : tr("cut off: %1 did not finish; %2").arg(row.cutOff, qText(r.reason));
}

QVariant ResultsModel::display(const ResultRow& row, int column) const {
    const Attribute& r = attributeOf(row);
    if (row.isCutOffMarker()) {
        switch (column) {
            case AttributeColumn:
                return row.cutOff;
            case ValueColumn:
                return tr("cut off");
            case MethodColumn:
                return QString();
            default:
                break;
        }
    }
    if (column == NoteColumn && !row.cutOff.isEmpty()) return cutOffNote(row);
    const bool fromApi = r.source == Source::Api;
    switch (column) {
        case ElementColumn:
            return elementNameOf(row);
        case AttributeColumn:
            return attributeTitle(qText(r.name));
        case ValueColumn:
            return formatValue(r);
        case SourceColumn:
            return fromApi ? tr("API") : tr("Benchmark");
        case ConfidenceColumn:
            if (fromApi) return QString();
            if (!r.isDecided()) return tr("undecided");
            return r.hasMark(Mark::SharedGpu) ? tr("%1 · shared GPU").arg(r.confidence, 0, 'f', 2)
                                             : QString::number(r.confidence, 'f', 2);
        case MethodColumn:
            return qText(r.method);
        case NoteColumn:
            return qText(r.reason);
        default:
            return {};
    }
}

QString ResultsModel::toolTip(const ResultRow& row) const {
    if (row.isCutOffMarker()) return tr("%1: %2").arg(row.cutOff, cutOffNote(row));
    const Attribute& r = attributeOf(row);
    QStringList lines;
    lines << tr("%1 %2: %3").arg(elementNameOf(row), attributeTitle(qText(r.name)), formatValue(r));
    // The cell rounds to three digits; two runs' sizes may differ in the fourth.
    if (r.unit == unit::bytes && r.value >= 1024 && r.value == std::floor(r.value))
        lines << tr("Exactly %1 bytes").arg(formatCount(static_cast<qint64>(r.value)));
    if (!r.method.empty()) lines << tr("Method: %1").arg(qText(r.method));
    if (!r.evidence.empty()) lines << tr("Evidence: %1").arg(qText(r.evidence));
    if (r.stats)
        lines << tr("Latency: mean %1, median %2, p95 %3, σ %4 over %5 loads")
                     .arg(formatNumber(r.stats->mean), formatNumber(r.stats->p50), formatNumber(r.stats->p95),
                          formatNumber(r.stats->stdev))
                     .arg(r.stats->samples);
    if (r.hasMark(Mark::SharedGpu))
        lines << tr("Measured while another process used the GPU: kept at confidence at most 0.5.");
    if (!r.reason.empty()) lines << reasonText(r.reason);
    if (!row.cutOff.isEmpty()) lines << tr("The run ended while %1 ran: the recording was cut off.").arg(row.cutOff);
    return lines.join(QLatin1Char('\n'));
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const ResultRow& row = rows_[static_cast<std::size_t>(index.row())];
    const Attribute& r = attributeOf(row);
    const bool fromApi = r.source == Source::Api;
    switch (role) {
        case Qt::DisplayRole:
            return display(row, index.column());
        case Qt::ToolTipRole:
            return toolTip(row);
        case SortRole:
            if (index.column() == ValueColumn) return r.value;
            if (index.column() == ConfidenceColumn) return fromApi ? 2.0 : r.confidence;
            return display(row, index.column());
        case Qt::DecorationRole:
            if (index.column() == ElementColumn && (!row.cutOff.isEmpty() || r.hasMark(Mark::SharedGpu)))
                return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
            return {};
        case Qt::ForegroundRole:
            if (r.hasMark(Mark::SharedGpu)) return sharedGpuColour();
            return {};
        case Qt::FontRole:
            if (!row.cutOff.isEmpty() || (!fromApi && !r.isDecided())) {
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
