#include "plots/byte_tickers.hpp"

#include "view_support/format.hpp"

namespace ts::gui {

QString ByteTicker::getTickLabel(double tick, const QLocale&, QChar, int) { return formatBytes(tick); }

ByteLogTicker::ByteLogTicker() {
    setLogBase(2);
    setSubTickCount(0);
}

QString ByteLogTicker::getTickLabel(double tick, const QLocale&, QChar, int) { return formatBytes(tick); }

void setByteAxis(QCPAxis* axis, bool logarithmic) {
    if (logarithmic) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(QSharedPointer<ByteLogTicker>::create());
    } else {
        axis->setScaleType(QCPAxis::stLinear);
        axis->setTicker(QSharedPointer<ByteTicker>::create());
    }
}

}  // namespace ts::gui
