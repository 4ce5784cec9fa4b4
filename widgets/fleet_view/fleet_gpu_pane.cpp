#include "fleet_view/fleet_gpu_pane.hpp"

#include <QLabel>
#include <QVBoxLayout>

#include "fleet_view/fleet_table_model.hpp"
#include "fleet_view/fleet_text.hpp"
#include "topology/topology_view.hpp"

namespace ts::gui {

FleetGpuPane::FleetGpuPane(QWidget* parent)
    : QWidget(parent), title_(new QLabel(this)), outliers_(new QLabel(this)), view_(new TopologyView(this)) {
    title_->setTextFormat(Qt::PlainText);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    outliers_->setTextFormat(Qt::PlainText);
    outliers_->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title_);
    layout->addWidget(outliers_);
    layout->addWidget(view_, 1);
}

void FleetGpuPane::showMember(const FleetComparison& fleet, int member) {
    member_ = member;
    if (member < 0 || member >= static_cast<int>(fleet.members.size())) {
        title_->clear();
        outliers_->clear();
        view_->setData({});
        return;
    }
    const FleetMember& m = fleet.members[static_cast<std::size_t>(member)];
    title_->setText(tr("%1 — %2").arg(fleetRowLabel(fleet, member), QString::fromStdString(m.report.device.name)));
    title_->setToolTip(static_cast<std::size_t>(member) < fleet.memberLabels.size()
                           ? QString::fromStdString(fleet.memberLabels[static_cast<std::size_t>(member)])
                           : QString());

    QStringList items;
    for (int a : fleet.outlierAttributes(member)) {
        const FleetAttribute& attribute = fleet.attributes[static_cast<std::size_t>(a)];
        const std::optional<double>& median = fleet.medians[static_cast<std::size_t>(a)];
        const FleetCell& cell = *fleet.cell(member, a);
        const QString label = QString::fromStdString(attribute.label);
        items << (median ? tr("%1 %2 (median %3)")
                               .arg(label, formatFleetValue(*cell.value, attribute.unit),
                                    formatFleetValue(*median, attribute.unit))
                         : tr("%1 %2").arg(label, formatFleetValue(*cell.value, attribute.unit)));
    }
    if (!fleet.judged())  // the summary says why there is no verdict
        outliers_->setText(tr("One of the %n GPU(s) compared side by side", nullptr, static_cast<int>(fleet.members.size())));
    else if (items.isEmpty())
        outliers_->setText(tr("No outliers"));
    else
        outliers_->setText(tr("Outliers: %1").arg(items.join(QStringLiteral("; "))));
    QPalette palette = outliers_->palette();
    if (!items.isEmpty()) palette.setColor(QPalette::Window, FleetTableModel::outlierBackground());
    outliers_->setAutoFillBackground(!items.isEmpty());
    outliers_->setPalette(palette);
    view_->select(-1);
    view_->setData(m.report);
    // Outline the box of the first outlier that has one (a device attribute has none).
    for (int a : fleet.outlierAttributes(member))
        for (const QString& id : fleetElementIds(fleet.attributes[static_cast<std::size_t>(a)]))
            if (const int box = view_->scene().findElement(id); box >= 0) {
                view_->select(box);
                return;
            }
}

QString FleetGpuPane::title() const { return title_->text(); }
QString FleetGpuPane::outlierText() const { return outliers_->text(); }

}  // namespace ts::gui
