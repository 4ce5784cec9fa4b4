#pragma once
#include <QMainWindow>

#include "launch_options.hpp"
#include "run_worker.hpp"
#include "window_views.hpp"

class QAction;
class QActionGroup;
class QLabel;
class QPlainTextEdit;
class QDragEnterEvent;
class QDropEvent;
class QTimer;
class QTabWidget;

namespace ts::gui {

class CuMapView;
class SmMapView;
class EvidencePage;
class EvidenceView;
class FleetPage;
class FleetView;
class RecentFiles;
class RecordingMenu;
class ReplaySpeedMenu;
class MigView;
class ResultsModel;
class RunController;
class RunPage;
class RunPanel;
class RunStatus;
class SeriesStore;
class TopologyPanel;

// The TopoScope window wires its pages to the run: the run page (RunPage: the run's life;
// RunPanel: the device and benchmark choice, on the left); the tabs Evidence (EvidencePage), Topology (TopologyPanel), CU Sharing
// (CuMapView), SM Layout (SmMapView), MIG (MigView) and Fleet (FleetPage); the log below, the run's status
// (RunStatus) at the bottom. Opening recordings is in main_window_recordings.cpp.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const LaunchOptions& options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    RunController* controller() const { return controller_; }
    SeriesStore* store() const { return store_; }
    ResultsModel* results() const { return results_; }
    EvidenceView* evidence() const;
    RunPanel* runPanel() const { return runPanel_; }
    QAction* runAction() const { return runAction_; }
    QAction* cancelAction() const { return cancelAction_; }
    QAction* replayAction() const { return replayAction_; }
    ReplaySpeedMenu* replaySpeedMenu() const { return replaySpeed_; }
    bool devicesKnown() const { return devicesKnown_; }
    QString logText() const;
    TopologyPanel* topologyPanel() const { return topology_; }
    CuMapView* cuMapView() const { return cuMap_; }
    SmMapView* smMapView() const { return smMap_; }
    MigView* migView() const { return migView_; }
    QTabWidget* tabs() const { return tabs_; }
    // The run or recording shown, as the engine's model (RunPage::topology).
    const Topology& topology() const;
    WindowViews views();  // the views, for pictures of them
    void refreshTopology();             // now, instead of after the next results
    void showEvidence(const QString& seriesId);
    QString progressText() const;

    void startRun();
    void cancelRun();
    void openRecording(const QString& path);  // a session, report, MT4G JSON report or MT4G raw folder
    // Plays a recording as if it were running (docs/gui.md, "Replay"); `speed` 0: the default pace.
    void replayRecording(const QString& path, double speed = 0);
    void replayShownRecording();  // Run ▸ Replay Recording, at Run ▸ Replay Speed
    RecentFiles* recentFiles() const;
    QAction* openRawAction() const;
    void setSessionFolder(const QString& folder);  // where runs record, and Open Recent's runs
    // Where File ▸ Open… starts: the sessions folder (the CLI's runs too) once it exists.
    QString openDialogFolder() const;
    QString lastSessionPath() const { return lastSession_; }  // the last run's session file, if any
    QString sessionStatusText() const;
    // Fleet comparison (FleetPage): loads off the GUI thread, then the Fleet tab.
    void openFleet(const QStringList& paths);
    FleetView* fleetView() const;
    QAction* openFleetAction() const;

Q_SIGNALS:
    void devicesReady();
    void runFinished(const ts::gui::RunOutcome& outcome);
    void fleetOpened();
    void fleetFailed(const QString& file, const QString& problem);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildActions();
    void buildMenus();
    void buildLayout();
    void connectWorker();
    void onDevicesListed(const QVector<DeviceChoice>& devices);
    void applyLaunchGroups();
    void onFinished(const RunOutcome& outcome, const QString& text, const QString& opened);
    // Over the tabs while the run shows a shared GPU; `evidence` is its tooltip.
    void showSharedGpuBanner(const QString& evidence);
    // Closing during a live run: a question (object name "quitDuringRun"), Stop and Quit or Keep Running.
    void askQuitDuringRun();
    void onReportSaved(const QString& path, const QString& error);
    void buildRecordingSupport();
    void onSessionRecording(const QString& path);
    void onRecordingOpened(const QString& path, const QString& kind);
    void onCutOff(const QString& benchmark, const QString& seriesId, const QString& elementId);
    void askSaveReport();
    void updateActions();
    void describeChosenDevice();
    void applyPaletteChoice(const QString& choice);
    void log(const QString& text);
    void restoreSettings();
    void saveSettings() const;
    void afterRun();
    void buildFleetPage();
    void onFleetShown(const QString& summary, const QStringList& paths);
    void onFleetFailed(const QString& file, const QString& problem, const QString& text);

    LaunchOptions options_;
    bool quitDuringRunConfirmed_ = false;
    RunController* controller_;
    SeriesStore* store_;
    ResultsModel* results_;
    EvidencePage* evidencePage_ = nullptr;
    RunPanel* runPanel_ = nullptr;
    RunPage* runPage_ = nullptr;  // the run's life: start, cancel, results, end
    QTabWidget* tabs_ = nullptr;
    TopologyPanel* topology_ = nullptr;
    CuMapView* cuMap_ = nullptr;
    SmMapView* smMap_ = nullptr;
    MigView* migView_ = nullptr;
    QPlainTextEdit* log_ = nullptr;
    RunStatus* status_ = nullptr;
    QLabel* sharedGpuBanner_ = nullptr;  // over the tabs while the run shows a shared GPU
    QAction* runAction_ = nullptr;
    QAction* cancelAction_ = nullptr;
    QAction* replayAction_ = nullptr;
    ReplaySpeedMenu* replaySpeed_ = nullptr;
    QAction* saveAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QActionGroup* paletteGroup_ = nullptr;
    QString paletteChoice_ = QStringLiteral("system");
    bool devicesKnown_ = false;
    bool launchActionsDone_ = false;
    RecordingMenu* recordings_ = nullptr;
    QString lastSession_;
    QStringList launchGroups_;  // what --only checked at launch; empty without it
    QString launchDevice_;      // the device --backend/--profile chose at launch; empty without them
    FleetPage* fleetPage_ = nullptr;
};

}  // namespace ts::gui
