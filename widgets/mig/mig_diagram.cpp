#include "mig/mig_diagram.hpp"

#include <QPainter>

#include <algorithm>
#include <cmath>


namespace ts::gui {
namespace {

constexpr int kLabelWidth = 96;
constexpr int kHeaderHeight = 20;
constexpr int kBandHeight = 22;
constexpr int kRowGap = 10;
constexpr int kRowHeight = 2 * kBandHeight + 2 + kRowGap;

QColor blockColour(int index) {
    const double hue = std::fmod(0.58 + 0.13 * index, 1.0);
    return QColor::fromHsvF(static_cast<float>(hue), 0.45f, 0.92f);
}

}  // namespace

MigDiagram::MigDiagram(QWidget* parent) : QWidget(parent) {
    setMinimumHeight(2 * kHeaderHeight + kRowHeight);
    setToolTip(tr("Top band of each row: the 7 compute slices; bottom band: the 8 memory slices (with their "
                  "share of the L2). NVML places instances by memory slice; compute slices are drawn from the "
                  "placement start."));
}

void MigDiagram::setBlocks(std::vector<MigBlock> blocks) {
    blocks_ = std::move(blocks);
    setMinimumHeight(2 * kHeaderHeight + std::max(1, rows()) * kRowHeight);
    updateGeometry();
    update();
}

int MigDiagram::rows() const {
    int rows = 0;
    for (const auto& b : blocks_) rows = std::max(rows, b.row + 1);
    return rows;
}

QSize MigDiagram::sizeHint() const { return {560, 2 * kHeaderHeight + std::max(1, rows()) * kRowHeight}; }

void MigDiagram::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    const double left = kLabelWidth;
    const double width = std::max(100.0, this->width() - left - 8.0);
    const double computeW = width / kMigComputeSlices;
    const double memoryW = width / kMigMemorySlices;
    const QColor ink = palette().color(QPalette::Text);

    // Compute slice numbers above the first row, memory slice numbers below the last.
    const int rowCount = std::max(1, rows());
    p.setPen(palette().color(QPalette::PlaceholderText));
    for (int c = 0; c < kMigComputeSlices; ++c)
        p.drawText(QRectF(left + c * computeW, 0, computeW, kHeaderHeight), Qt::AlignCenter, QString::number(c));
    const double footer = kHeaderHeight + rowCount * kRowHeight - kRowGap;
    for (int c = 0; c < kMigMemorySlices; ++c)
        p.drawText(QRectF(left + c * memoryW, footer, memoryW, kHeaderHeight), Qt::AlignCenter, QString::number(c));
    p.drawText(QRectF(0, 0, kLabelWidth - 6, kHeaderHeight), Qt::AlignRight | Qt::AlignVCenter, tr("slice"));

    for (int r = 0; r < rowCount; ++r) {
        const double y = kHeaderHeight + r * kRowHeight;
        p.setPen(ink);
        p.drawText(QRectF(0, y, kLabelWidth - 6, kBandHeight), Qt::AlignRight | Qt::AlignVCenter, tr("compute"));
        p.drawText(QRectF(0, y + kBandHeight + 2, kLabelWidth - 6, kBandHeight), Qt::AlignRight | Qt::AlignVCenter,
                   tr("memory, L2"));
        p.setPen(QPen(palette().color(QPalette::Mid), 1));
        p.setBrush(Qt::NoBrush);
        for (int c = 0; c < kMigComputeSlices; ++c) p.drawRect(QRectF(left + c * computeW, y, computeW, kBandHeight));
        for (int c = 0; c < kMigMemorySlices; ++c)
            p.drawRect(QRectF(left + c * memoryW, y + kBandHeight + 2, memoryW, kBandHeight));
    }
    for (const auto& b : blocks_) {
        const double y = kHeaderHeight + b.row * kRowHeight;
        const QRectF compute(left + b.computeStart * computeW + 1, y + 1, b.computeCount * computeW - 2, kBandHeight - 2);
        const QRectF memory(left + b.memoryStart * memoryW + 1, y + kBandHeight + 3, b.memoryCount * memoryW - 2,
                            kBandHeight - 2);
        p.setPen(QPen(b.highlighted ? QColor(0xd6, 0x27, 0x28) : blockColour(b.colour).darker(150), b.highlighted ? 2.5 : 1));
        p.setBrush(blockColour(b.colour));
        p.drawRoundedRect(compute, 3, 3);
        p.drawRoundedRect(memory, 3, 3);
        p.setPen(QColor(0x20, 0x20, 0x20));
        p.drawText(compute, Qt::AlignCenter, b.label);
    }
}

}  // namespace ts::gui
