#include "benchmark_catalog.hpp"

#include <QCoreApplication>

#include "benchmarks/benchmark_groups.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {
namespace {

BenchmarkElement entry(Element e) {
    return {qText(displayName(e)), e};
}

}  // namespace

QVector<BenchmarkGroupInfo> benchmarkCatalog(const QString& vendorName, bool withoutL3) {
    const Vendor vendor = vendorName == QLatin1String("AMD") ? Vendor::Amd : Vendor::Nvidia;
    QVector<BenchmarkGroupInfo> out;
    for (const auto& group : benchmarkGroups()) {
        if (!group.existsOn(vendor)) continue;
        BenchmarkGroupInfo info;
        info.id = qText(group.id);
        // The titles are in translations/*.ts: lupdate reads the engine's table (app/gui/CMakeLists.txt).
        info.title = QCoreApplication::translate("ts::gui::Catalog", std::string(group.title).c_str());
        for (Element e : groupElements(group, vendor)) info.elements << entry(e);
        if (withoutL3)
            info.elements.removeIf([](const BenchmarkElement& e) { return e.element == Element::L3; });
        info.optIn = group.optIn;
        info.toolTip =
            group.optIn ? QCoreApplication::translate("ts::gui::Catalog",
                                                      "Benchmark group \"%1\", not in the default run (toposcope-cli --with %1)")
                              .arg(info.id)
                        : QCoreApplication::translate("ts::gui::Catalog", "Benchmark group \"%1\" (toposcope-cli --only %1)")
                              .arg(info.id);
        out.push_back(info);
    }
    return out;
}

}  // namespace ts::gui
