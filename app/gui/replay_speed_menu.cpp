#include "replay_speed_menu.hpp"

#include <QActionGroup>

#include <cmath>

namespace ts::gui {

ReplaySpeedMenu::ReplaySpeedMenu(double speed, QWidget* parent)
    : QMenu(tr("Replay &Speed"), parent), group_(new QActionGroup(this)) {
    setObjectName(QStringLiteral("replaySpeedMenu"));
    addChoice(tr("&Automatic (a short run lasts about 20 s)"), 0);
    addSeparator();
    addChoice(tr("&Recorded Pace"), 1);
    addChoice(tr("&Half the Recorded Pace"), 0.5);
    addChoice(tr("1/&5 of the Recorded Pace"), 0.2);
    addChoice(tr("1/1&0 of the Recorded Pace"), 0.1);
    addChoice(tr("&Twice the Recorded Pace"), 2);
    setSpeed(speed);
}

QAction* ReplaySpeedMenu::addChoice(const QString& text, double speed) {
    QAction* a = addAction(text);
    a->setCheckable(true);
    a->setData(speed);
    group_->addAction(a);
    return a;
}

double ReplaySpeedMenu::speed() const {
    const QAction* checked = group_->checkedAction();
    return checked ? checked->data().toDouble() : 0;
}

void ReplaySpeedMenu::setSpeed(double speed) {
    for (QAction* a : group_->actions())
        if (std::abs(a->data().toDouble() - speed) < 1e-9) {
            a->setChecked(true);
            return;
        }
    addChoice(tr("%1 × the Recorded Pace (--replay-speed)").arg(speed), speed)->setChecked(true);
}

}  // namespace ts::gui
