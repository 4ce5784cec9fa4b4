#pragma once
// The MIG slice diagram: 7 compute columns over 8 memory columns; every block is a profile
// placement (what-if) or an instance, drawn in both bands. One row per block in what-if
// mode (a profile's placements side by side would overlap), one row for all instances.
#include <QString>
#include <QWidget>

#include <vector>

#include "model/mig.hpp"

namespace ts::gui {

// MIG has 7 compute and 8 memory slices; NVML places instances in memory slices only. The view
// draws an instance's compute slices from its placement start, moved left where they would run
// past the 7th column (the layout of NVIDIA's MIG diagrams).
inline int migComputeStart(int placementStart, int sliceCount) {
    const int last = kMigComputeSlices - sliceCount;
    return placementStart < last ? placementStart : (last < 0 ? 0 : last);
}


struct MigBlock {
    QString label;
    int row = 0;
    int computeStart = 0, computeCount = 0;  // columns of the 7
    int memoryStart = 0, memoryCount = 0;    // columns of the 8
    int colour = 0;                          // index into the diagram's palette
    bool highlighted = false;                // the run's own instance
};

class MigDiagram : public QWidget {
    Q_OBJECT
public:
    explicit MigDiagram(QWidget* parent = nullptr);

    void setBlocks(std::vector<MigBlock> blocks);
    const std::vector<MigBlock>& blocks() const { return blocks_; }
    int rows() const;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<MigBlock> blocks_;
};

}  // namespace ts::gui
