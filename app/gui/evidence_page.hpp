#pragma once
#include <QSplitter>

class QTableView;
class QModelIndex;

namespace ts::gui {

class EvidenceView;
class ResultsModel;
class SeriesStore;

// The Evidence tab: the live evidence plots above the results table. Double-clicking a
// measured value shows the series it was decided from.
class EvidencePage : public QSplitter {
    Q_OBJECT
public:
    EvidencePage(SeriesStore* store, ResultsModel* results, QWidget* parent = nullptr);

    EvidenceView* view() const { return view_; }
    QTableView* table() const { return table_; }
    // Shows the series and stops following new ones; false (nothing changes) when the run has no such series.
    bool showSeries(const QString& seriesId);

private:
    void showEvidenceOf(const QModelIndex& index);

    SeriesStore* store_;
    ResultsModel* results_;
    EvidenceView* view_;
    QTableView* table_;
};

}  // namespace ts::gui
