#pragma once
#include <QObject>
#include <QStringList>

#include "fleet_load.hpp"

class QThread;

namespace ts::gui {

// Runs loadFleet() on a thread of its own (64 reports of a few MB each take seconds) and
// reports back on the GUI thread. One load at a time.
class FleetLoader : public QObject {
    Q_OBJECT
public:
    explicit FleetLoader(QObject* parent = nullptr);
    ~FleetLoader() override;  // waits for a load in progress

    bool load(const QStringList& paths);  // false: a load is still running
    bool busy() const { return thread_ != nullptr; }

signals:
    void loaded(const ts::gui::FleetData& data, const QStringList& paths);
    void failed(const QString& file, const QString& problem);

private:
    void onThreadFinished();

    QThread* thread_ = nullptr;
    QStringList paths_;
    FleetLoadResult result_;
};

}  // namespace ts::gui
