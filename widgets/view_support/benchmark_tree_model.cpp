#include "view_support/benchmark_tree_model.hpp"

namespace ts::gui {

BenchmarkTreeModel::BenchmarkTreeModel(QObject* parent) : QStandardItemModel(parent) {
    setHorizontalHeaderLabels({tr("Benchmarks")});
    connect(this, &QStandardItemModel::itemChanged, this, &BenchmarkTreeModel::onItemChanged);
}

void BenchmarkTreeModel::setCatalog(const QVector<BenchmarkGroupInfo>& groups, const QStringList& checked) {
    updating_ = true;
    removeRows(0, rowCount());
    for (const auto& g : groups) {
        auto* group = new QStandardItem(g.title);
        group->setData(g.id, GroupIdRole);
        group->setCheckable(true);
        group->setUserTristate(false);
        group->setEditable(false);
        group->setToolTip(g.toolTip);
        const bool on = checked.isEmpty() ? !g.optIn : checked.contains(g.id);
        const Qt::CheckState state = on ? Qt::Checked : Qt::Unchecked;
        group->setCheckState(state);
        for (const auto& e : g.elements) {
            auto* element = new QStandardItem(e.title);
            element->setData(g.id, GroupIdRole);
            if (e.element) element->setData(static_cast<int>(*e.element), ElementRole);
            element->setCheckable(true);
            element->setEditable(false);
            element->setCheckState(state);
            element->setToolTip(tr("Uncheck to leave this cache out of the \"%1\" group").arg(g.title));
            group->appendRow(element);
        }
        appendRow(group);
    }
    updating_ = false;
    emit selectionChanged();
}

QStringList BenchmarkTreeModel::selectedGroups() const {
    QStringList out;
    for (int r = 0; r < rowCount(); ++r) {
        const QStandardItem* g = item(r);
        if (g->checkState() != Qt::Unchecked) out << g->data(GroupIdRole).toString();
    }
    return out;
}

std::set<Element> BenchmarkTreeModel::selectedElements() const {
    std::set<Element> out;
    bool restricted = false;
    for (int r = 0; r < rowCount(); ++r) {
        const QStandardItem* g = item(r);
        if (g->checkState() == Qt::Unchecked) continue;
        for (int c = 0; c < g->rowCount(); ++c) {
            const QVariant element = g->child(c)->data(ElementRole);
            if (g->child(c)->checkState() == Qt::Checked && element.isValid())
                out.insert(static_cast<Element>(element.toInt()));
            else restricted = true;
        }
    }
    return restricted ? out : std::set<Element>{};
}

QStringList BenchmarkTreeModel::allGroups() const {
    QStringList out;
    for (int r = 0; r < rowCount(); ++r) out << item(r)->data(GroupIdRole).toString();
    return out;
}

void BenchmarkTreeModel::setCheckedGroups(const QStringList& groups) {
    for (int r = 0; r < rowCount(); ++r) {
        QStandardItem* g = item(r);
        g->setCheckState(groups.contains(g->data(GroupIdRole).toString()) ? Qt::Checked : Qt::Unchecked);
    }
}

void BenchmarkTreeModel::setAllChecked(bool checked) {
    for (int r = 0; r < rowCount(); ++r) item(r)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

void BenchmarkTreeModel::updateParent(QStandardItem* group) {
    int on = 0;
    for (int r = 0; r < group->rowCount(); ++r) on += group->child(r)->checkState() == Qt::Checked ? 1 : 0;
    group->setCheckState(on == 0 ? Qt::Unchecked : on == group->rowCount() ? Qt::Checked : Qt::PartiallyChecked);
}

void BenchmarkTreeModel::onItemChanged(QStandardItem* item) {
    if (updating_ || !item->isCheckable()) return;
    updating_ = true;
    if (item->parent()) {
        updateParent(item->parent());
    } else if (item->checkState() != Qt::PartiallyChecked) {
        for (int r = 0; r < item->rowCount(); ++r) item->child(r)->setCheckState(item->checkState());
    }
    updating_ = false;
    emit selectionChanged();
}

}  // namespace ts::gui
