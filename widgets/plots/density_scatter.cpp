#include "plots/density_scatter.hpp"

#include <algorithm>
#include <cmath>

namespace ts::gui {
namespace {

bool byKey(const DensityScatter::Point& a, const DensityScatter::Point& b) { return a.key < b.key; }

bool inDomain(double v, QCP::SignDomain d) {
    return d == QCP::sdBoth || (d == QCP::sdPositive && v > 0) || (d == QCP::sdNegative && v < 0);
}

}  // namespace

DensityScatter::DensityScatter(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPAbstractPlottable(keyAxis, valueAxis) {
    setSelectable(QCP::stNone);
    setAntialiasedFill(false);
}

void DensityScatter::addSorted(const std::vector<Point>& points) {
    if (points.empty()) return;
    const auto middle = static_cast<std::ptrdiff_t>(points_.size());
    points_.insert(points_.end(), points.begin(), points.end());
    if (middle > 0 && points.front().key < points_[static_cast<std::size_t>(middle - 1)].key)
        std::inplace_merge(points_.begin(), points_.begin() + middle, points_.end(), byKey);
    for (const Point& p : points) loads_ += p.count;
}

void DensityScatter::clear() {
    std::vector<Point>().swap(points_);
    loads_ = 0;
}

double DensityScatter::selectTest(const QPointF&, bool, QVariant*) const { return -1; }

QCPRange DensityScatter::getKeyRange(bool& found, QCP::SignDomain domain) const {
    QCPRange r;
    found = false;
    for (const Point& p : points_) {  // sorted: the first and last in the domain suffice
        if (!inDomain(p.key, domain)) continue;
        r.lower = p.key;
        found = true;
        break;
    }
    for (auto it = points_.rbegin(); found && it != points_.rend(); ++it)
        if (inDomain(it->key, domain)) {
            r.upper = it->key;
            break;
        }
    return r;
}

QCPRange DensityScatter::getValueRange(bool& found, QCP::SignDomain domain, const QCPRange& inKeyRange) const {
    const bool restrict = inKeyRange != QCPRange();
    double lo = INFINITY, hi = -INFINITY;
    for (const Point& p : points_) {
        if (restrict && !inKeyRange.contains(p.key)) continue;
        if (!inDomain(p.value, domain)) continue;
        lo = std::min(lo, p.value);
        hi = std::max(hi, p.value);
    }
    found = lo <= hi;
    return found ? QCPRange(lo, hi) : QCPRange();
}

void DensityScatter::draw(QCPPainter* painter) {
    QCPAxis* keyAxis = mKeyAxis.data();
    QCPAxis* valueAxis = mValueAxis.data();
    if (!keyAxis || !valueAxis || points_.empty()) return;
    const QRect area = clipRect();
    const double dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    const int w = std::max(1, static_cast<int>(std::ceil(area.width() * dpr)));
    const int h = std::max(1, static_cast<int>(std::ceil(area.height() * dpr)));

    // Loads per device pixel, over the points whose key is in view (binary search: sorted).
    const QCPRange keys = keyAxis->range();
    const auto first = std::lower_bound(points_.begin(), points_.end(), Point{keys.lower, 0, 0}, byKey);
    const auto last = std::upper_bound(points_.begin(), points_.end(), Point{keys.upper, 0, 0}, byKey);
    std::vector<std::uint32_t> counts(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
    for (auto it = first; it != last; ++it) {
        const double px = (keyAxis->coordToPixel(it->key) - area.left()) * dpr;
        const double py = (valueAxis->coordToPixel(it->value) - area.top()) * dpr;
        if (px < 0 || py < 0 || px >= w || py >= h) continue;
        counts[static_cast<std::size_t>(py) * static_cast<std::size_t>(w) + static_cast<std::size_t>(px)] += it->count;
    }

    // Each loaded pixel becomes a marker; the densest marker wins where they overlap.
    QImage image(w, h, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    const int half = static_cast<int>(std::lround(marker_ * dpr)) / 2;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const std::uint32_t n =
                counts[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)];
            if (n == 0) continue;
            const double strength = std::min(1.0, std::log10(static_cast<double>(n)) / 2.0);  // 1 load .. 100+
            const int alpha = 80 + static_cast<int>(175 * strength);
            const QRgb rgb = qPremultiply(qRgba(color_.red(), color_.green(), color_.blue(), alpha));
            for (int yy = std::max(0, y - half); yy <= std::min(h - 1, y + half); ++yy) {
                auto* line = reinterpret_cast<QRgb*>(image.scanLine(yy));
                for (int xx = std::max(0, x - half); xx <= std::min(w - 1, x + half); ++xx)
                    if (qAlpha(line[xx]) < alpha) line[xx] = rgb;
            }
        }
    }
    image.setDevicePixelRatio(dpr);
    painter->drawImage(area.topLeft(), image);
}

void DensityScatter::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    const QRectF r(rect.center() - QPointF(rect.height() / 2, rect.height() / 2), QSizeF(rect.height(), rect.height()));
    for (int i = 0; i < 3; ++i) {
        QColor c = color_;
        c.setAlpha(80 + 87 * i);
        painter->fillRect(QRectF(r.left() + i * r.width() / 3, r.top(), r.width() / 3, r.height()), c);
    }
}

}  // namespace ts::gui
