#include "benchmark_catalog.hpp"

#include <QCoreApplication>

#include "benchmarks/discovery.hpp"
#include "benchmarks/targets.hpp"

namespace ts::gui {
namespace {

BenchmarkElement entry(Element e) {
    return {QString::fromUtf8(displayName(e).data(), static_cast<qsizetype>(displayName(e).size())), e};
}

QString groupTitle(const std::string& id) {
    static const struct {
        const char* id;
        const char* title;
    } titles[] = {
        {"l1", QT_TRANSLATE_NOOP("ts::gui::Catalog", "L1 cache")},
        {"l2", QT_TRANSLATE_NOOP("ts::gui::Catalog", "L2 cache")},
        {"texture", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Texture cache")},
        {"readonly", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Read-only cache")},
        {"constant", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Constant caches")},
        {"shared", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Scratchpad (shared memory / LDS)")},
        {"memory", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Device memory")},
        {"scalar", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Scalar L1 cache")},
        {"sharing", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Amount and sharing")},
        {"bandwidth", QT_TRANSLATE_NOOP("ts::gui::Catalog", "Bandwidth")},
    };
    for (const auto& t : titles)
        if (id == t.id) return QCoreApplication::translate("ts::gui::Catalog", t.title);
    return QString::fromStdString(id);
}

bool existsOn(const std::string& group, Vendor vendor) {
    const bool nvidiaOnly = group == "texture" || group == "readonly" || group == "constant";
    return vendor == Vendor::Nvidia ? group != "scalar" : !nvidiaOnly;
}

QVector<BenchmarkElement> elementsOf(const std::string& group, Vendor vendor, const std::vector<CacheTarget>& targets) {
    QVector<BenchmarkElement> out;
    for (const auto& t : targets)
        if (t.group == group) out << entry(t.element);
    if (!out.isEmpty()) return out;
    if (group == "shared") return {entry(vendor == Vendor::Nvidia ? Element::Shared : Element::Lds)};
    if (group == "memory") return {entry(Element::DeviceMemory)};
    if (group == "bandwidth") return {entry(Element::L2), entry(Element::DeviceMemory)};
    if (group == "sharing")
        for (const auto& t : targets)
            if (!t.above && t.space != Space::GlobalL2 && t.space != Space::VectorL2) out << entry(t.element);
    return out;
}

}  // namespace

QVector<BenchmarkGroupInfo> benchmarkCatalog(const QString& vendorName, bool withoutL3) {
    const Vendor vendor = vendorName == QLatin1String("AMD") ? Vendor::Amd : Vendor::Nvidia;
    const auto targets = cacheTargets(vendor);
    QVector<BenchmarkGroupInfo> out;
    for (const auto& group : benchmarkGroups()) {
        if (!existsOn(group, vendor)) continue;
        BenchmarkGroupInfo info;
        info.id = QString::fromStdString(group);
        info.title = groupTitle(group);
        info.elements = elementsOf(group, vendor, targets);
        if (withoutL3)
            info.elements.removeIf([](const BenchmarkElement& e) { return e.element == Element::L3; });
        info.toolTip =
            QCoreApplication::translate("ts::gui::Catalog", "Benchmark group \"%1\" (toposcope-cli --only %1)")
                .arg(info.id);
        out.push_back(info);
    }
    return out;
}

}  // namespace ts::gui
