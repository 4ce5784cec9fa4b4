#pragma once
#include <QStandardItemModel>
#include <QStringList>
#include <QVector>

#include <optional>
#include <set>

#include "model/space.hpp"

namespace ts::gui {

// A memory element a group measures: its display name and the engine's id for it.
struct BenchmarkElement {
    BenchmarkElement(QString title_, std::optional<Element> element_ = std::nullopt)  // NOLINT: from a title
        : title(std::move(title_)), element(element_) {}
    QString title;                   // "Constant L1.5"
    std::optional<Element> element;  // Element::ConstantL15
};

// A benchmark group the engine can run, with the memory elements it measures.
struct BenchmarkGroupInfo {
    QString id;                         // engine group name: "l1", "constant", "sharing"
    QString title;                      // "L1 cache"
    QVector<BenchmarkElement> elements;
    QString toolTip;
    bool optIn = false;                 // unchecked until the user checks it (it costs more time)
};

// Check boxes by group and by element. The engine selects whole groups: a group runs when
// any of its elements is checked, and checking a group checks all its elements.
class BenchmarkTreeModel : public QStandardItemModel {
    Q_OBJECT
public:
    static constexpr int GroupIdRole = Qt::UserRole + 1;
    static constexpr int ElementRole = Qt::UserRole + 2;  // an element row's Element, as int

    explicit BenchmarkTreeModel(QObject* parent = nullptr);

    // Rebuilds the tree; groups in `checked` start checked (every group when it is empty).
    void setCatalog(const QVector<BenchmarkGroupInfo>& groups, const QStringList& checked = {});
    QStringList selectedGroups() const;
    // The elements of the checked element rows of the checked groups; empty when every element
    // of every checked group is checked (no restriction).
    std::set<Element> selectedElements() const;
    QStringList allGroups() const;
    void setCheckedGroups(const QStringList& groups);
    void setAllChecked(bool checked);

signals:
    void selectionChanged();

private:
    void onItemChanged(QStandardItem* item);
    static void updateParent(QStandardItem* group);

    bool updating_ = false;
};

}  // namespace ts::gui
