#pragma once
#include <QWidget>

#include "model/fleet_comparison.hpp"

class QLabel;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QSplitter;
class QStackedWidget;
class QTableView;

namespace ts::gui {

class FleetGpuPane;
class FleetTableModel;

// The fleet tab: a summary line, the GPUs x key attributes table with its outliers, the
// engine's notes, and below, when two rows are selected, the two GPUs' diagrams side by side.
class FleetView : public QWidget {
    Q_OBJECT
public:
    explicit FleetView(QWidget* parent = nullptr);

    void setData(const FleetComparison& data);
    const FleetComparison& data() const;

    FleetTableModel* model() const { return model_; }
    QSortFilterProxyModel* proxy() const { return proxy_; }
    QTableView* table() const { return table_; }
    QString summary() const;
    // Selects the two GPUs (members of the FleetComparison) and shows them side by side.
    void compareMembers(int first, int second);
    bool sideBySideShown() const;
    FleetGpuPane* pane(int i) const { return i == 0 ? left_ : right_; }
    // Gives the table the height of its rows (at most maxRows) and the diagrams the rest.
    void fitTableToRows(int maxRows = 10);

    static QString summaryText(const FleetComparison& data);

signals:
    void comparedChanged(int first, int second);  // -1, -1: fewer or more than two rows selected

private:
    void onSelection();
    void fitColumns();

    FleetTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QLabel* summary_;
    QPlainTextEdit* notes_;
    QTableView* table_;
    QStackedWidget* lower_;
    QLabel* hint_;
    QSplitter* split_;
    QSplitter* sideBySide_;
    FleetGpuPane* left_;
    FleetGpuPane* right_;
};

}  // namespace ts::gui
