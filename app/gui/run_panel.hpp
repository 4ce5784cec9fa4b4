#pragma once
#include <QSet>
#include <QWidget>

#include "view_support/benchmark_tree_model.hpp"
#include "device_choice.hpp"

class QAction;
class QComboBox;
class QTreeView;

class QPushButton;
class QVBoxLayout;

namespace ts::gui {

// The left side of the window: what to measure and on which device.
// The chooser lists every device, then "Open recording…" (and a recording once opened).
class RunPanel : public QWidget {
    Q_OBJECT
public:
    RunPanel(QAction* run, QAction* cancel, QWidget* parent = nullptr);
    // A button for Replay Recording below Run and Cancel, shown while a recording is (setReplayShown).
    void addReplayButton(QAction* replay);
    void setReplayShown(bool shown);
    QPushButton* replayButton() const { return replay_; }

    void setDevices(const QVector<DeviceChoice>& devices);
    bool selectDevice(const QString& key);
    void addRecording(const QString& path);
    const DeviceChoice* currentDevice() const;  // nullptr: a recording or nothing
    QString currentKey() const;
    QComboBox* chooser() const { return chooser_; }
    BenchmarkTreeModel* benchmarks() const { return benchmarks_; }
    QStringList checkedGroups() const;
    void setCheckedGroups(const QStringList& groups);
    // The groups the user unchecked, those of another vendor's catalog included: a device of the
    // other vendor leaves them as they were, and the settings keep these (a group missing from
    // one catalog is never lost for the next launch).
    QStringList uncheckedGroups() const;
    // The elements to measure, as the engine's DiscoveryOptions::elements: empty for all, except
    // on a device without L3, where every listed element is named so that no L3 is measured.
    std::set<Element> elementsToRun() const;
    void setUncheckedGroups(const QStringList& groups);
    // The benchmark items of a GPU of `vendor` ("NVIDIA", "AMD"): the chosen device's, or those of
    // the GPU of a recording shown (its items, not the last device's).
    void showCatalogFor(const QString& vendor, bool withoutL3 = false);
    // The chosen device's items again (a run measures what its own catalog lists).
    void updateCatalog();

Q_SIGNALS:
    void deviceChanged();
    void openRecordingRequested();

private:
    QVBoxLayout* layout_ = nullptr;
    QPushButton* replay_ = nullptr;
    void onChooserActivated(int index);
    void rememberUnchecked();

    QComboBox* chooser_;
    QTreeView* tree_;
    BenchmarkTreeModel* benchmarks_;
    QVector<DeviceChoice> devices_;
    QString catalogKey_;  // the vendor, and whether the device is known to have no L3
    QSet<QString> unchecked_;
    bool changingCatalog_ = false;
    int lastIndex_ = -1;
};

}  // namespace ts::gui
