#include "fleet_view/fleet_view.hpp"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QRegularExpression>
#include <QScrollBar>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

#include "fleet_view/fleet_gpu_pane.hpp"
#include "fleet_view/fleet_table_model.hpp"

namespace ts::gui {

FleetView::FleetView(QWidget* parent)
    : QWidget(parent),
      model_(new FleetTableModel(this)),
      proxy_(new QSortFilterProxyModel(this)),
      summary_(new QLabel(this)),
      notes_(new QPlainTextEdit(this)),
      table_(new QTableView(this)),
      lower_(new QStackedWidget(this)),
      hint_(new QLabel(this)),
      split_(new QSplitter(Qt::Vertical, this)),
      sideBySide_(new QSplitter(Qt::Horizontal, this)),
      left_(new FleetGpuPane(this)),
      right_(new FleetGpuPane(this)) {
    summary_->setObjectName(QStringLiteral("fleetSummary"));
    summary_->setTextFormat(Qt::PlainText);
    QFont bold = summary_->font();
    bold.setBold(true);
    summary_->setFont(bold);

    notes_->setReadOnly(true);
    notes_->setLineWrapMode(QPlainTextEdit::NoWrap);
    notes_->setMaximumHeight(notes_->fontMetrics().lineSpacing() * 4 + 12);
    notes_->setToolTip(tr("What the comparison could not judge, and why"));

    proxy_->setSourceModel(model_);
    proxy_->setSortRole(FleetTableModel::SortRole);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder);  // file order until a header is clicked
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setDefaultAlignment(Qt::Alignment::fromInt(Qt::AlignCenter | Qt::TextWordWrap));
    table_->setToolTip(tr("Select two GPUs (Ctrl+click) to see their diagrams side by side"));
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &FleetView::onSelection);

    hint_->setText(tr("Select two GPUs in the table (Ctrl+click) to see their diagrams side by side."));
    hint_->setAlignment(Qt::AlignCenter);
    hint_->setWordWrap(true);
    sideBySide_->setObjectName(QStringLiteral("fleetSideBySide"));
    sideBySide_->addWidget(left_);
    sideBySide_->addWidget(right_);
    sideBySide_->setChildrenCollapsible(false);
    lower_->addWidget(hint_);
    lower_->addWidget(sideBySide_);

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(summary_);
    topLayout->addWidget(table_, 1);
    topLayout->addWidget(notes_);
    split_->setObjectName(QStringLiteral("fleetSplitter"));
    split_->addWidget(top);
    split_->addWidget(lower_);
    split_->setStretchFactor(0, 2);
    split_->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split_);
}

const FleetComparison& FleetView::data() const { return model_->fleet(); }

void FleetView::setData(const FleetComparison& data) {
    model_->setData(data);
    summary_->setText(summaryText(data));
    QStringList notes;
    for (const std::string& note : data.notes) {
        // compare()'s note of too few GPUs: the summary says that once.
        const bool tooFew = !data.judged() && note.starts_with("only ") && note.find("outliers need") != std::string::npos;
        if (!tooFew) notes << QString::fromStdString(note);
    }
    notes_->setPlainText(notes.join(QLatin1Char('\n')));
    notes_->setVisible(!notes.isEmpty());
    fitColumns();
    fitTableToRows();
    onSelection();
}

void FleetView::fitColumns() {
    // As wide as the values, the GPU names and the headers' longest word; the headers wrap.
    QHeaderView* header = table_->horizontalHeader();
    const QFontMetrics metrics(header->font());
    QFont bold = table_->font();
    bold.setBold(true);  // outliers are bold
    const QFontMetrics cells(bold);
    int headerHeight = 0;
    for (int c = 0; c < model_->columnCount(); ++c) {
        const QString title = model_->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        int word = 0;
        for (const QString& w : title.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
            word = std::max(word, metrics.horizontalAdvance(w));
        int widest = 0;
        for (int r = 0; r < model_->rowCount(); ++r)
            widest = std::max(widest, cells.horizontalAdvance(model_->index(r, c).data().toString()));
        const int width = std::max({widest + 16, word + 16, c == 0 ? 0 : 80});
        header->resizeSection(c, width);
        const QRect text = metrics.boundingRect(QRect(0, 0, width - 8, 1000), Qt::AlignCenter | Qt::TextWordWrap, title);
        headerHeight = std::max(headerHeight, text.height() + 8);
    }
    header->setFixedHeight(std::max(headerHeight, header->sizeHint().height()));
}

void FleetView::fitTableToRows(int maxRows) {
    const int rows = std::min(model_->rowCount(), maxRows);
    const int spacing = layout()->spacing() > 0 ? layout()->spacing() : 6;
    QHeaderView* header = table_->horizontalHeader();
    int need = summary_->sizeHint().height() + std::max(header->sizeHint().height(), header->minimumHeight()) +
               rows * table_->verticalHeader()->defaultSectionSize() + 2 * table_->frameWidth() +
               table_->horizontalScrollBar()->sizeHint().height() + 3 * spacing;
    if (!notes_->isHidden()) need += notes_->maximumHeight();
    const int total = split_->height() > need ? split_->height() : std::max(split_->sizeHint().height(), 2 * need);
    split_->setSizes({need, total - need});
}

QString FleetView::summary() const { return summary_->text(); }

QString FleetView::summaryText(const FleetComparison& data) {
    const int gpus = static_cast<int>(data.members.size());
    if (!data.judged())
        return tr("%n GPU(s) compared side by side; no outlier verdict with fewer than %1 GPUs", nullptr, gpus)
            .arg(static_cast<int>(data.minimumMembers));
    const int outliers = static_cast<int>(data.outlierCount());
    if (outliers == 0) return tr("%n GPU(s), no outliers", nullptr, gpus);
    return tr("%n GPU(s), %1 in %2", nullptr, gpus)
        .arg(tr("%n outlier(s)", nullptr, outliers), tr("%n attribute(s)", nullptr, static_cast<int>(data.outlierAttributeCount())));
}

void FleetView::compareMembers(int first, int second) {
    QItemSelection selection;
    for (int member : {first, second}) {
        const QModelIndex source = model_->index(member, 0);
        if (!source.isValid()) continue;
        const QModelIndex row = proxy_->mapFromSource(source);
        selection.select(row, row.siblingAtColumn(proxy_->columnCount() - 1));
    }
    table_->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!selection.isEmpty()) table_->scrollTo(selection.last().topLeft());
}

bool FleetView::sideBySideShown() const { return lower_->currentWidget() == sideBySide_; }

void FleetView::onSelection() {
    std::vector<int> members;
    for (const QModelIndex& row : table_->selectionModel()->selectedRows())
        members.push_back(proxy_->mapToSource(row).row());
    std::sort(members.begin(), members.end());
    if (members.size() != 2) {
        lower_->setCurrentWidget(hint_);
        if (left_->member() >= 0 || right_->member() >= 0) {
            left_->showMember(data(), -1);
            right_->showMember(data(), -1);
            emit comparedChanged(-1, -1);
        }
        return;
    }
    left_->showMember(data(), members[0]);
    right_->showMember(data(), members[1]);
    lower_->setCurrentWidget(sideBySide_);
    emit comparedChanged(members[0], members[1]);
}

}  // namespace ts::gui
