#include "view_support/format.hpp"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <cmath>

#include "model/attribute_names.hpp"
#include "model/count_text.hpp"

namespace ts::gui {
namespace {

// Plain digits as people write them, never an exponent: "14120", "31.2", "0.25".
QString number(double v) {
    if (v == std::floor(v) && std::fabs(v) < 1e15) return QString::number(static_cast<qint64>(v));
    const double magnitude = std::fabs(v);
    const int decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
    QString text = QString::number(v, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0'))) text.chop(1);
        if (text.endsWith(QLatin1Char('.'))) text.chop(1);
    }
    return text;
}

// Latencies: whole cycles from 100 on, else one decimal; "38 cycles", not "38.0 cycles".
QString cycles(double v) {
    const double rounded = std::fabs(v) >= 100 ? std::round(v) : std::round(v * 10) / 10;
    return QCoreApplication::translate("ts::gui::Format", "%1 cycles").arg(number(rounded));
}

// "812 GiB/s", "3.35 TiB/s" (binary steps, as the byte sizes).
QString bandwidth(double gibPerSecond) {
    if (std::fabs(gibPerSecond) < 1000) return number(gibPerSecond) + QStringLiteral(" GiB/s");
    const double tib = gibPerSecond / 1024;
    return QString::number(tib, 'f', std::fabs(tib) >= 100 ? 0 : std::fabs(tib) >= 10 ? 1 : 2) +
           QStringLiteral(" TiB/s");
}

}  // namespace

QString reasonText(const std::string& reason) {
    return QCoreApplication::translate("ts::gui::Format", "%1", "the engine's reason, in English: mark it so in another language")
        .arg(QString::fromStdString(reason));
}

namespace {

// An attribute no benchmark settled on (confidence 0, not even a bound) has no value to show.
bool undecided(const Attribute& a) { return a.source != Source::Api && !a.isDecided() && !a.isBound(); }

}  // namespace

QString formatNumber(double value) { return number(value); }

QString formatClockKhz(double kilohertz) {
    return QCoreApplication::translate("ts::gui::Format", "%1 MHz").arg(number(kilohertz / 1000));
}

QString formatCount(qint64 count) { return QString::fromStdString(ts::countText(count)); }

QString formatBytes(double bytes) {
    static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    double v = bytes;
    while (std::fabs(v) >= 1024 && u < 4) {
        v /= 1024;
        ++u;
    }
    const QString digits = v == std::floor(v) ? QString::number(static_cast<qint64>(v)) : QString::number(v, 'g', 3);
    return digits + QLatin1Char(' ') + QLatin1String(units[u]);
}

QString formatValue(const Attribute& a) {
    if (undecided(a))
        return a.reason.empty() ? QCoreApplication::translate("ts::gui::Format", "undecided")
                                : QCoreApplication::translate("ts::gui::Format", "undecided: %1")
                                      .arg(reasonText(a.reason));
    QString text;
    if (!a.names.empty()) {
        QStringList names;
        for (const auto& n : a.names) names << QString::fromStdString(n);
        text = names.join(QStringLiteral(", "));
    } else if (a.name == attr::disabledUnits) {  // one list of ids: how many, as the CU map counts them
        text = QCoreApplication::translate("ts::gui::Format", "%n unit(s)", nullptr, static_cast<int>(a.value));
    } else if (!a.groups.empty() && a.name != "segments") {
        const int groups = static_cast<int>(a.groups.size());  // a plain count: lupdate reads no cast here
        text = QCoreApplication::translate("ts::gui::Format", "%n group(s)", nullptr, groups);
    } else if (a.unit == unit::bytes) {
        text = formatBytes(a.value);
    } else if (a.unit == unit::cycles) {
        text = cycles(a.value);
    } else if (a.unit == unit::gibPerSecond) {
        text = bandwidth(a.value);
    } else if (a.unit == unit::kHz) {
        text = formatClockKhz(a.value);
    } else if (a.unit.empty()) {
        text = number(a.value);
    } else {
        text = number(a.value) + QLatin1Char(' ') + QString::fromStdString(a.unit);
    }
    if (a.names.empty() && a.name == "sharedWith" && a.value == 0)
        text = QCoreApplication::translate("ts::gui::Format", "none");
    if (a.lowerBound) text.prepend(QStringLiteral("≥ "));
    if (a.upperBound) text.prepend(QStringLiteral("≤ "));
    return text;
}

QString formatIdRanges(std::vector<int> ids) {
    std::sort(ids.begin(), ids.end());
    QStringList parts;
    for (std::size_t i = 0; i < ids.size();) {
        std::size_t j = i;
        while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
        parts << (j == i ? QString::number(ids[i]) : QStringLiteral("%1–%2").arg(ids[i]).arg(ids[j]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

QString formatDuration(double seconds) {
    if (seconds < 0) return QStringLiteral("…");
    const auto s = static_cast<qint64>(std::llround(seconds));
    if (s < 60) return QCoreApplication::translate("ts::gui::Format", "%1 s").arg(s);
    if (s < 3600)
        return QCoreApplication::translate("ts::gui::Format", "%1 min %2 s")
            .arg(s / 60)
            .arg(s % 60, 2, 10, QLatin1Char('0'));
    return QCoreApplication::translate("ts::gui::Format", "%1 h %2 min")
        .arg(s / 3600)
        .arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString attributeTitle(const QString& name) {
    static const struct {
        const char* name;
        const char* title;
    } known[] = {
        {attr::size, QT_TRANSLATE_NOOP("ts::gui::Format", "Size")},
        {attr::lineSize, QT_TRANSLATE_NOOP("ts::gui::Format", "Line size")},
        {attr::fetchGranularity, QT_TRANSLATE_NOOP("ts::gui::Format", "Fetch granularity")},
        {attr::latency, QT_TRANSLATE_NOOP("ts::gui::Format", "Latency")},
        {attr::missPenalty, QT_TRANSLATE_NOOP("ts::gui::Format", "Miss penalty")},
        {attr::amountPerUnit, QT_TRANSLATE_NOOP("ts::gui::Format", "Amount per SM/CU")},
        {attr::sharedWith, QT_TRANSLATE_NOOP("ts::gui::Format", "Shared with")},
        {attr::sharedBetween, QT_TRANSLATE_NOOP("ts::gui::Format", "Shared between CUs")},
        {attr::segmentSize, QT_TRANSLATE_NOOP("ts::gui::Format", "Segment size")},
        {attr::segments, QT_TRANSLATE_NOOP("ts::gui::Format", "Segments")},
        {attr::readBandwidth, QT_TRANSLATE_NOOP("ts::gui::Format", "Read bandwidth")},
        {attr::writeBandwidth, QT_TRANSLATE_NOOP("ts::gui::Format", "Write bandwidth")},
        {attr::copyBandwidth, QT_TRANSLATE_NOOP("ts::gui::Format", "Copy bandwidth")},
        {attr::vendorCopyBandwidth, QT_TRANSLATE_NOOP("ts::gui::Format", "Vendor copy bandwidth")},
        {attr::readBytesPerCycle, QT_TRANSLATE_NOOP("ts::gui::Format", "Read bytes per cycle per SM/CU")},
        {attr::warpsAt90, QT_TRANSLATE_NOOP("ts::gui::Format", "Warps for 90 % of the bandwidth")},
        {attr::loadsInFlightAt90, QT_TRANSLATE_NOOP("ts::gui::Format", "Loads in flight for 90 %")},
        {attr::writeBytesPerCycle, QT_TRANSLATE_NOOP("ts::gui::Format", "Write bytes per cycle per SM/CU")},
        {attr::writeWarpsAt90, QT_TRANSLATE_NOOP("ts::gui::Format", "Warps for 90 % of the write bandwidth")},
        {attr::storesInFlightAt90, QT_TRANSLATE_NOOP("ts::gui::Format", "Stores in flight for 90 %")},
        {attr::broadcastBandwidth, QT_TRANSLATE_NOOP("ts::gui::Format", "Broadcast read bandwidth")},
        {attr::broadcastBytesPerCycle, QT_TRANSLATE_NOOP("ts::gui::Format", "Broadcast bytes per cycle per SM")},
        {attr::broadcastWarpsAt90, QT_TRANSLATE_NOOP("ts::gui::Format", "Warps for 90 % of the broadcast bandwidth")},
        {attr::broadcastLoadsInFlightAt90, QT_TRANSLATE_NOOP("ts::gui::Format", "Broadcast loads in flight for 90 %")},
        {attr::writePolicy, QT_TRANSLATE_NOOP("ts::gui::Format", "Write policy")},
        {attr::writeAllocate, QT_TRANSLATE_NOOP("ts::gui::Format", "Write allocation")},
        {attr::apiSize, QT_TRANSLATE_NOOP("ts::gui::Format", "Size (API)")},
        {attr::persistingL2CacheMaxSize, QT_TRANSLATE_NOOP("ts::gui::Format", "Persisting L2 maximum")},
        {attr::totalConstMem, QT_TRANSLATE_NOOP("ts::gui::Format", "Constant memory")},
        {attr::sharedMemPerMultiProcessor, QT_TRANSLATE_NOOP("ts::gui::Format", "Shared memory per SM")},
        {attr::sharedMemPerBlock, QT_TRANSLATE_NOOP("ts::gui::Format", "Shared memory per block")},
        {attr::reservedSharedMemPerBlock, QT_TRANSLATE_NOOP("ts::gui::Format", "Reserved shared memory per block")},
        {attr::memoryBusWidth, QT_TRANSLATE_NOOP("ts::gui::Format", "Memory bus width")},
        {attr::memoryClockRate, QT_TRANSLATE_NOOP("ts::gui::Format", "Memory clock")},
        {attr::totalGlobalMem, QT_TRANSLATE_NOOP("ts::gui::Format", "Total memory")},
        {attr::latencyTlbMiss, QT_TRANSLATE_NOOP("ts::gui::Format", "Latency on a TLB miss")},
        {attr::apiLineSize, QT_TRANSLATE_NOOP("ts::gui::Format", "Line size (API)")},
        {attr::disabledUnits, QT_TRANSLATE_NOOP("ts::gui::Format", "Disabled units")},
        {attr::segmentKnee, QT_TRANSLATE_NOOP("ts::gui::Format", "Segment knee")},
        {attr::contiguousKnee, QT_TRANSLATE_NOOP("ts::gui::Format", "Contiguous knee")},
        {attr::segmentFraction, QT_TRANSLATE_NOOP("ts::gui::Format", "Segment fraction")},
        {attr::nearLatency, QT_TRANSLATE_NOOP("ts::gui::Format", "Near latency")},
        {attr::farLatency, QT_TRANSLATE_NOOP("ts::gui::Format", "Far latency")},
        {attr::farPenalty, QT_TRANSLATE_NOOP("ts::gui::Format", "Far penalty")},
        {attr::nearLatencySpread, QT_TRANSLATE_NOOP("ts::gui::Format", "Near latency spread over units")},
        {attr::farLatencySpread, QT_TRANSLATE_NOOP("ts::gui::Format", "Far latency spread over units")},
        {attr::nearCapacity, QT_TRANSLATE_NOOP("ts::gui::Format", "Near capacity")},
        {attr::farCapacity, QT_TRANSLATE_NOOP("ts::gui::Format", "Far capacity")},
        {attr::farReplicated, QT_TRANSLATE_NOOP("ts::gui::Format", "Far replicated")},
        {attr::sharedCapacity, QT_TRANSLATE_NOOP("ts::gui::Format", "Shared capacity")},
        {attr::ways, QT_TRANSLATE_NOOP("ts::gui::Format", "Ways")},
        {attr::sets, QT_TRANSLATE_NOOP("ts::gui::Format", "Sets")},
        {attr::indexFunction, QT_TRANSLATE_NOOP("ts::gui::Format", "Set index function")},
        {attr::replacementPolicy, QT_TRANSLATE_NOOP("ts::gui::Format", "Replacement policy")},
        {attr::tlbLevels, QT_TRANSLATE_NOOP("ts::gui::Format", "TLB levels")},
        {attr::tpcs, QT_TRANSLATE_NOOP("ts::gui::Format", "TPCs (SM pairs)")},
        {attr::gpcs, QT_TRANSLATE_NOOP("ts::gui::Format", "GPCs")},
        {attr::largestClusterSize, QT_TRANSLATE_NOOP("ts::gui::Format", "Largest thread-block cluster")},
    };
    // The TLB levels' attributes: tlb1Entries, tlb2MissCost, ...
    static const struct {
        const char* suffix;
        const char* title;
    } tlb[] = {
        {attr::tlbEntries, QT_TRANSLATE_NOOP("ts::gui::Format", "TLB %1 entries")},
        {attr::tlbMissCost, QT_TRANSLATE_NOOP("ts::gui::Format", "TLB %1 miss cost")},
        {attr::tlbPageSize, QT_TRANSLATE_NOOP("ts::gui::Format", "TLB %1 page size")},
        {attr::tlbReach, QT_TRANSLATE_NOOP("ts::gui::Format", "TLB %1 reach")},
        {attr::tlbScope, QT_TRANSLATE_NOOP("ts::gui::Format", "TLB %1 scope")},
    };
    for (const auto& k : known)
        if (name == QLatin1String(k.name)) return QCoreApplication::translate("ts::gui::Format", k.title);
    if (name.size() > 4 && name.startsWith(QLatin1String("tlb")) && name.at(3).isDigit())
        for (const auto& t : tlb)
            if (name.mid(4) == QLatin1String(t.suffix))
                return QCoreApplication::translate("ts::gui::Format", t.title).arg(name.at(3));
    // Names without a translation: "persistingMaxBytes" -> "Persisting max bytes".
    QString out;
    for (int i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if (i == 0)
            out += c.toUpper();
        else if (c.isUpper())
            out += QLatin1Char(' ') + c.toLower();
        else
            out += c;
    }
    return out;
}

}  // namespace ts::gui
