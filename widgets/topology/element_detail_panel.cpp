#include "topology/element_detail_panel.hpp"

#include <QHeaderView>

#include <algorithm>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "view_support/format.hpp"
#include "model/attribute_names.hpp"
#include "topology/topology_lookup.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {
namespace {

constexpr int kMethodColumn = 3;
constexpr int kDetailEvidenceColumn = 5;

}  // namespace

ElementDetailPanel::ElementDetailPanel(QWidget* parent)
    : QWidget(parent), title_(new QLabel(this)), table_(new QTableWidget(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    title_->setTextFormat(Qt::RichText);
    title_->setWordWrap(true);
    layout->addWidget(title_);
    layout->addWidget(table_, 1);
    table_->setColumnCount(6);
    table_->setHorizontalHeaderLabels(
        {tr("Attribute"), tr("Value"), tr("Source"), tr("Method"), tr("Confidence"), tr("Evidence")});
    table_->verticalHeader()->setVisible(false);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Every column keeps a readable width and the table scrolls sideways where the panel is
    // narrow: a stretched Method column was squeezed to two characters by long values, and the
    // evidence column, sized by its (empty) items, cut "Show plot" to "Show p".
    QHeaderView* header = table_->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Long values and notes are elided (the tool tip has them whole), so that all six columns fit
    // the panel of a 1400 px window.
    const int x = fontMetrics().horizontalAdvance(QLatin1Char('x'));
    header->setMaximumSectionSize(x * 18);
    header->setSectionResizeMode(kMethodColumn, QHeaderView::Interactive);
    header->resizeSection(kMethodColumn, x * 16);
    header->setSectionResizeMode(kDetailEvidenceColumn, QHeaderView::Fixed);
    const int buttonWidth = QPushButton(tr("Show plot")).sizeHint().width();
    header->resizeSection(kDetailEvidenceColumn,
                          std::max(buttonWidth, header->fontMetrics().horizontalAdvance(tr("Evidence")) + 16) + 4);
    header->setStretchLastSection(false);
    table_->setTextElideMode(Qt::ElideRight);
    table_->setWordWrap(false);
    showBox({}, nullptr);
}

QString ElementDetailPanel::title() const { return title_->text(); }
int ElementDetailPanel::rowCount() const { return table_->rowCount(); }

void ElementDetailPanel::addRow(const QStringList& cells, const QString& evidence, bool heading) {
    const int row = table_->rowCount();
    table_->insertRow(row);
    for (int c = 0; c < cells.size() && c < 5; ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        item->setToolTip(cells[c]);  // an elided cell can still be read
        if (heading) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
        table_->setItem(row, c, item);
    }
    if (!evidence.isEmpty()) {
        auto* button = new QPushButton(tr("Show plot"), table_);
        button->setToolTip(tr("Show the evidence series %1").arg(evidence));
        button->setObjectName(QStringLiteral("evidence:") + evidence);
        connect(button, &QPushButton::clicked, this, [this, evidence] { emit evidenceRequested(evidence); });
        table_->setCellWidget(row, 5, button);
    }
}

void ElementDetailPanel::showBox(const Topology& data, const SceneBox* box) {
    table_->setRowCount(0);
    if (!box) {
        title_->setText(tr("<i>Click a box of the diagram to see what was found about it.</i>"));
        return;
    }
    title_->setText(QStringLiteral("<b>%1</b>").arg(box->label.toHtmlEscaped()));
    if (box->kind == BoxKind::Gpu || box->elementIds.isEmpty()) {
        const DeviceInfo& d = data.device;
        addRow({tr("Name"), qText(d.name), tr("API")});
        addRow({tr("Vendor"), qText(toString(d.vendor)), tr("API")});
        addRow({tr("Architecture"), qText(d.arch), tr("API")});
        addRow({tr("Units"), QString::number(d.unitCount), tr("API")});
        addRow({tr("Clock"), formatClockKhz(static_cast<double>(d.clockKhz)), tr("API")});
        addRow({tr("Driver"), qText(d.driver), tr("API")});
        addRow({tr("Backend"), qText(d.backend), QString()});
        if (box->unitId >= 0) addRow({tr("Physical id"), QString::number(box->unitId), QString()});
        return;
    }
    const bool several = box->elementIds.size() > 1;
    for (const QString& id : box->elementIds) {
        if (several) addRow({elementName(id)}, {}, true);
        for (const Attribute& r : attributesOf(data, id)) {
            QString value = formatValue(r);
            if (!r.groups.empty() && r.name != attr::segments) value += tr(" (%n group(s))", nullptr, static_cast<int>(r.groups.size()));
            addRow({attributeTitle(qText(r.name)), value, r.source == Source::Api ? tr("API") : tr("benchmark"), qText(r.method),
                    QString::number(r.confidence, 'f', 2)},
                   qText(r.evidence));
            if (!r.reason.empty()) table_->item(table_->rowCount() - 1, 0)->setToolTip(qText(r.reason));
        }
    }
}

}  // namespace ts::gui
