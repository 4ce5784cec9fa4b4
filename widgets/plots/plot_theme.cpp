#include "plots/plot_theme.hpp"

#include <qcustomplot.h>

namespace ts::gui {

QColor PlotTheme::cycle(int index) {
    static const QRgb tab10[] = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf};
    return QColor(tab10[((index % 10) + 10) % 10]);
}

PlotTheme PlotTheme::fromPalette(const QPalette& palette) {
    PlotTheme t;
    t.background = palette.color(QPalette::Base);
    t.foreground = palette.color(QPalette::Text);
    const bool dark = t.background.lightness() < 128;
    t.grid = dark ? QColor(255, 255, 255, 40) : QColor(0, 0, 0, 35);
    t.subGrid = dark ? QColor(255, 255, 255, 18) : QColor(0, 0, 0, 15);
    t.samples = cycle(0);
    t.samples.setAlpha(dark ? 150 : 110);
    if (dark) t.samples = t.samples.lighter(130);
    t.reduction = cycle(1);
    t.changePoint = cycle(3);
    t.envelope = dark ? QColor(170, 170, 170) : QColor(110, 110, 110);
    t.mean = t.foreground;
    t.predicted = cycle(2);
    t.hit = cycle(0);
    t.miss = cycle(3);
    return t;
}

void PlotTheme::applyFrame(QCustomPlot& plot) const {
    plot.setBackground(QBrush(background));
    for (QCPAxisRect* rect : plot.axisRects()) {
        rect->setBackground(QBrush(background));
        for (QCPAxis* axis : rect->axes()) {
            axis->setBasePen(QPen(foreground));
            axis->setTickPen(QPen(foreground));
            axis->setSubTickPen(QPen(foreground));
            axis->setTickLabelColor(foreground);
            axis->setLabelColor(foreground);
            axis->grid()->setPen(QPen(grid, 0, Qt::DotLine));
            axis->grid()->setSubGridPen(QPen(subGrid, 0, Qt::DotLine));
            axis->grid()->setZeroLinePen(Qt::NoPen);
        }
    }
    if (plot.legend) {
        plot.legend->setBrush(QBrush(background));
        plot.legend->setBorderPen(QPen(grid));
        plot.legend->setTextColor(foreground);
    }
}

}  // namespace ts::gui
