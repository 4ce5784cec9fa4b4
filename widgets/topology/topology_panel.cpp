#include "topology/topology_panel.hpp"

#include <QAction>
#include <QHBoxLayout>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include "topology/element_detail_panel.hpp"
#include "topology/topology_view.hpp"

namespace ts::gui {

TopologyPanel::TopologyPanel(QWidget* parent)
    : QWidget(parent), view_(new TopologyView(this)), details_(new ElementDetailPanel(this)), expand_(new QToolButton(this)) {
    auto* bar = new QHBoxLayout;
    for (QAction* a : {view_->zoomInAction(), view_->zoomOutAction(), view_->fitAction(), view_->exportAction()}) {
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        bar->addWidget(b);
    }
    expand_->setText(tr("Show Every Unit"));
    expand_->setCheckable(true);
    expand_->setToolTip(tr("Draw every SM or CU instead of the folded array"));
    connect(expand_, &QToolButton::toggled, view_, &TopologyView::setExpanded);
    bar->addWidget(expand_);
    bar->addStretch(1);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("topologySplitter"));
    splitter->addWidget(view_);
    splitter->addWidget(details_);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    // The diagram first: the details are empty until a box is clicked (the table's width hint
    // would otherwise squeeze the diagram).
    splitter->setSizes({700, 300});
    details_->setMinimumWidth(240);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);

    connect(view_, &TopologyView::selectionChanged, this, &TopologyPanel::onSelection);
    connect(details_, &ElementDetailPanel::evidenceRequested, this, &TopologyPanel::evidenceRequested);
}

void TopologyPanel::setData(const Topology& data) {
    view_->setData(data);
    onSelection(view_->selected());
}

void TopologyPanel::onSelection(int box) {
    expand_->blockSignals(true);
    expand_->setChecked(view_->expanded());
    expand_->blockSignals(false);
    const auto& boxes = view_->scene().boxes();
    details_->showBox(view_->data(), box >= 0 && box < static_cast<int>(boxes.size()) ? &boxes[static_cast<std::size_t>(box)] : nullptr);
}

}  // namespace ts::gui
