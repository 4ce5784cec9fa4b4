#pragma once
#include <QColor>
#include <qcustomplot.h>

#include <cstdint>
#include <vector>

namespace ts::gui {

// A scatter of weighted points drawn as one image: every point lands on its pixel, the loads
// on a pixel add up, and the pixel's opacity grows with the log of that count. Drawing costs
// one coordinate transform per point in view plus one pass over the plot's pixels, however
// many points pile up, so a million loads draw in a few milliseconds.
class DensityScatter : public QCPAbstractPlottable {
    Q_OBJECT
public:
    struct Point {
        double key = 0;
        double value = 0;
        std::uint32_t count = 0;  // loads this point stands for
    };

    DensityScatter(QCPAxis* keyAxis, QCPAxis* valueAxis);

    // Points sorted by key; they are merged in, so rows may arrive in any order.
    void addSorted(const std::vector<Point>& points);
    void clear();
    int pointCount() const { return static_cast<int>(points_.size()); }
    std::uint64_t loadCount() const { return loads_; }
    void setColor(const QColor& color) { color_ = color; }
    void setMarkerSize(int pixels) { marker_ = pixels; }

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    std::vector<Point> points_;
    std::uint64_t loads_ = 0;
    QColor color_ = QColor(31, 119, 180);
    int marker_ = 3;
};

}  // namespace ts::gui
