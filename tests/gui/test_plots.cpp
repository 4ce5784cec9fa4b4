// The evidence plots on synthetic series: what they draw, hover readout, log axis, export.
#include <QFile>
#include <QLabel>
#include <QMouseEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include "analysis/series_threshold.hpp"
#include <qcustomplot.h>

#include "analysis/miss_rule.hpp"
#include "plots/evidence_rows_plot.hpp"
#include "plots/evidence_view.hpp"
#include "plots/fetch_granularity_plot.hpp"
#include "view_support/format.hpp"
#include "gui_test.hpp"
#include "model/attribute_names.hpp"
#include "plots/latency_plot.hpp"
#include "plots/line_size_plot.hpp"
#include "plots/size_plot.hpp"
#include "synthetic_series.hpp"

using namespace ts::gui;

namespace {

ts::Series stridedSeries(ts::SeriesKind kind, const QString& id, std::vector<double> strides, double arrayBytes) {
    ts::Series c;
    c.id = id.toStdString();
    c.title = id.toStdString();
    c.kind = kind;
    c.missThreshold = 100;
    c.thresholdRule = ts::ThresholdRule::EveryLoadSplit;
    for (double s : strides) {
        ts::SeriesRow r;
        r.x = s;
        r.x2 = arrayBytes;
        // One miss per 32 bytes: stride/32 of the loads miss, capped at all.
        const int loads = 64;
        const int misses = static_cast<int>(std::min(1.0, s / 32) * loads);
        for (int i = 0; i < loads; ++i) r.latencies.push_back(i < misses ? 400 : 30);
        c.rows.push_back(r);
    }
    return c;
}

ts::ResultEvent decision(const QString& id, const QString& name, double value) {
    ts::Attribute r;
    r.name = name.toStdString();
    r.unit = "bytes";
    r.value = value;
    r.confidence = 0.99;
    r.evidence = id.toStdString();
    return {ts::Element::L1, r};
}

void hover(QWidget* w, QPointF at) {
    QMouseEvent move(QEvent::MouseMove, at, w->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(w, &move);
}

}  // namespace

class TestPlots : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A crafted series of thousands of rows (issue 40: 10,000 latency rows took minutes to tear
    // down, one stacked bar set and legend entry each) draws at most kMaxCurves of them; the
    // latency histogram pools the rest, the line-size plot says how many it left out.
    void thousandsOfRowsDrawABoundedNumberOfCurves() {
        SeriesStore store;
        ts::Series latency;
        latency.id = "l1.latency";
        latency.title = "L1 Latency";
        latency.kind = ts::SeriesKind::Latency;
        for (int i = 0; i < 10000; ++i) {
            ts::SeriesRow r;
            r.x = i;
            r.latencies = {38, 40};
            latency.rows.push_back(r);
        }
        store.addChunk(latency, 0);
        LatencyHistogramPlot histogram;
        histogram.setStore(&store);
        histogram.setSeries(QStringLiteral("l1.latency"));
        histogram.refreshNow();
        QCOMPARE(histogram.barSetCount(), PlotPanel::kMaxLegendItems);
        QCOMPARE(histogram.plot()->legend->itemCount(), PlotPanel::kMaxLegendItems);

        std::vector<double> strides{32, 64, 128};
        ts::Series line = stridedSeries(ts::SeriesKind::LineSize, QStringLiteral("l1.line_size"), strides, 0);
        line.rows.clear();
        for (int a = 0; a < 500; ++a) {
            ts::Series one = stridedSeries(ts::SeriesKind::LineSize, QStringLiteral("l1.line_size"), strides, 1024.0 * (a + 1));
            line.rows.insert(line.rows.end(), one.rows.begin(), one.rows.end());
        }
        store.addChunk(line, 0);
        LineSizePlot plot;
        plot.setStore(&store);
        plot.setSeries(QStringLiteral("l1.line_size"));
        plot.refreshNow();
        QCOMPARE(plot.curveCount(), PlotPanel::kMaxCurves);
        QVERIFY2(plot.caption().contains(QStringLiteral("not drawn")), qPrintable(plot.caption()));
        // A legend of 24 entries would cover the plots beside it on the sheet.
        QCOMPARE(plot.plot()->legend->itemCount(), PlotPanel::kMaxLegendItems);
        QVERIFY2(plot.caption().contains(QStringLiteral("legend names the first 6 of")), qPrintable(plot.caption()));
    }

    // Issue 37, item 9: rows without an array (an associativity series' eviction rounds) draw no
    // "array 0 B" curve.
    void lineSizePlotSkipsRowsWithoutAnArray() {
        const std::vector<double> strides{32, 64, 128, 256};
        SeriesStore store;
        ts::Series series = stridedSeries(ts::SeriesKind::LineSize, QStringLiteral("l2.associativity"), strides, 64 * 1024);
        ts::Series loose = stridedSeries(ts::SeriesKind::LineSize, QStringLiteral("l2.associativity"), strides, 0);
        series.rows.insert(series.rows.end(), loose.rows.begin(), loose.rows.end());
        store.addChunk(series, 0);
        LineSizePlot plot;
        plot.setStore(&store);
        plot.setSeries(QStringLiteral("l2.associativity"));
        plot.refreshNow();
        QCOMPARE(plot.curveCount(), 1);
        for (int i = 0; i < plot.plot()->graphCount(); ++i)
            QVERIFY2(plot.plot()->graph(i)->name() != QStringLiteral("array 0 B"), "a curve of no array");
    }

    // Issue 37, item 10: a caption longer than its three lines scrolls, whole, instead of being cut
    // in the middle of a line (the TLB caption at 1024 x 700); the plot keeps its height.
    void aLongCaptionScrollsWhole() {
        struct Captioned : LineSizePlot {
            using PlotPanel::setCaption;
        } plot;
        plot.resize(700, 420);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        const int plotHeight = plot.plot()->height();
        QStringList sentences;
        for (int i = 0; i < 12; ++i) sentences << QStringLiteral("Sentence %1 of a long engine reason about a TLB level and its walk.").arg(i);
        plot.setCaption(sentences.join(QLatin1Char(' ')));
        QCoreApplication::processEvents();
        auto* area = plot.findChild<QScrollArea*>();
        QVERIFY(area);
        auto* label = qobject_cast<QLabel*>(area->widget());
        QVERIFY(label);
        QVERIFY2(label->height() >= label->heightForWidth(label->width()),
                 qPrintable(QStringLiteral("%1 of %2 px shown").arg(label->height()).arg(label->heightForWidth(label->width()))));
        QVERIFY(area->verticalScrollBar()->maximum() > 0);  // the rest is a scroll away
        QCOMPARE(plot.plot()->height(), plotHeight);
    }

    void sizePlotDrawsSweepAndChangePoint() {
        SeriesStore store;
        store.addChunk(test::sizeSweep(40, 256, 64 * 1024), 0);
        std::vector<double> xs, ys;
        for (const auto& r : store.find(QStringLiteral("l1.size"))->rows) {
            xs.push_back(r.x);
            ys.push_back(r.mean - 40);
        }
        store.setReduction({"l1.size", xs, ys});
        store.setChangePoint({"l1.size", 17, 64 * 1024, 0.93});

        SizePlotWidget plot;
        plot.resize(900, 600);
        plot.setStore(&store);
        plot.setSeries(QStringLiteral("l1.size"));
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.refreshNow();
        QCOMPARE(plot.sampleCount(), 40 * 256);
        QVERIFY(plot.samplePointCount() < 40 * 20);  // ~7 distinct latencies per size
        QCOMPARE(plot.envelopePointCount(), 40);
        QCOMPARE(plot.reductionPointCount(), 40);
        QVERIFY(plot.changePointVisible());
        QCOMPARE(plot.changePointX(), 64.0 * 1024);
        QVERIFY(plot.changePointLabel().contains(QStringLiteral("64 KiB")));
        QVERIFY(plot.changePointLabel().contains(QStringLiteral("0.93")));

        // The change point moves as the evidence grows.
        store.setChangePoint({"l1.size", 18, 72 * 1024, 0.97});
        plot.refreshNow();
        QCOMPARE(plot.changePointX(), 72.0 * 1024);
    }

    // Issue 18: the line and its label read the engine's decision, as the caption and the
    // results table do (the H200 recording's label said 256 KiB, its decision 245 KiB).
    void sizePlotLabelIsTheDecidedValue() {
        SeriesStore store;
        store.addChunk(test::sizeSweep(40, 64, 245 * 1024), 0);
        store.setChangePoint({"l1.size", 33, 256 * 1024, 0.98});
        SizePlotWidget plot;
        plot.resize(900, 500);
        plot.setStore(&store);
        plot.setSeries(QStringLiteral("l1.size"));
        plot.refreshNow();
        QVERIFY2(plot.changePointLabel().contains(QStringLiteral("256 KiB")), qPrintable(plot.changePointLabel()));
        store.addDecision(decision(QStringLiteral("l1.size"), QStringLiteral("size"), 245 * 1024));
        plot.refreshNow();
        QCOMPARE(plot.changePointX(), 245.0 * 1024);
        QVERIFY2(plot.changePointLabel().startsWith(QStringLiteral("245 KiB · confidence 0.99")),
                 qPrintable(plot.changePointLabel()));
        QVERIFY(plot.caption().contains(QStringLiteral("245 KiB")));
    }

    // Issue 37, item 8: a change point the decision did not take says so beside the decision (a
    // lower bound here), instead of its own confidence.
    void sizePlotLabelsARejectedChangePoint() {
        SeriesStore store;
        store.addChunk(test::sizeSweep(40, 64, 100 * 1024), 0);
        store.setChangePoint({"l1.size", 33, 100 * 1024, 1.0});
        ts::ResultEvent bound = decision(QStringLiteral("l1.size"), QStringLiteral("size"), 64 * 1024);
        bound.attribute.confidence = 0;
        bound.attribute.lowerBound = true;
        store.addDecision(bound);
        SizePlotWidget plot;
        plot.resize(900, 500);
        plot.setStore(&store);
        plot.setSeries(QStringLiteral("l1.size"));
        plot.refreshNow();
        const QString label = plot.changePointLabel();
        QVERIFY2(label.contains(QStringLiteral("rejected")), qPrintable(label));
        QVERIFY2(label.contains(QStringLiteral("≥ 64 KiB")), qPrintable(label));
        QVERIFY2(!label.contains(QStringLiteral("confidence 1.00")), qPrintable(label));
    }

    // Issue 18: a sweep that stops at the knee is not pressed against the right edge, and
    // single slow loads neither set the y range nor draw a spike: they are marked at the top.
    void sizePlotFramesTheKneeAndClipsOutliers() {
        SeriesStore store;
        ts::Series sweep = test::sizeSweep(40, 256, 1e12);   // ~40 cycles everywhere ...
        sweep.rows[10].latencies[3] = 440;                  // ... but for two lone slow loads
        sweep.rows[25].latencies[7] = 445;
        store.addChunk(sweep, 0);
        SizePlotWidget plot;
        plot.resize(1000, 400);
        plot.setStore(&store);
        plot.setSeries(QStringLiteral("l1.size"));
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.refreshNow();
        plot.plot()->replot();
        const double last = sweep.rows.back().x;
        QVERIFY2(plot.plot()->xAxis->range().upper >= 1.5 * last,
                 qPrintable(QStringLiteral("x axis ends at %1, last size %2").arg(plot.plot()->xAxis->range().upper).arg(last)));
        QVERIFY2(plot.plot()->yAxis->range().upper < 100,
                 qPrintable(QStringLiteral("y axis up to %1").arg(plot.plot()->yAxis->range().upper)));
        QCOMPARE(plot.clippedMarkCount(), 2);
        // The maximum is drawn as marks, not as a line through the spikes.
        bool maximumAsLine = false;
        for (int i = 0; i < plot.plot()->graphCount(); ++i)
            if (plot.plot()->graph(i)->name() == QStringLiteral("Maximum"))
                maximumAsLine = plot.plot()->graph(i)->lineStyle() != QCPGraph::lsNone;
        QVERIFY(!maximumAsLine);
        // Zoomed out by hand, nothing is above the axis any more.
        plot.plot()->yAxis->setRange(0, 1000);
        QCOMPARE(plot.clippedMarkCount(), 0);
    }

    // Issue 18: the loads show through the mean line that runs over them.
    void sizePlotMeanDoesNotHideTheLoads() {
        SizePlotWidget plot;
        for (int i = 0; i < plot.plot()->graphCount(); ++i)
            if (plot.plot()->graph(i)->name() == QStringLiteral("Mean")) {
                QVERIFY(plot.plot()->graph(i)->pen().color().alpha() < 160);
                QVERIFY(plot.plot()->graph(i)->pen().widthF() <= 1.0);
            }
    }

    // Issue 18: the right axis title is never cut ("educed value…") at a small window's height.
    void sizePlotRightAxisTitleFits() {
        SeriesStore store;
        store.addChunk(test::sizeSweep(24, 16, 16384), 0);
        for (int height : {260, 700}) {
            SizePlotWidget plot;
            plot.resize(700, height);
            plot.setStore(&store);
            plot.setSeries(QStringLiteral("l1.size"));
            plot.show();
            QVERIFY(QTest::qWaitForWindowExposed(&plot));
            plot.refreshNow();
            plot.plot()->replot();
            const QFontMetrics metrics(plot.plot()->yAxis2->labelFont());
            QVERIFY2(metrics.horizontalAdvance(plot.reductionAxisTitle()) <= plot.plot()->axisRect()->height(),
                     qPrintable(QStringLiteral("\"%1\" in %2 px").arg(plot.reductionAxisTitle()).arg(plot.plot()->axisRect()->height())));
        }
    }

    // Issue 18: "Follow run" shows the benchmark running now. A benchmark whose series comes
    // only at its end (line size) must not leave the previous benchmark's plot on screen.
    void followShowsTheBenchmarkRunningNow() {
        SeriesStore store;
        EvidenceView view(&store);
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setRunningBenchmark(QStringLiteral("L1 Size"));
        store.addChunk(test::sizeSweep(8, 16, 4096), 0);
        QCOMPARE(view.currentSeries(), QStringLiteral("l1.size"));
        view.setRunningBenchmark(QStringLiteral("L1 Line Size"));
        QTRY_VERIFY_WITH_TIMEOUT(view.currentSeries().isEmpty(), 1000);
        QVERIFY2(view.placeholderText().contains(QStringLiteral("L1 Line Size")), qPrintable(view.placeholderText()));
        ts::Series line = stridedSeries(ts::SeriesKind::LineSize, QStringLiteral("l1.line_size"), {32, 64, 128}, 65536);
        line.title = "L1 Line Size";
        store.addChunk(line, 0);
        QCOMPARE(view.currentSeries(), QStringLiteral("l1.line_size"));  // at once: it was awaited
        // The run ends: the newest series stays.
        view.setRunningBenchmark({});
        QTest::qWait(450);
        QCOMPARE(view.currentSeries(), QStringLiteral("l1.line_size"));

        // Latency and miss penalty send their one row as they end, 40 ms apart, while the next
        // benchmark already runs: each is drawn, within 0.2 s of its arrival.
        QSignalSpy shown(&view, &EvidenceView::currentSeriesChanged);
        view.setRunningBenchmark(QStringLiteral("L1 Miss Penalty"));
        QElapsedTimer clock;
        clock.start();
        ts::Series latency = stridedSeries(ts::SeriesKind::Latency, QStringLiteral("l1.latency"), {0}, 0);
        latency.title = "L1 Latency";
        store.addChunk(latency, 0);
        QTest::qWait(40);
        view.setRunningBenchmark(QStringLiteral("Texture Fetch Granularity"));
        ts::Series penalty = stridedSeries(ts::SeriesKind::Latency, QStringLiteral("l1.miss_penalty"), {0}, 0);
        penalty.title = "L1 Miss Penalty";
        store.addChunk(penalty, 0);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && shown.last().first().toString() == QStringLiteral("l1.miss_penalty"), 1000);
        QVERIFY2(clock.elapsed() < 240, qPrintable(QString::number(clock.elapsed())));  // 40 ms after the first
        QStringList ids;
        for (const auto& args : shown) ids << args.first().toString();
        QVERIFY2(ids.contains(QStringLiteral("l1.latency")), qPrintable(ids.join(QLatin1Char(' '))));
    }

    void sizePlotMergesRowsThatArriveOutOfOrder() {
        SeriesStore store;
        store.addChunk(test::sizeSweep(16, 32, 8192), 0);
        SizePlotWidget plot;
        plot.setStore(&store);
        plot.setSeries(QStringLiteral("l1.size"));
        ts::Series middle = test::sizeSweep(3, 32, 8192, 7);
        for (auto& r : middle.rows) r.x = r.x * 1.3;  // between existing sizes
        store.addChunk(middle, 16);
        plot.refreshNow();
        QCOMPARE(plot.sampleCount(), 19 * 32);
        QVERIFY(plot.samplePointCount() > 0);
    }

    void hoverReadoutNamesTheLoad() {
        SeriesStore store;
        store.addChunk(test::sizeSweep(16, 16, 1e9), 0);
        SizePlotWidget plot;
        plot.resize(800, 500);
        plot.setStore(&store);
        plot.setSeries(QStringLiteral("l1.size"));
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.refreshNow();
        plot.plot()->replot();
        const StoredRow& row = store.find(QStringLiteral("l1.size"))->rows[4];
        const double value = store.find(QStringLiteral("l1.size"))->latenciesOf(row)[0];
        const QPointF at(plot.plot()->xAxis->coordToPixel(row.x), plot.plot()->yAxis->coordToPixel(value));
        hover(plot.plot(), at);
        QVERIFY2(plot.readout().startsWith(formatBytes(row.x)), qPrintable(plot.readout()));
        QVERIFY(plot.readout().contains(QStringLiteral("cycles")));
    }

    void logAxisToggles() {
        SizePlotWidget plot;
        QVERIFY(plot.logScale());
        QCOMPARE(plot.plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
        plot.setLogScale(false);
        QCOMPARE(plot.plot()->xAxis->scaleType(), QCPAxis::stLinear);
    }

    void exportsPngSvgPdf() {
        SeriesStore store;
        store.addChunk(test::sizeSweep(24, 64, 16384), 0);
        SizePlotWidget plot;
        plot.resize(640, 400);
        plot.setStore(&store);
        plot.setSeries(QStringLiteral("l1.size"));
        QTemporaryDir dir;
        const std::pair<const char*, QByteArray> kinds[] = {
            {"plot.png", QByteArray("\x89PNG")}, {"plot.svg", QByteArray("<?xml")}, {"plot.pdf", QByteArray("%PDF")}};
        for (const auto& [name, magic] : kinds) {
            const QString path = dir.filePath(QLatin1String(name));
            QString error;
            QVERIFY2(plot.exportTo(path, &error), qPrintable(error));
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(f.read(magic.size()) == magic, name);
            QVERIFY(f.size() > 1000);
        }
        QFile svg(dir.filePath(QStringLiteral("plot.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
        QString error;
        QVERIFY(!plot.exportTo(dir.filePath(QStringLiteral("plot.bmp")), &error));
        QVERIFY(!error.isEmpty());
    }

    void followsThePalette() {
        SizePlotWidget plot;
        QPalette dark = plot.palette();
        dark.setColor(QPalette::Base, QColor(20, 20, 20));
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        plot.setPalette(dark);
        QCOMPARE(plot.plot()->xAxis->tickLabelColor(), QColor(230, 230, 230));
        QCOMPARE(plot.plot()->axisRect()->backgroundBrush().color(), QColor(20, 20, 20));
    }

    void decisionPlotsShowTheirRule() {
        SeriesStore store;
        const QString fg = QStringLiteral("l1.fetch_granularity");
        store.addChunk(stridedSeries(ts::SeriesKind::FetchGranularity, fg, {4, 8, 16, 32, 64, 128}, 0), 0);
        store.addDecision(decision(fg, QStringLiteral("fetchGranularity"), 32));
        FetchGranularityPlot fetch;
        fetch.setStore(&store);
        fetch.setSeries(fg);
        fetch.refreshNow();
        QCOMPARE(fetch.observedCount(), 6);
        QVERIFY(fetch.decisionVisible());
        QVERIFY(fetch.caption().contains(QStringLiteral("32 B")));

        const QString ls = QStringLiteral("l1.line_size");
        ts::Series lines = stridedSeries(ts::SeriesKind::LineSize, ls, {32, 64, 128}, 192 * 1024);
        ts::Series more = stridedSeries(ts::SeriesKind::LineSize, ls, {32, 64, 128}, 384 * 1024);
        store.addChunk(lines, 0);
        store.addChunk(more, lines.rows.size());
        store.addDecision(decision(ls, QStringLiteral("lineSize"), 64));
        LineSizePlot line;
        line.setStore(&store);
        line.setSeries(ls);
        line.refreshNow();
        QCOMPARE(line.curveCount(), 2);
        QVERIFY(line.decisionVisible());

        ts::Series latency = stridedSeries(ts::SeriesKind::Latency, QStringLiteral("l1.latency"), {0}, 0);
        latency.rows.front().label = "tlb-warm";
        store.addChunk(latency, 0);
        LatencyHistogramPlot histogram;
        histogram.setStore(&store);
        histogram.setSeries(QStringLiteral("l1.latency"));
        histogram.refreshNow();
        QCOMPARE(histogram.barSetCount(), 1);

        ts::Series amount;
        amount.id = "l1.amount";
        amount.kind = ts::SeriesKind::Amount;
        amount.missThreshold = 45;
        for (int w = 0; w < 4; ++w) {
            ts::SeriesRow r;
            r.x = w;
            r.label = w == 0 ? std::string("control") : "warp " + std::to_string(w);
            r.latencies.assign(32, w % 2 == 1 ? 200 : 40);
            amount.rows.push_back(r);
        }
        store.addChunk(amount, 0);
        EvidenceRowsPlot rows;
        rows.setStore(&store);
        rows.setSeries(QStringLiteral("l1.amount"));
        rows.refreshNow();
        QCOMPARE(rows.missRowCount(), 2);
        QCOMPARE(rows.hitRowCount(), 2);

        // Physical Sharing decides sharedWith for four elements with one reason: the caption
        // names each element once and says the reason once (it repeated its first sentence).
        amount.id = "sharing.physical";
        amount.title = "Physical Sharing";
        amount.kind = ts::SeriesKind::Sharing;
        store.addChunk(amount, 0);
        for (ts::Element e : {ts::Element::L1, ts::Element::Texture, ts::Element::ReadOnly, ts::Element::ConstantL1}) {
            ts::ResultEvent shared = decision(QStringLiteral("sharing.physical"), QStringLiteral("sharedWith"), 2);
            shared.element = e;
            shared.attribute.unit.clear();
            shared.attribute.reason = "every pair in the class evicted each other";
            store.addDecision(shared);
        }
        rows.setSeries(QStringLiteral("sharing.physical"));
        rows.refreshNow();
        const QString caption = rows.caption();
        QCOMPARE(caption.count(QStringLiteral("every pair in the class evicted each other")), 1);
        QCOMPARE(caption.count(QStringLiteral("Physical Sharing")), 1);
        for (const char* name : {"L1 ", "Texture ", "Read Only ", "Constant L1 "})
            QVERIFY2(caption.contains(QLatin1String(name)), qPrintable(caption));
    }

    // A control row's fence is the miss rule's: a row misses when more than half of its loads lie
    // above it (ts::showsMisses), not when an interpolated median does (half of 4 loads above).
    void amountRowsFollowTheEnginesMissRule() {
        SeriesStore store;
        ts::Series amount;
        amount.id = "l1.amount";
        amount.kind = ts::SeriesKind::Amount;
        amount.missThreshold = 45;
        amount.thresholdRule = ts::ThresholdRule::ControlFence;
        const std::vector<std::vector<std::uint32_t>> rows{{40, 40, 40, 40}, {40, 40, 200, 200}, {40, 200, 200, 200}};
        int engineMisses = 0;
        for (std::size_t w = 0; w < rows.size(); ++w) {
            ts::SeriesRow r;
            r.x = static_cast<double>(w);
            r.label = "warp " + std::to_string(w);
            r.latencies = rows[w];
            amount.rows.push_back(r);
            engineMisses += ts::showsMisses({.fence = amount.missThreshold}, rows[w]) ? 1 : 0;
        }
        store.addChunk(amount, 0);
        EvidenceRowsPlot plot;
        plot.setStore(&store);
        plot.setSeries(QStringLiteral("l1.amount"));
        plot.refreshNow();
        QCOMPARE(engineMisses, 1);
        QCOMPARE(plot.missRowCount(), engineMisses);
        QCOMPARE(plot.hitRowCount(), 2);
    }

    // An associativity series (issue 22): the rows with loads drawn and coloured by the
    // benchmark's own threshold row, the search's notes (no loads) counted in the caption
    // instead of drawn as 0-cycle boxes.
    void setStructureRowsUseTheBenchmarksThreshold() {
        ts::Series assoc;
        assoc.id = "l2.associativity";
        assoc.title = "L2 Associativity";
        assoc.kind = ts::SeriesKind::Sharing;
        const auto timed = [](const char* label, std::uint32_t latency) {
            ts::SeriesRow r;
            r.label = label;
            r.latencies.assign(16, latency);
            return r;
        };
        const auto note = [](const char* label, double value) {
            ts::SeriesRow r;
            r.label = label;
            r.value = value;
            return r;
        };
        assoc.rows = {timed("hit", 280), timed("capacity-miss", 560), note("miss-threshold", 420), timed("set-fits", 288),
                      timed("set-plus-one-fits", 567), note("eviction-round", 0), note("eviction-round", 0),
                      note("conflict-line", 0)};
        ts::updateMissThreshold(assoc);
        QCOMPARE(assoc.missThreshold, 420.0);
        SeriesStore store;
        store.addChunk(assoc, 0);
        EvidenceRowsPlot plot;
        plot.setStore(&store);
        plot.setSeries(QStringLiteral("l2.associativity"));
        plot.refreshNow();
        QCOMPARE(plot.missRowCount(), 2);  // capacity-miss, set-plus-one-fits
        QCOMPARE(plot.hitRowCount(), 2);   // hit, set-fits
        const QString caption = plot.caption();
        QVERIFY2(caption.contains(QStringLiteral("Threshold 420.0 cycles")), qPrintable(caption));
        QVERIFY2(caption.contains(QStringLiteral("eviction-round ×2")), qPrintable(caption));
        QVERIFY2(caption.contains(QStringLiteral("conflict-line")), qPrintable(caption));
    }

    void evidenceViewPicksThePlotByKind() {
        SeriesStore store;
        EvidenceView view(&store);
        store.addChunk(test::sizeSweep(8, 8, 4096), 0);
        QCOMPARE(view.currentSeries(), QStringLiteral("l1.size"));
        QCOMPARE(view.currentPlot(), static_cast<PlotPanel*>(view.sizePlot()));
        store.addChunk(stridedSeries(ts::SeriesKind::FetchGranularity, QStringLiteral("fg"), {4, 8}, 0), 0);
        QTRY_COMPARE(view.currentSeries(), QStringLiteral("fg"));  // follows the run
        QVERIFY(view.sizePlot()->seriesId().isEmpty());            // hidden plots drop their data
        view.setFollow(false);
        store.addChunk(stridedSeries(ts::SeriesKind::LineSize, QStringLiteral("ls"), {4, 8}, 1024), 0);
        QCOMPARE(view.currentSeries(), QStringLiteral("fg"));
        view.nextAction()->trigger();
        QCOMPARE(view.currentSeries(), QStringLiteral("ls"));
        view.setLogScale(false);
        QVERIFY(!view.currentPlot()->logScale());
        store.clear();
        QVERIFY(view.currentSeries().isEmpty());
    }

    // Issue 38: an occupancy sweep draws one curve per loads in flight against warps per SM, and
    // the plateau and 90 % of it once the bandwidth is decided.
    void occupancySweepDrawsCurvesAndThePlateau() {
        SeriesStore store;
        EvidenceView view(&store);
        ts::Series s;
        s.id = "l2.occupancy";
        s.title = "L2 Read Occupancy";
        s.kind = ts::SeriesKind::Occupancy;
        s.element = ts::Element::L2;
        for (int loads : {1, 2})
            for (int warps : {1, 2, 4, 8}) s.rows.push_back(ts::SeriesRow{double(warps), double(loads), "", std::min(100.0 * warps * loads, 600.0), {}});
        store.addChunk(s, 0);
        QTRY_COMPARE(view.currentSeries(), QStringLiteral("l2.occupancy"));
        QCustomPlot* plot = view.currentPlot()->plot();
        QVERIFY(view.currentPlot() != static_cast<PlotPanel*>(view.sizePlot()));
        QCOMPARE(plot->graphCount(), 2);
        QVERIFY2(plot->xAxis->label().contains(QStringLiteral("Warps")), qPrintable(plot->xAxis->label()));
        QVERIFY(plot->graph(0)->name().contains(QStringLiteral("in flight per thread")));
        QCOMPARE(plot->itemCount(), 0);
        ts::Attribute bandwidth;
        bandwidth.name = ts::attr::readBandwidth;
        bandwidth.unit = "GiB/s";
        bandwidth.value = 600;
        bandwidth.evidence = "l2.occupancy";
        store.addDecision({ts::Element::L2, bandwidth});
        QTRY_COMPARE(plot->itemCount(), 2);  // the plateau and its 90 %
    }
};

TS_GUI_TEST(TestPlots)
#include "test_plots.moc"
