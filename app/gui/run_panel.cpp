#include "run_panel.hpp"

#include <QAction>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

#include "benchmark_catalog.hpp"

namespace ts::gui {
namespace {

constexpr int kKeyRole = Qt::UserRole + 1;
const QString kOpenKey = QStringLiteral("open-recording");

QPushButton* actionButton(QAction* action, QWidget* parent) {
    auto* b = new QPushButton(action->icon(), action->text().remove(QLatin1Char('&')), parent);
    b->setToolTip(action->toolTip());
    b->setEnabled(action->isEnabled());
    QObject::connect(b, &QPushButton::clicked, action, &QAction::trigger);
    QObject::connect(action, &QAction::changed, b, [b, action] { b->setEnabled(action->isEnabled()); });
    return b;
}

}  // namespace

RunPanel::RunPanel(QAction* run, QAction* cancel, QWidget* parent)
    : QWidget(parent),
      chooser_(new QComboBox(this)),
      tree_(new QTreeView(this)),
      benchmarks_(new BenchmarkTreeModel(this)) {
    chooser_->addItem(tr("Looking for devices…"));
    chooser_->setEnabled(false);
    chooser_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    chooser_->setMinimumContentsLength(20);
    connect(chooser_, &QComboBox::activated, this, &RunPanel::onChooserActivated);
    connect(chooser_, &QComboBox::currentIndexChanged, this, [this] {
        updateCatalog();
        Q_EMIT deviceChanged();
    });

    tree_->setModel(benchmarks_);
    connect(benchmarks_, &BenchmarkTreeModel::selectionChanged, this, &RunPanel::rememberUnchecked);
    tree_->header()->setVisible(false);
    tree_->setUniformRowHeights(true);

    auto* all = new QPushButton(tr("&All"), this);
    auto* none = new QPushButton(tr("&None"), this);
    connect(all, &QPushButton::clicked, benchmarks_, [this] { benchmarks_->setAllChecked(true); });
    connect(none, &QPushButton::clicked, benchmarks_, [this] { benchmarks_->setAllChecked(false); });

    auto* deviceLabel = new QLabel(tr("&Device:"), this);
    deviceLabel->setBuddy(chooser_);
    auto* treeLabel = new QLabel(tr("&Benchmarks:"), this);
    treeLabel->setBuddy(tree_);

    auto* selection = new QHBoxLayout;
    selection->addWidget(all);
    selection->addWidget(none);
    selection->addStretch(1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(actionButton(run, this), 1);
    buttons->addWidget(actionButton(cancel, this), 1);

    auto* layout = new QVBoxLayout(this);
    layout_ = layout;
    layout->addWidget(deviceLabel);
    layout->addWidget(chooser_);
    layout->addWidget(treeLabel);
    layout->addWidget(tree_, 1);
    layout->addLayout(selection);
    layout->addLayout(buttons);
}

void RunPanel::addReplayButton(QAction* replay) {
    replay_ = actionButton(replay, this);
    replay_->setObjectName(QStringLiteral("replayButton"));
    replay_->hide();
    layout_->addWidget(replay_);
}

void RunPanel::setReplayShown(bool shown) {
    if (replay_) replay_->setVisible(shown);
}

void RunPanel::setDevices(const QVector<DeviceChoice>& devices) {
    const QSignalBlocker block(chooser_);
    devices_ = devices;
    chooser_->clear();
    for (int i = 0; i < devices.size(); ++i) {
        chooser_->addItem(devices[i].label, devices[i].key());
        chooser_->setItemData(i, devices[i].real ? tr("A GPU of this machine") : tr("The simulator with this profile"),
                              Qt::ToolTipRole);
    }
    chooser_->insertSeparator(chooser_->count());
    chooser_->addItem(tr("Open recording…"), kOpenKey);
    chooser_->setEnabled(true);
    lastIndex_ = -1;
}

bool RunPanel::selectDevice(const QString& key) {
    const int index = chooser_->findData(key);
    if (index < 0 || key == kOpenKey) return false;
    chooser_->setCurrentIndex(index);
    lastIndex_ = index;
    updateCatalog();
    return true;
}

void RunPanel::addRecording(const QString& path) {
    const QString key = QStringLiteral("recording:") + path;
    int index = chooser_->findData(key);
    if (index < 0) {
        chooser_->addItem(tr("Recording: %1").arg(QFileInfo(path).fileName()), key);
        index = chooser_->count() - 1;
        chooser_->setItemData(index, path, Qt::ToolTipRole);
    }
    chooser_->setCurrentIndex(index);
    lastIndex_ = index;
}

const DeviceChoice* RunPanel::currentDevice() const {
    const QString key = currentKey();
    for (const auto& d : devices_)
        if (d.key() == key) return &d;
    return nullptr;
}

QString RunPanel::currentKey() const { return chooser_->currentData().toString(); }

QStringList RunPanel::checkedGroups() const { return benchmarks_->selectedGroups(); }

void RunPanel::setCheckedGroups(const QStringList& groups) { benchmarks_->setCheckedGroups(groups); }

std::set<Element> RunPanel::elementsToRun() const {
    std::set<Element> elements = benchmarks_->selectedElements();
    const DeviceChoice* d = currentDevice();
    if (!elements.empty() || !d || !d->withoutL3) return elements;
    // Every checked element, so that the engine leaves out the L3 the catalog does not list.
    for (int r = 0; r < benchmarks_->rowCount(); ++r) {
        const QStandardItem* group = benchmarks_->item(r);
        for (int c = 0; c < group->rowCount(); ++c)
            if (const QVariant e = group->child(c)->data(BenchmarkTreeModel::ElementRole); e.isValid())
                elements.insert(static_cast<Element>(e.toInt()));
    }
    return elements;
}

QStringList RunPanel::uncheckedGroups() const {
    QStringList out(unchecked_.begin(), unchecked_.end());
    out.sort();
    return out;
}

void RunPanel::setUncheckedGroups(const QStringList& groups) {
    unchecked_ = QSet<QString>(groups.begin(), groups.end());
    QStringList checked;
    for (const auto& g : benchmarks_->allGroups())
        if (!unchecked_.contains(g)) checked << g;
    setCheckedGroups(checked);
}

// Only the groups of the catalog shown: another vendor's stay as the user left them.
void RunPanel::rememberUnchecked() {
    if (changingCatalog_) return;
    const QStringList checked = checkedGroups();
    for (const auto& g : benchmarks_->allGroups()) {
        if (checked.contains(g))
            unchecked_.remove(g);
        else
            unchecked_.insert(g);
    }
}

void RunPanel::onChooserActivated(int index) {
    if (chooser_->itemData(index).toString() != kOpenKey) {
        lastIndex_ = index;
        return;
    }
    // Go back to what was chosen before; a loaded recording adds and selects its own item.
    chooser_->setCurrentIndex(lastIndex_);
    Q_EMIT openRecordingRequested();
}

void RunPanel::updateCatalog() {
    if (const DeviceChoice* d = currentDevice()) showCatalogFor(d->vendor, d->withoutL3);
}

void RunPanel::showCatalogFor(const QString& vendor, bool withoutL3) {
    const QString key = vendor + (withoutL3 ? QStringLiteral(" without L3") : QString());
    if (key == catalogKey_) return;
    catalogKey_ = key;
    const QVector<BenchmarkGroupInfo> catalog = benchmarkCatalog(vendor, withoutL3);
    QStringList checked;
    for (const auto& g : catalog)
        if (!unchecked_.contains(g.id)) checked << g.id;
    changingCatalog_ = true;
    benchmarks_->setCatalog(catalog, checked);
    if (checked.isEmpty()) benchmarks_->setAllChecked(false);
    changingCatalog_ = false;
    tree_->expandAll();
}

}  // namespace ts::gui
