#pragma once
#include <QObject>
#include <QStringList>

#include "fleet_file_reader.hpp"

class QThread;

namespace ts::gui {

// Runs readFleetFiles() on a thread of its own (64 reports of a few MB each take seconds) and
// reports back on the GUI thread. One load at a time.
class FleetBackgroundReader : public QObject {
    Q_OBJECT
public:
    explicit FleetBackgroundReader(QObject* parent = nullptr);
    ~FleetBackgroundReader() override;  // waits for a load in progress

    bool load(const QStringList& paths);  // false: a load is still running
    bool busy() const { return thread_ != nullptr; }

signals:
    void loaded(const ts::FleetComparison& data, const QStringList& paths);
    void failed(const QString& file, const QString& problem);

private:
    void onThreadFinished();

    QThread* thread_ = nullptr;
    QStringList paths_;
    FleetReadResult result_;
};

}  // namespace ts::gui
