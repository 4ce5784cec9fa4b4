#pragma once
#include <QMenu>

class QActionGroup;

namespace ts::gui {

// Run ▸ Replay Speed: how fast Replay Recording plays. Automatic slows a short run so it lasts
// about 20 s (app::defaultReplaySpeed); the others are fixed factors of the recorded pace.
class ReplaySpeedMenu : public QMenu {
    Q_OBJECT
public:
    // `speed`: the choice at start (--replay-speed); 0 is Automatic, another value not listed is added.
    explicit ReplaySpeedMenu(double speed, QWidget* parent = nullptr);

    double speed() const;  // 0: Automatic
    void setSpeed(double speed);

private:
    QAction* addChoice(const QString& text, double speed);

    QActionGroup* group_;
};

}  // namespace ts::gui
