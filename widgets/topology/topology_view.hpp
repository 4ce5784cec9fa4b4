#pragma once
#include <QScrollArea>

#include "model/topology.hpp"
#include "topology/topology_scene.hpp"

class QAction;

namespace ts::gui {

class TopologyCanvas;

inline constexpr double kSmallestReadablePixels = 9;

// The memory-hierarchy diagram on screen: zoom (Ctrl+wheel, +/-), fit to window (0), a
// tooltip per box, click or arrow keys to select a box, Enter or a click on the folded unit
// array to expand it. Export writes the same drawing as PNG, SVG or PDF.
// Fitting never sets text below kSmallestReadablePixels (the diagram scrolls instead), and puts
// as many XCDs and L2 segments to a row as the window's width holds at that size.
class TopologyView : public QScrollArea {
    Q_OBJECT
public:
    explicit TopologyView(QWidget* parent = nullptr);

    void setData(const Topology& data);
    const Topology& data() const { return data_; }
    const TopologyScene& scene() const { return scene_; }

    int selected() const { return selected_; }
    void select(int box);  // -1: none
    void activate(int box);  // a fold box expands the array, the array folds again
    void setExpanded(bool on);
    bool expanded() const { return options_.expandUnits; }

    double zoom() const { return zoom_; }
    void setZoom(double zoom);
    void fitToWindow();
    bool exportTo(const QString& path, QString* error = nullptr) const;

    QAction* zoomInAction() const { return zoomIn_; }
    QAction* zoomOutAction() const { return zoomOut_; }
    QAction* fitAction() const { return fit_; }
    QAction* exportAction() const { return export_; }

signals:
    void selectionChanged(int box);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    friend class TopologyCanvas;
    void rebuild();
    void buildToFit();
    static double readableZoom();
    void step(int delta);
    void exportInteractively();

    Topology data_;
    SceneOptions options_;
    TopologyScene scene_;
    TopologyCanvas* canvas_;
    int selected_ = -1;
    double zoom_ = 1.0;
    bool fitting_ = true;  // follow the window's size until the user zooms
    QAction* zoomIn_;
    QAction* zoomOut_;
    QAction* fit_;
    QAction* export_;
};

}  // namespace ts::gui
