#pragma once
// The MIG view: a banner with the mode, a selector (the instances, or one GPU-instance profile
// with all its placements), the slice diagram, and a table of what each profile or instance
// gets of SMs, memory, copy engines and L2, every figure with its source.
#include <QWidget>

#include <optional>
#include <vector>

#include "mig/mig_diagram.hpp"
#include "model/mig.hpp"
#include "model/mig_share.hpp"

class QComboBox;
class QLabel;
class QScrollArea;
class QTableWidget;

namespace ts::gui {

// What the view shows: the layout the device reports (absent: none reported) and what each
// profile and instance gets, as the engine's migShares() computed it (app/gui/mig_view_data: toMigView).
struct MigViewData {
    std::optional<MigLayout> layout;
    std::vector<MigShare> profiles;
    std::vector<MigShare> instances;
};

class MigView : public QWidget {
    Q_OBJECT
public:
    explicit MigView(QWidget* parent = nullptr);

    void setData(const MigViewData& data);
    const MigViewData& data() const { return data_; }

    QString bannerText() const;
    int profileCount() const { return static_cast<int>(data_.profiles.size()); }
    // Selector entries: "instances" first when MIG is enabled, then one per profile.
    int selectorCount() const;
    void selectProfile(int profileIndex);  // index into data().profiles
    void selectInstances();
    const std::vector<MigBlock>& blocks() const { return diagram_->blocks(); }
    QTableWidget* table() const { return table_; }

private:
    void showSelection();
    void fillTable();
    bool instancesEntry() const { return data_.layout && data_.layout->mode == MigMode::Enabled; }

    MigViewData data_;
    QLabel* banner_;
    QComboBox* selector_;
    MigDiagram* diagram_;
    QScrollArea* scroll_;
    QTableWidget* table_;
    QLabel* notes_;
};

}  // namespace ts::gui

Q_DECLARE_METATYPE(ts::gui::MigViewData)
