#pragma once
// The window's views by role, for code that shows or pictures them (screenshots, the sheet)
// without knowing the window that holds them.
class QTabWidget;
class QWidget;

namespace ts::gui {

class CuMapView;
class EvidenceView;
class FleetView;
class MigView;
class SmMapView;
class SeriesStore;
class TopologyPanel;

struct WindowViews {
    QWidget* window = nullptr;  // the whole window, as pictured
    QTabWidget* tabs = nullptr;
    EvidenceView* evidence = nullptr;
    SeriesStore* store = nullptr;
    TopologyPanel* topology = nullptr;
    CuMapView* cuMap = nullptr;
    SmMapView* smMap = nullptr;
    MigView* mig = nullptr;
    FleetView* fleet = nullptr;
};

}  // namespace ts::gui
