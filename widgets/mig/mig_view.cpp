#include "mig/mig_view.hpp"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "view_support/format.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {
namespace {

enum Column { Name, Slices, Placements, Sms, Memory, CopyEngines, L2, L2Segments, L2Usable, Sources, ColumnCount };

QString placementsText(const std::vector<MigPlacement>& list) {
    if (list.empty()) return QStringLiteral("?");
    QStringList starts;
    for (const auto& p : list) starts << QString::number(p.start);
    return starts.join(QLatin1Char(',')) + QLatin1Char(':') + QString::number(list.front().size);
}

QString figureTip(const Attribute& f) {
    QString tip = (f.source == Source::Api ? MigView::tr("Source: API") : MigView::tr("Source: derived from a benchmark"));
    if (!f.method.empty()) tip += QLatin1Char('\n') + MigView::tr("Method: %1").arg(qText(f.method));
    tip += QLatin1Char('\n') + MigView::tr("Confidence: %1").arg(f.confidence, 0, 'f', 2);
    if (!f.reason.empty()) tip += QLatin1Char('\n') + qText(f.reason);
    if (!f.evidence.empty()) tip += QLatin1Char('\n') + MigView::tr("Evidence: %1").arg(qText(f.evidence));
    return tip;
}

QString countText(const Attribute& f) {
    return f.isDecided() ? QString::number(f.value, 'g', 6) : QStringLiteral("?");
}

QString bytesText(const Attribute& f) { return f.isDecided() ? formatBytes(f.value) : QStringLiteral("?"); }

// 0.25 -> "1/4"; other values as a decimal.
QString fractionText(double v) {
    const double k = std::round(1 / v);
    if (k >= 2 && k <= 64 && std::abs(1 / k - v) < 0.01 * v) return QStringLiteral("1/%1").arg(static_cast<int>(k));
    return QString::number(v, 'f', 2);
}

QString segmentsText(const MigShare& r) {
    const Attribute& s = r.l2Segments;
    if (!s.isDecidedQuantity()) return QStringLiteral("?");
    const QString segment = formatBytes(r.l2Size.value / s.value);
    if (std::abs(s.value - 1) < 0.01) return MigView::tr("one whole %1 segment").arg(segment);
    if (s.value < 1) return MigView::tr("%1 of one %2 segment").arg(fractionText(s.value), segment);
    return MigView::tr("%1 segments of %2").arg(QString::number(s.value, 'g', 3), segment);
}

// "3.52 MiB (0.50)": the usable L2 with its confidence, at most 0.5 for a projection onto a slice.
QString usableText(const Attribute& f) {
    if (f.confidence <= 0) return QStringLiteral("?");
    return MigView::tr("%1 (%2)").arg(formatBytes(f.value)).arg(f.confidence, 0, 'f', 2);
}

QString sourcesText(const MigShare& r) {
    QString text = MigView::tr("API");
    if (r.l2Segments.isDecided())
        text += MigView::tr("; L2 segments: benchmark (confidence %1)").arg(r.l2Segments.confidence, 0, 'f', 2);
    if (r.l2Usable.confidence > 0)
        text += (r.l2Usable.hasMark(Mark::Projected)
                     ? MigView::tr("; L2 usable: L2 partitions benchmark, projected (confidence %1)")
                     : MigView::tr("; L2 usable: L2 partitions benchmark, measured in this instance (confidence %1)"))
                    .arg(r.l2Usable.confidence, 0, 'f', 2);
    return text;
}

QString bannerStyle(const std::optional<MigLayout>& layout) {
    const MigMode s = layout ? layout->mode : MigMode::Unknown;
    const char* colour = s == MigMode::Enabled ? "#d8f0d8" : s == MigMode::Disabled ? "#dde8f6" : "#eeeeee";
    return QStringLiteral("QLabel { background: %1; color: #202020; padding: 6px; border-radius: 4px; font-weight: bold; }")
        .arg(QLatin1String(colour));
}

}  // namespace

MigView::MigView(QWidget* parent)
    : QWidget(parent),
      banner_(new QLabel(this)),
      selector_(new QComboBox(this)),
      diagram_(new MigDiagram(this)),
      scroll_(new QScrollArea(this)),
      table_(new QTableWidget(this)),
      notes_(new QLabel(this)) {
    banner_->setObjectName(QStringLiteral("migBanner"));
    banner_->setWordWrap(true);
    selector_->setObjectName(QStringLiteral("migSelector"));
    selector_->setToolTip(tr("Show all instances, or one GPU-instance profile at every placement it can take"));
    table_->setObjectName(QStringLiteral("migTable"));
    table_->setColumnCount(ColumnCount);
    table_->setHorizontalHeaderLabels({tr("Profile / instance"), tr("Slices"), tr("Placements"), tr("SMs"), tr("Memory"),
                                       tr("Copy engines"), tr("L2"), tr("L2 segments"), tr("L2 usable"), tr("Sources")});
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    notes_->setWordWrap(true);
    notes_->setObjectName(QStringLiteral("migNotes"));

    scroll_->setWidget(diagram_);
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(banner_);
    layout->addWidget(selector_);
    layout->addWidget(scroll_, 3);
    layout->addWidget(table_, 2);
    layout->addWidget(notes_);
    connect(selector_, &QComboBox::currentIndexChanged, this, [this] { showSelection(); });
    setData({});
}

QString MigView::bannerText() const { return banner_->text(); }

int MigView::selectorCount() const { return selector_->count(); }

namespace {

// The mode in one line: what the view shows and why.
QString bannerOf(const MigViewData& data) {
    if (!data.layout)
        return MigView::tr("MIG not supported/unknown — this device reports no MIG layout (not an NVIDIA GPU, NVML not "
                           "read, or a report without it)");
    const MigLayout& layout = *data.layout;
    switch (layout.mode) {
        case MigMode::Unsupported: return MigView::tr("MIG not supported — %1").arg(qText(layout.reason));
        case MigMode::Unknown: return MigView::tr("MIG state unknown — %1").arg(qText(layout.reason));
        case MigMode::Disabled:
            return layout.source == "NVML" ? MigView::tr("MIG disabled — what-if over the NVML profile table")
                                           : MigView::tr("MIG disabled — what-if over the profile table of the %1").arg(qText(layout.source));
        case MigMode::Enabled:
            return MigView::tr("MIG enabled — %n instance(s)", nullptr, static_cast<int>(data.instances.size()));
    }
    return {};
}

}  // namespace

void MigView::setData(const MigViewData& data) {
    data_ = data;
    banner_->setText(bannerOf(data_));
    banner_->setStyleSheet(bannerStyle(data_.layout));
    const MigLayout none;
    const MigLayout& layout = data_.layout ? *data_.layout : none;

    const QSignalBlocker block(selector_);
    selector_->clear();
    if (instancesEntry()) selector_->addItem(tr("All instances"));
    for (const auto& p : data_.profiles)
        selector_->addItem(tr("%1 (profile %2): %n placement(s)", nullptr, static_cast<int>(p.placements.size()))
                               .arg(qText(p.name))
                               .arg(p.id));
    selector_->setVisible(selector_->count() > 0);

    QStringList notes;
    if (!layout.source.empty()) notes << tr("SMs, memory, copy engines and placements come from %1.").arg(qText(layout.source));
    if (!data_.profiles.empty())
        notes << tr("L2 = memory slices / 8 of the API L2 size (MIG partitions the L2 with the memory); L2 segments "
                    "divide it by the L2 segment size measured in this run.")
              << tr("L2 usable = that L2 x the whole GPU's measured usable fraction (L2 partitions: shared capacity / API "
                    "L2 size): a projection, not a measurement inside an instance.");
    if (!layout.placementProblem.empty()) notes << tr("Placements: %1").arg(qText(layout.placementProblem));
    // Without a layout (an AMD GPU, a report without one) there are no slices to draw: the banner
    // alone, not an empty grid and table.
    const bool slices = data_.layout && layout.mode != MigMode::Unsupported && layout.mode != MigMode::Unknown;
    if (slices && !layout.reason.empty()) notes << qText(layout.reason);
    notes_->setText(notes.join(QLatin1Char(' ')));
    scroll_->setVisible(slices);
    table_->setVisible(slices);
    fillTable();
    showSelection();
}

void MigView::selectProfile(int profileIndex) { selector_->setCurrentIndex(profileIndex + (instancesEntry() ? 1 : 0)); }

void MigView::selectInstances() {
    if (instancesEntry()) selector_->setCurrentIndex(0);
}

void MigView::showSelection() {
    std::vector<MigBlock> blocks;
    const int index = selector_->currentIndex();
    if (instancesEntry() && index == 0) {
        table_->clearSelection();
        for (std::size_t i = 0; i < data_.instances.size(); ++i) {
            const MigShare& r = data_.instances[i];
            if (r.placements.empty()) continue;
            const MigPlacement& p = r.placements.front();
            blocks.push_back({tr("GI %1: %2").arg(r.id).arg(qText(r.name)), 0, migComputeStart(p.start, r.sliceCount),
                              r.sliceCount, p.start, p.size, static_cast<int>(i), r.current});
        }
    } else {
        const int profile = index - (instancesEntry() ? 1 : 0);
        if (profile >= 0 && profile < profileCount()) {
            const MigShare& r = data_.profiles[static_cast<std::size_t>(profile)];
            for (std::size_t k = 0; k < r.placements.size(); ++k) {
                const MigPlacement& p = r.placements[k];
                blocks.push_back({qText(r.name), static_cast<int>(k), migComputeStart(p.start, r.sliceCount), r.sliceCount,
                                  p.start, p.size, profile, false});
            }
            table_->selectRow(static_cast<int>(data_.instances.size()) + profile);
        }
    }
    diagram_->setBlocks(std::move(blocks));
    // As tall as the rows need (up to a limit): the table gets the rest.
    scroll_->setMaximumHeight(std::min(diagram_->sizeHint().height() + 2, 420));
}

void MigView::fillTable() {
    table_->setRowCount(static_cast<int>(data_.instances.size() + data_.profiles.size()));
    int row = 0;
    auto put = [&](int column, const QString& text, const QString& tip = {}) {
        auto* item = new QTableWidgetItem(text);
        if (!tip.isEmpty()) item->setToolTip(tip);
        table_->setItem(row, column, item);
    };
    auto fill = [&](const MigShare& r) {
        put(Name, r.kind == MigShare::Kind::Instance
                      ? tr("GI %1: %2%3").arg(r.id).arg(qText(r.name), r.current ? tr(" (this run)") : QString())
                      : tr("%1 (profile %2)").arg(qText(r.name)).arg(r.id),
            qText(r.uuid));
        put(Slices, QString::number(r.sliceCount));
        put(Placements, placementsText(r.placements), figureTip(r.memorySlices));
        put(Sms, countText(r.smCount), figureTip(r.smCount));
        put(Memory, bytesText(r.memory), figureTip(r.memory));
        put(CopyEngines, countText(r.copyEngines), figureTip(r.copyEngines));
        put(L2, bytesText(r.l2Size), figureTip(r.l2Size));
        put(L2Segments, segmentsText(r), figureTip(r.l2Segments));
        put(L2Usable, usableText(r.l2Usable), figureTip(r.l2Usable));
        put(Sources, sourcesText(r), tr("API: %1").arg(data_.layout ? qText(data_.layout->source) : QString()));
        ++row;
    };
    for (const auto& r : data_.instances) fill(r);
    for (const auto& r : data_.profiles) fill(r);
    table_->resizeColumnsToContents();
}

}  // namespace ts::gui
