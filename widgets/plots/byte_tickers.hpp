#pragma once
#include <qcustomplot.h>

namespace ts::gui {

// Axis tickers that label byte counts with binary prefixes ("64 KiB").
class ByteTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

class ByteLogTicker : public QCPAxisTickerLog {
public:
    ByteLogTicker();

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

// Sets linear or logarithmic (base 2) scale on a byte axis with the matching ticker.
void setByteAxis(QCPAxis* axis, bool logarithmic);

}  // namespace ts::gui
