#include "evidence_page.hpp"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>

#include "view_support/results_model.hpp"
#include "plots/evidence_view.hpp"
#include "plots/series_store.hpp"

namespace ts::gui {

EvidencePage::EvidencePage(SeriesStore* store, ResultsModel* results, QWidget* parent)
    : QSplitter(Qt::Vertical, parent),
      store_(store),
      results_(results),
      view_(new EvidenceView(store, this)),
      table_(new QTableView(this)) {
    setObjectName(QStringLiteral("centralSplitter"));
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(results_);
    proxy->setSortRole(ResultsModel::SortRole);
    table_->setModel(proxy);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder);  // arrival order until a header is clicked
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setToolTip(tr("Double-click a measured value, or press Enter on it, to show its evidence"));
    // A double click or Enter shows a row's evidence; Tab leaves the table (arrows move within it).
    connect(table_, &QTableView::activated, this, &EvidencePage::showEvidenceOf);
    table_->setTabKeyNavigation(false);
    addWidget(view_);
    addWidget(table_);
    setStretchFactor(0, 3);
    setStretchFactor(1, 2);
}

bool EvidencePage::showSeries(const QString& seriesId) {
    if (seriesId.isEmpty() || !store_->find(seriesId)) return false;
    view_->setFollow(false);
    view_->showSeries(seriesId);
    return true;
}

void EvidencePage::showEvidenceOf(const QModelIndex& index) {
    const auto* proxy = static_cast<const QSortFilterProxyModel*>(table_->model());
    showSeries(QString::fromStdString(results_->attributeAt(proxy->mapToSource(index).row()).evidence));
}

}  // namespace ts::gui
