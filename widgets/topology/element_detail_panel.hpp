#pragma once
#include <QWidget>

#include "topology/topology_scene.hpp"

class QLabel;
class QTableWidget;

namespace ts::gui {

// What a selected diagram box stands for: every attribute of its elements with value, source
// (API or benchmark), method and confidence, and a button that shows the evidence plot.
class ElementDetailPanel : public QWidget {
    Q_OBJECT
public:
    explicit ElementDetailPanel(QWidget* parent = nullptr);

    void showBox(const Topology& data, const SceneBox* box);  // nullptr: nothing selected
    QString title() const;
    int rowCount() const;
    QTableWidget* table() const { return table_; }

signals:
    void evidenceRequested(const QString& seriesId);

private:
    void addRow(const QStringList& cells, const QString& evidence = {}, bool heading = false);

    QLabel* title_;
    QTableWidget* table_;
};

}  // namespace ts::gui
