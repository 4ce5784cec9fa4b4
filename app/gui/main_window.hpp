#pragma once
#include <QMainWindow>

#include "launch_options.hpp"
#include "run_worker.hpp"

class QAction;
class QActionGroup;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QTimer;
class QSplitter;
class QTableView;
class QTabWidget;

namespace ts::gui {

class CuMapView;
class EvidenceView;
class MigView;
class ResultsModel;
class RunController;
class RunPanel;
class SeriesStore;
class TopologyPanel;
struct TopologyData;

// The TopoScope window: device and benchmark choice on the left, the live evidence plot and
// the results table in the middle, the log below, progress in the status bar.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const LaunchOptions& options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    RunController* controller() const { return controller_; }
    SeriesStore* store() const { return store_; }
    ResultsModel* results() const { return results_; }
    EvidenceView* evidence() const { return evidence_; }
    RunPanel* runPanel() const { return runPanel_; }
    QAction* runAction() const { return runAction_; }
    QAction* cancelAction() const { return cancelAction_; }
    bool devicesKnown() const { return devicesKnown_; }
    QString logText() const;
    TopologyPanel* topologyPanel() const { return topology_; }
    CuMapView* cuMapView() const { return cuMap_; }
    MigView* migView() const { return migView_; }
    QTabWidget* tabs() const { return tabs_; }
    TopologyData topologyData() const;  // the device and every result so far
    void refreshTopology();             // now, instead of after the next results
    void showEvidence(const QString& seriesId);
    QString progressText() const;

    void startRun();
    void cancelRun();
    void openRecording(const QString& path);

Q_SIGNALS:
    void devicesReady();
    void runFinished(const ts::gui::RunOutcome& outcome);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildActions();
    void buildMenus();
    void buildLayout();
    void connectWorker();
    void onDevicesListed(const QVector<DeviceChoice>& devices);
    bool chooseInitialDevice(const QVector<DeviceChoice>& devices);  // false: the requested one is missing
    void onRunStarted(const QString& description);
    void onDeviceInfo(const DeviceData& device);
    void onResult(const ResultData& result);
    void onProgress(const ProgressData& progress);
    void onFinished(const RunOutcome& outcome);
    void onReportSaved(const QString& path, const QString& error);
    void askOpenRecording();
    void askSaveReport();
    void showEvidenceOf(const QModelIndex& index);
    void updateActions();
    void applyPaletteChoice(const QString& choice);
    void log(const QString& text);
    void restoreSettings();
    void saveSettings() const;
    void afterRun();
    void scheduleTopology();

    LaunchOptions options_;
    RunController* controller_;
    SeriesStore* store_;
    ResultsModel* results_;
    EvidenceView* evidence_ = nullptr;
    RunPanel* runPanel_ = nullptr;
    QSplitter* splitter_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    TopologyPanel* topology_ = nullptr;
    CuMapView* cuMap_ = nullptr;
    MigView* migView_ = nullptr;
    QTimer* topologyTimer_ = nullptr;
    DeviceData device_;
    QTableView* table_ = nullptr;
    QPlainTextEdit* log_ = nullptr;
    QLabel* stepLabel_ = nullptr;
    QLabel* etaLabel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QAction* runAction_ = nullptr;
    QAction* cancelAction_ = nullptr;
    QAction* openAction_ = nullptr;
    QAction* saveAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QActionGroup* paletteGroup_ = nullptr;
    QString paletteChoice_ = QStringLiteral("system");
    bool devicesKnown_ = false;
    bool launchActionsDone_ = false;
    bool haveRunData_ = false;
};

}  // namespace ts::gui
