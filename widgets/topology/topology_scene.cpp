#include "topology/topology_scene.hpp"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "view_support/format.hpp"
#include "view_support/shared_gpu_mark.hpp"
#include "model/attribute_names.hpp"
#include "topology/topology_lookup.hpp"
#include "view_support/qt_text.hpp"

namespace ts::gui {
namespace {

constexpr double kPad = 6;
constexpr double kGap = 6;
constexpr double kLine = 15;
constexpr double kUnitW = 34;
constexpr double kUnitH = 20;
constexpr int kGridColumns = 16;

QFont labelFont() {
    QFont f;
    f.setPixelSize(12);
    f.setBold(true);
    return f;
}

QFont textFont() {
    QFont f;
    f.setPixelSize(11);
    return f;
}

QColor fillFor(BoxKind k) {
    switch (k) {
        case BoxKind::Gpu: return QColor(0xf4, 0xf4, 0xf4);
        case BoxKind::UnitGroup: return QColor(0xe4, 0xe4, 0xe4);
        case BoxKind::Unit: return QColor(0xc8, 0xc8, 0xc8);
        case BoxKind::Fold: return QColor(0xee, 0xee, 0xee);
        case BoxKind::UnitDetail: return QColor(0xea, 0xea, 0xea);
        case BoxKind::Scratchpad: return QColor(0xe3, 0xd7, 0xf5);
        case BoxKind::Cache: return QColor(0xcf, 0xee, 0xcf);
        case BoxKind::ConstantCache: return QColor(0xf8, 0xee, 0xbc);
        case BoxKind::ScalarCache: return QColor(0xc6, 0xea, 0xe6);
        case BoxKind::L2: return QColor(0xcb, 0xdd, 0xf6);
        case BoxKind::Segment: return QColor(0xe2, 0xec, 0xfa);
        case BoxKind::L3: return QColor(0xf9, 0xdb, 0xc2);
        case BoxKind::Memory: return QColor(0xd8, 0xdb, 0xe2);
    }
    return Qt::white;
}

bool isAmd(const Topology& d) { return d.device.vendor == Vendor::Amd; }

// The units nearest an L2 segment: their ids while they are a few ranges ("near SM 0–65"),
// else counted as lstopo does ("near: 66 SMs"); the tooltip lists every id.
QString nearUnits(const std::vector<int>& ids, bool amd) {
    const QString ranges = formatIdRanges(ids);
    const QString unitWord = amd ? TopologyScene::tr("CU") : TopologyScene::tr("SM");
    if (ranges.count(QLatin1Char(',')) < 2) return TopologyScene::tr("near %1 %2").arg(unitWord, ranges);
    const auto n = static_cast<qsizetype>(ids.size());  // three ranges or more: several units
    return amd ? TopologyScene::tr("near: %1 CUs").arg(n) : TopologyScene::tr("near: %1 SMs").arg(n);
}

}  // namespace

int TopologyScene::add(SceneBox box, int parent) {
    box.parent = parent;
    if (!box.fill.isValid()) box.fill = fillFor(box.kind);
    boxes_.push_back(std::move(box));
    const int index = static_cast<int>(boxes_.size()) - 1;
    if (parent >= 0) boxes_[static_cast<std::size_t>(parent)].children.push_back(index);
    return index;
}

namespace {

QString policyName(const Attribute& policy) {
    const std::string name = policy.names.empty() ? "" : policy.names.front();
    if (name == "lru") return TopologyScene::tr("LRU");
    if (name == "fifo") return TopologyScene::tr("FIFO");
    if (name == "plru") return TopologyScene::tr("pseudo-LRU");
    if (name == "random") return TopologyScene::tr("random");
    return TopologyScene::tr("other policy");
}

// Ways, sets and replacement policy as one box line ("4-way · ≈489 sets · LRU"), once the way
// count is decided. A hashed index's set count derived from the capacity reads as approximate; one
// counted by filling the sets (packed or resident lines) does not.
void setStructureLine(const Topology& d, const QString& id, QStringList& lines) {
    const Attribute* ways = findShowable(d, id, attr::ways);
    if (!ways) return;
    const Attribute* index = findShowable(d, id, attr::indexFunction);
    const Attribute* sets = findShowable(d, id, attr::sets);
    const Attribute* policy = findShowable(d, id, attr::replacementPolicy);
    const std::string indexName = index && !index->names.empty() ? index->names.front() : "";
    QStringList parts;
    if (indexName == "fully-associative")
        parts << TopologyScene::tr("fully associative");
    else
        parts << TopologyScene::tr("%1-way").arg(formatValue(*ways));
    if (sets && sets->value > 1) {
        const int count = static_cast<int>(sets->value);
        const bool derived = indexName == "hashed" && sets->method == "size/(ways x line)";
        parts << (derived ? TopologyScene::tr("≈%n set(s)", nullptr, count) : TopologyScene::tr("%n set(s)", nullptr, count));
    }
    if (policy) parts << policyName(*policy);
    lines << parts.join(QStringLiteral(" · "));
}

// One line per decided TLB level: "TLB 1: 67.7 GiB (2167 × 32 MiB)".
void tlbLines(const Topology& d, const QString& id, QStringList& lines) {
    const Attribute* levels = findShowable(d, id, attr::tlbLevels);
    if (!levels) return;
    for (int level = 1; level <= static_cast<int>(levels->value); ++level) {
        const Attribute* reach = findShowable(d, id, attr::tlbLevel(level, attr::tlbReach));
        const Attribute* entries = findShowable(d, id, attr::tlbLevel(level, attr::tlbEntries));
        const Attribute* page = findShowable(d, id, attr::tlbLevel(level, attr::tlbPageSize));
        if (!reach || !entries || !page) continue;
        lines << TopologyScene::tr("TLB %1: %2 (%3 × %4)").arg(level).arg(formatValue(*reach), formatValue(*entries), formatValue(*page));
    }
}

// The read and write bandwidth (issue 38's roofline, or the bandwidth group's) and a constant
// cache's broadcast, with the bytes per cycle per SM/CU where the roofline measured them:
// "read 3.3 TiB/s · 10.6 B/cycle".
void bandwidthLine(const Topology& d, const QString& id, QStringList& lines, bool shown) {
    if (!shown) return;
    struct Kind {
        const attr::RooflineNames& figures;
        const char* withCycles;
        const char* alone;
    };
    static const Kind kinds[] = {
        {attr::rooflineRead, QT_TRANSLATE_NOOP("ts::gui::TopologyScene", "read %1 · %2"), QT_TRANSLATE_NOOP("ts::gui::TopologyScene", "read %1")},
        {attr::rooflineBroadcast, QT_TRANSLATE_NOOP("ts::gui::TopologyScene", "broadcast %1 · %2"),
         QT_TRANSLATE_NOOP("ts::gui::TopologyScene", "broadcast %1")},
        {attr::rooflineWrite, QT_TRANSLATE_NOOP("ts::gui::TopologyScene", "write %1 · %2"), QT_TRANSLATE_NOOP("ts::gui::TopologyScene", "write %1")},
    };
    for (const Kind& kind : kinds) {
        const Attribute* bandwidth = findShowable(d, id, kind.figures.bandwidth);
        if (!bandwidth) continue;
        const Attribute* perCycle = findShowable(d, id, kind.figures.perCycle);
        lines << (perCycle ? TopologyScene::tr(kind.withCycles).arg(formatValue(*bandwidth), formatValue(*perCycle))
                           : TopologyScene::tr(kind.alone).arg(formatValue(*bandwidth)));
    }
}

// Size, line, fetch granularity, latency and set structure of an element, as box lines; false
// when no size was found.
bool cacheLines(const Topology& d, const QString& id, QStringList& lines, bool bandwidth) {
    bool found = false;
    if (const Attribute* r = findShowable(d, id, attr::size)) {
        lines << formatValue(*r);
        found = true;
    } else if (const Attribute* api = findShowable(d, id, attr::apiSize)) {
        lines << TopologyScene::tr("%1 (API)").arg(formatValue(*api));
        found = true;
    } else if (const Attribute* sm = findShowable(d, id, attr::sharedMemPerMultiProcessor)) {
        lines << TopologyScene::tr("%1 per unit").arg(formatValue(*sm));
        found = true;
    } else {
        lines << TopologyScene::tr("size not found");
    }
    if (const Attribute* r = findShowable(d, id, attr::lineSize))
        lines << TopologyScene::tr("line %1").arg(formatValue(*r));
    if (const Attribute* r = findShowable(d, id, attr::fetchGranularity); r && found)
        lines << TopologyScene::tr("fetch %1").arg(formatValue(*r));
    if (const Attribute* r = findShowable(d, id, attr::latency)) lines << formatValue(*r);
    setStructureLine(d, id, lines);
    bandwidthLine(d, id, lines, bandwidth);
    return found;
}

// Boxes whose elements hold a result disturbed by another process on the GPU: drawn in the
// shared-GPU colour, with a line and a tooltip that say so.
void markSharedGpu(const Topology& d, std::vector<SceneBox>& boxes) {
    for (SceneBox& b : boxes) {
        for (const auto& id : b.elementIds)
            for (const Attribute& r : attributesOf(d, id))
                if (r.hasMark(Mark::SharedGpu)) b.sharedGpu = true;
        if (!b.sharedGpu) continue;
        b.lines << TopologyScene::tr("shared GPU: confidence ≤ 0.5");
        b.toolTip = TopologyScene::tr("Measured while another process used the GPU") + QStringLiteral("<br>") + b.toolTip;
    }
}

QString toolTipOf(const Topology& d, const QStringList& ids) {
    QStringList out;
    for (const auto& id : ids) {
        out << QStringLiteral("<b>%1</b>").arg(elementName(id).toHtmlEscaped());
        for (const Attribute& r : attributesOf(d, id))
            out << QStringLiteral("%1: %2 <i>(%3, %4)</i>")
                       .arg(attributeTitle(qText(r.name)).toHtmlEscaped(), formatValue(r).toHtmlEscaped(),
                            r.source == Source::Api ? TopologyScene::tr("API") : TopologyScene::tr("benchmark"),
                            TopologyScene::tr("confidence %1").arg(r.confidence, 0, 'f', 2));
    }
    return out.join(QStringLiteral("<br>"));
}

}  // namespace

namespace {

// The unit ids as they are grouped for drawing: one group per XCD (AMD: one L2 instance per
// XCD) where the L2 segments say so, else one group of every unit.
std::vector<std::vector<int>> unitGroupsOf(const Topology& d, bool amd) {
    std::vector<std::vector<int>> unitGroups;
    const Attribute* segments = findAttribute(d, QStringLiteral("l2"), attr::segments);
    if (segments && !segments->groups.empty()) {
        if (amd && segments->groups.size() > 1) return segments->groups;
        std::vector<int> all;
        for (const auto& g : segments->groups) all.insert(all.end(), g.begin(), g.end());
        std::sort(all.begin(), all.end());
        unitGroups.push_back(all);
    } else if (d.device.unitCount > 0) {
        std::vector<int> all(static_cast<std::size_t>(d.device.unitCount));
        for (int i = 0; i < d.device.unitCount; ++i) all[static_cast<std::size_t>(i)] = i;
        unitGroups.push_back(all);
    }
    return unitGroups;
}

// The per-unit elements, one list per physical cache, as the engine groups them (physicalCaches).
std::vector<QStringList> perUnitCacheClasses(const Topology& d) {
    const std::vector<Element> perUnit = {Element::L1,  Element::Texture,    Element::ReadOnly,
                                          Element::VL1, Element::ConstantL1, Element::ConstantL15};
    std::vector<QStringList> classes;
    for (const auto& cache : physicalCaches(d, perUnit)) {
        QStringList ids;
        for (Element e : cache) ids << idOf(e);
        classes.push_back(ids);
    }
    return classes;
}

const QStringList& scratchpadIds() {
    static const QStringList ids = {QStringLiteral("shared"), QStringLiteral("lds")};
    return ids;
}

// One box for a class of elements sharing a physical cache: the first member with a size
// gives the lines; the box is dashed when none has one.
SceneBox sharedCacheBox(const Topology& d, const QStringList& members, bool bandwidth) {
    SceneBox b;
    b.kind = members.front().startsWith(QLatin1String("constant")) ? BoxKind::ConstantCache : BoxKind::Cache;
    QStringList names;
    for (const auto& id : members) names << elementName(id);
    b.label = names.join(QStringLiteral(" / "));
    b.elementIds = members;
    bool found = false;
    for (const auto& id : members) {
        QStringList lines;
        if (cacheLines(d, id, lines, bandwidth)) {
            b.lines = lines;
            found = true;
            break;
        }
        if (b.lines.isEmpty()) b.lines = lines;
    }
    b.dashed = !found;
    b.toolTip = toolTipOf(d, members);
    return b;
}

// How many copies of a cache one unit has (at most 8 are drawn).
int amountPerUnit(const Topology& d, const QStringList& members) {
    int amount = 1;
    for (const auto& id : members)
        if (const Attribute* a = findShowable(d, id, attr::amountPerUnit))
            amount = std::max(amount, static_cast<int>(std::lround(a->value)));
    return std::min(amount, 8);
}

// An L3 of which nothing is known (an MI210's: the API names none and every benchmark behind
// the L2 was undecided) is no L3: a dashed box would say the device reported one.
bool anyShowable(const Topology& d, const QString& id) {
    for (const Attribute& a : attributesOf(d, id))
        if (a.isShowable()) return true;
    return false;
}

// A box across the whole width for one element drawn by cacheLines() (sL1d, L3).
SceneBox wideCacheBox(const Topology& d, BoxKind kind, const QString& id, bool bandwidth) {
    SceneBox b;
    b.kind = kind;
    b.label = elementName(id);
    b.elementIds << id;
    b.dashed = !cacheLines(d, id, b.lines, bandwidth);
    b.fillWidth = true;
    return b;
}

}  // namespace

TopologyScene TopologyScene::build(const Topology& d, const SceneOptions& options) {
    TopologyScene s;
    s.options_ = options;
    if (d.elements.empty() && d.device.name.empty()) return s;
    const QString unitWord = isAmd(d) ? tr("CU") : tr("SM");
    const int root = s.addGpu(d);
    s.addUnitArray(d, options, root, unitWord);
    s.addUnitDetail(d, root, unitWord);
    s.addScalarCache(d, root, unitWord);
    s.addL2(d, root, unitWord);
    if (anyShowable(d, QStringLiteral("l3"))) {
        SceneBox b = wideCacheBox(d, BoxKind::L3, QStringLiteral("l3"), options.bandwidthLines);
        b.toolTip = toolTipOf(d, b.elementIds);
        s.add(b, root);
    }
    s.addMemory(d, root);
    markSharedGpu(d, s.boxes_);
    s.layOut(root);
    return s;
}

int TopologyScene::addGpu(const Topology& d) {
    const bool amd = isAmd(d);
    SceneBox gpu;
    gpu.kind = BoxKind::Gpu;
    gpu.label = d.device.name.empty() ? tr("GPU") : qText(d.device.name);
    QStringList facts;
    const int units = d.device.unitCount;
    if (!d.device.arch.empty()) facts << qText(d.device.arch);
    if (units > 0) facts << (amd ? tr("%n CU(s)", nullptr, units) : tr("%n SM(s)", nullptr, units));
    if (d.device.clockKhz > 0) facts << formatClockKhz(static_cast<double>(d.device.clockKhz));
    if (!facts.isEmpty()) gpu.lines << facts.join(QStringLiteral(" · "));
    // Issue 39: the GPCs and TPCs thread-block clusters found; the box opens their evidence.
    QStringList layout;
    if (const Attribute* gpcs = d.find(Element::Compute, attr::gpcs); gpcs && gpcs->isDecidedQuantity())
        layout << (gpcs->lowerBound ? tr("≥ %n GPC(s)", nullptr, static_cast<int>(gpcs->value))
                                    : tr("%n GPC(s)", nullptr, static_cast<int>(gpcs->value)));
    if (const Attribute* tpcs = d.find(Element::Compute, attr::tpcs); tpcs && tpcs->isDecidedQuantity())
        layout << tr("%n TPC(s)", nullptr, static_cast<int>(tpcs->value));
    if (!layout.isEmpty()) {
        gpu.lines << layout.join(QStringLiteral(" · "));
        gpu.elementIds << QString::fromUtf8(toString(Element::Compute).data());
    }
    gpu.toolTip = tr("%1, backend %2, driver %3").arg(gpu.label, qText(d.device.backend), qText(d.device.driver));
    return add(gpu, -1);
}

void TopologyScene::addUnitArray(const Topology& d, const SceneOptions& options, int root, const QString& unitWord) {
    const std::vector<std::vector<int>> unitGroups = unitGroupsOf(d, isAmd(d));
    std::size_t totalUnits = 0;
    for (const auto& g : unitGroups) totalUnits += g.size();
    folded_ = !options.expandUnits && totalUnits > static_cast<std::size_t>(options.foldAbove);
    if (unitGroups.empty()) return;
    int holder = root;
    if (unitGroups.size() > 1) {
        SceneBox row;
        row.invisible = true;
        row.columns = options.expandUnits ? 2 : options.groupColumns;
        holder = add(row, root);
    }
    for (std::size_t g = 0; g < unitGroups.size(); ++g) {
        const QString label = unitGroups.size() > 1 ? tr("XCD %1").arg(g) : tr("%1 array").arg(unitWord);
        addUnitGroup(unitGroups[g], label, holder, unitWord);
    }
}

void TopologyScene::addUnitGroup(const std::vector<int>& ids, const QString& label, int holder, const QString& unitWord) {
    SceneBox group;
    group.kind = BoxKind::UnitGroup;
    group.label = label;
    group.lines << tr("%n unit(s)", nullptr, static_cast<int>(ids.size()));
    group.columns = folded_ ? 0 : kGridColumns;
    group.toolTip = tr("%1 ids %2").arg(unitWord, formatIdRanges(ids));
    const int gi = add(group, holder);
    auto addUnit = [&](int id) {
        SceneBox u;
        u.kind = BoxKind::Unit;
        u.label = QString::number(id);
        u.unitId = id;
        u.toolTip = tr("%1 %2").arg(unitWord).arg(id);
        add(u, gi);
    };
    // One of several groups (its holder is their layout row): the count says it.
    if (options_.groupCountsOnly && boxes_[static_cast<std::size_t>(holder)].invisible) return;
    if (!folded_ || ids.size() <= 3) {
        for (int id : ids) addUnit(id);
        return;
    }
    // Folded: the first two, "… n more", the last.
    addUnit(ids[0]);
    addUnit(ids[1]);
    SceneBox more;
    more.kind = BoxKind::Fold;
    more.label = tr("… %n more", nullptr, static_cast<int>(ids.size() - 3));
    more.toolTip = tr("Click to draw every unit");
    add(more, gi);
    addUnit(ids.back());
}

void TopologyScene::addUnitDetail(const Topology& d, int root, const QString& unitWord) {
    const std::vector<QStringList> classes = perUnitCacheClasses(d);
    bool anyScratch = false;
    for (const auto& id : scratchpadIds()) anyScratch = anyScratch || hasElement(d, id);
    if (classes.empty() && !anyScratch) return;
    SceneBox detail;
    detail.kind = BoxKind::UnitDetail;
    detail.label = d.device.unitCount > 0 ? tr("Each %1 (× %2)").arg(unitWord).arg(d.device.unitCount) : tr("Each %1").arg(unitWord);
    const int di = add(detail, root);
    SceneBox rowBox;
    rowBox.invisible = true;
    rowBox.columns = 0;
    const int cacheRow = add(rowBox, di);
    const int constRow = add(rowBox, di);
    for (const auto& id : scratchpadIds()) {
        if (!hasElement(d, id)) continue;
        SceneBox b;
        b.kind = BoxKind::Scratchpad;
        b.label = elementName(id);
        b.elementIds << id;
        cacheLines(d, id, b.lines, options_.bandwidthLines);
        b.toolTip = toolTipOf(d, b.elementIds);
        add(b, cacheRow);
    }
    for (const QStringList& members : classes) {
        SceneBox b = sharedCacheBox(d, members, options_.bandwidthLines);
        const int amount = amountPerUnit(d, members);
        if (amount > 1) b.lines << tr("%n per unit", nullptr, amount);
        const int row = b.kind == BoxKind::ConstantCache ? constRow : cacheRow;
        for (int k = 0; k < amount; ++k) add(b, row);
    }
}

void TopologyScene::addScalarCache(const Topology& d, int root, const QString& unitWord) {
    if (!hasElement(d, QStringLiteral("sl1d"))) return;
    SceneBox b = wideCacheBox(d, BoxKind::ScalarCache, QStringLiteral("sl1d"), options_.bandwidthLines);
    if (const Attribute* sb = findAttribute(d, QStringLiteral("sl1d"), attr::sharedBetween); sb && !sb->groups.empty()) {
        std::map<std::size_t, int> bySize;
        for (const auto& g : sb->groups) ++bySize[g.size()];
        QStringList parts;
        for (const auto& [size, count] : bySize) parts << tr("%1× %2 %3").arg(count).arg(size).arg(unitWord);
        b.lines << tr("%n instance(s): %1", nullptr, static_cast<int>(sb->groups.size())).arg(parts.join(QStringLiteral(", ")));
    }
    b.toolTip = toolTipOf(d, b.elementIds);
    add(b, root);
}

void TopologyScene::addL2(const Topology& d, int root, const QString& unitWord) {
    const QString l2 = QStringLiteral("l2");
    if (!hasElement(d, l2)) return;
    SceneBox b;
    b.kind = BoxKind::L2;
    b.label = elementName(l2);
    b.elementIds << l2;
    const Attribute* api = findShowable(d, l2, attr::apiSize);
    const Attribute* measured = findShowable(d, l2, attr::size);
    if (api) b.lines << tr("%1 (API)").arg(formatValue(*api));
    if (measured) b.lines << tr("%1 measured per %2").arg(formatValue(*measured), unitWord);
    if (!api && !measured) b.lines << tr("size not found");
    b.dashed = !api && !measured;
    if (const Attribute* r = findShowable(d, l2, attr::lineSize)) b.lines << tr("line %1").arg(formatValue(*r));
    if (const Attribute* r = findShowable(d, l2, attr::latency)) {
        QString lat = formatValue(*r);
        if (const Attribute* far = findShowable(d, l2, attr::farLatency))
            lat = tr("%1 near, %2 far").arg(lat, formatValue(*far));
        b.lines << lat;
    }
    setStructureLine(d, l2, b.lines);
    bandwidthLine(d, l2, b.lines, options_.bandwidthLines);
    b.toolTip = toolTipOf(d, b.elementIds);
    b.fillWidth = true;
    b.columns = options_.groupColumns;
    const int li = add(b, root);
    addL2Segments(d, li);
}

void TopologyScene::addL2Segments(const Topology& d, int l2Box) {
    const Attribute* segments = findAttribute(d, QStringLiteral("l2"), attr::segments);
    if (!segments || segments->groups.size() <= 1) return;
    const Attribute* segSize = findShowable(d, QStringLiteral("l2"), attr::segmentSize);
    for (std::size_t g = 0; g < segments->groups.size(); ++g) {
        SceneBox seg;
        seg.kind = BoxKind::Segment;
        seg.label = tr("Segment %1").arg(g);
        if (segSize) seg.lines << formatValue(*segSize);
        seg.lines << nearUnits(segments->groups[g], isAmd(d));
        seg.elementIds << QStringLiteral("l2");
        seg.toolTip = tr("%n unit(s) hit this segment fastest: %1", nullptr, static_cast<int>(segments->groups[g].size()))
                          .arg(formatIdRanges(segments->groups[g]));
        add(seg, l2Box);
    }
}

void TopologyScene::addMemory(const Topology& d, int root) {
    const QString id = QStringLiteral("device_memory");
    if (!hasElement(d, id) && d.device.totalGlobalBytes == 0) return;
    SceneBox b;
    b.kind = BoxKind::Memory;
    b.label = hasElement(d, id) ? elementName(id) : tr("Device memory");
    if (hasElement(d, id)) b.elementIds << id;
    if (const Attribute* r = findShowable(d, id, attr::totalGlobalMem))
        b.lines << formatValue(*r);
    else if (d.device.totalGlobalBytes > 0)
        b.lines << formatBytes(static_cast<double>(d.device.totalGlobalBytes));
    if (const Attribute* r = findShowable(d, id, attr::latency)) b.lines << formatValue(*r);
    bandwidthLine(d, id, b.lines, options_.bandwidthLines);
    tlbLines(d, id, b.lines);
    b.toolTip = toolTipOf(d, b.elementIds);
    b.fillWidth = true;
    add(b, root);
}

void TopologyScene::layOut(int root) {
    const QSizeF sz = measure(root);
    place(root, QPointF(kGap, kGap), sz.width());
    size_ = QSizeF(sz.width() + 2 * kGap, boxes_[static_cast<std::size_t>(root)].rect.height() + 2 * kGap);
}

QSizeF TopologyScene::measure(int index) {
    SceneBox& b = boxes_[static_cast<std::size_t>(index)];
    if (b.kind == BoxKind::Unit) return {kUnitW, kUnitH};
    const QFontMetricsF lf(labelFont()), tf(textFont());
    double textW = b.label.isEmpty() ? 0 : lf.horizontalAdvance(b.label);
    for (const auto& l : b.lines) textW = std::max(textW, tf.horizontalAdvance(l));
    const double pad = b.invisible ? 0 : kPad;
    double headerH = b.invisible ? 0 : (b.label.isEmpty() ? 0 : kLine + 2) + kLine * b.lines.size();
    double w = 0, h = 0;
    if (!b.children.empty()) {
        std::vector<QSizeF> sizes;
        for (int c : std::vector<int>(b.children)) sizes.push_back(measure(c));
        if (b.columns == 1) {
            for (const auto& z : sizes) {
                w = std::max(w, z.width());
                h += z.height() + kGap;
            }
            h -= kGap;
        } else if (b.columns == 0) {
            for (const auto& z : sizes) {
                w += z.width() + kGap;
                h = std::max(h, z.height());
            }
            w -= kGap;
        } else {
            double cw = 0, ch = 0;
            for (const auto& z : sizes) {
                cw = std::max(cw, z.width());
                ch = std::max(ch, z.height());
            }
            const int cols = std::min<int>(b.columns, static_cast<int>(sizes.size()));
            const int rows = (static_cast<int>(sizes.size()) + cols - 1) / cols;
            w = cols * cw + (cols - 1) * kGap;
            h = rows * ch + (rows - 1) * kGap;
        }
        if (headerH > 0) headerH += kGap / 2;
    }
    return {std::max(w, textW) + 2 * pad, headerH + h + 2 * pad};
}

void TopologyScene::place(int index, QPointF topLeft, double width) {
    SceneBox& b = boxes_[static_cast<std::size_t>(index)];
    const QSizeF natural = measure(index);
    b.rect = QRectF(topLeft, QSizeF(std::max(width, natural.width()), natural.height()));
    if (b.children.empty()) return;
    const double pad = b.invisible ? 0 : kPad;
    double headerH = b.invisible ? 0 : (b.label.isEmpty() ? 0 : kLine + 2) + kLine * b.lines.size();
    if (headerH > 0) headerH += kGap / 2;
    const double inner = b.rect.width() - 2 * pad;
    QPointF at(b.rect.left() + pad, b.rect.top() + pad + headerH);
    const std::vector<int> children = b.children;  // `b` may move while children are placed? no: no adds here
    if (b.columns == 1) {
        for (int c : children) {
            const QSizeF z = measure(c);
            const bool fill = boxes_[static_cast<std::size_t>(c)].fillWidth || boxes_[static_cast<std::size_t>(c)].invisible;
            place(c, at, fill ? inner : z.width());
            at.ry() += boxes_[static_cast<std::size_t>(c)].rect.height() + kGap;
        }
    } else if (b.columns == 0) {
        for (int c : children) {
            const QSizeF z = measure(c);
            place(c, at, z.width());
            at.rx() += z.width() + kGap;
        }
    } else {
        double cw = 0, ch = 0;
        for (int c : children) {
            const QSizeF z = measure(c);
            cw = std::max(cw, z.width());
            ch = std::max(ch, z.height());
        }
        for (std::size_t i = 0; i < children.size(); ++i) {
            const int col = static_cast<int>(i) % b.columns, row = static_cast<int>(i) / b.columns;
            place(children[i], QPointF(at.x() + col * (cw + kGap), at.y() + row * (ch + kGap)), cw);
        }
    }
}

void TopologyScene::paint(QPainter& p, int selected) const {
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    const QFont lf = labelFont(), tf = textFont();
    const QColor ink(0x20, 0x20, 0x20);
    for (const SceneBox& b : boxes_) {
        if (b.invisible) continue;
        QPen pen(QColor(0x60, 0x60, 0x60), 1.0);
        if (b.dashed) pen.setStyle(Qt::DashLine);
        if (b.sharedGpu) pen = QPen(sharedGpuColour(), 2.0, pen.style());
        p.setPen(pen);
        p.setBrush(b.fill);
        p.drawRoundedRect(b.rect, 3, 3);
        p.setPen(ink);
        if (b.kind == BoxKind::Unit) {
            p.setFont(tf);
            p.drawText(b.rect, Qt::AlignCenter, b.label);
            continue;
        }
        double y = b.rect.top() + kPad;
        const double x = b.rect.left() + kPad, w = b.rect.width() - 2 * kPad;
        if (!b.label.isEmpty()) {
            p.setFont(lf);
            p.drawText(QRectF(x, y, w, kLine + 2), Qt::AlignLeft | Qt::AlignVCenter, b.label);
            y += kLine + 2;
        }
        p.setFont(tf);
        for (const auto& l : b.lines) {
            p.drawText(QRectF(x, y, w, kLine), Qt::AlignLeft | Qt::AlignVCenter, l);
            y += kLine;
        }
    }
    if (selected >= 0 && selected < static_cast<int>(boxes_.size())) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(QColor(0xd6, 0x27, 0x28), 2.5));
        p.drawRoundedRect(boxes_[static_cast<std::size_t>(selected)].rect.adjusted(-1, -1, 1, 1), 3, 3);
    }
    p.restore();
}

int TopologyScene::linesWiderThanBoxes(const QPaintDevice* device) const {
    const QFontMetricsF label = device ? QFontMetricsF(labelFont(), device) : QFontMetricsF(labelFont());
    const QFontMetricsF text = device ? QFontMetricsF(textFont(), device) : QFontMetricsF(textFont());
    constexpr double kTolerance = 0.5;
    int wider = 0;
    for (const SceneBox& b : boxes_) {
        if (b.invisible) continue;
        const double room = (b.kind == BoxKind::Unit ? b.rect.width() : b.rect.width() - 2 * kPad) + kTolerance;
        if (!b.label.isEmpty() && (b.kind == BoxKind::Unit ? text : label).horizontalAdvance(b.label) > room) ++wider;
        for (const QString& l : b.lines)
            if (text.horizontalAdvance(l) > room) ++wider;
    }
    return wider;
}

int TopologyScene::hitTest(const QPointF& point) const {
    for (int i = static_cast<int>(boxes_.size()) - 1; i >= 0; --i) {
        const SceneBox& b = boxes_[static_cast<std::size_t>(i)];
        if (!b.invisible && b.rect.contains(point)) return i;
    }
    return -1;
}

std::vector<int> TopologyScene::selectable() const {
    std::vector<int> out;
    for (int i = 0; i < static_cast<int>(boxes_.size()); ++i) {
        const SceneBox& b = boxes_[static_cast<std::size_t>(i)];
        if (!b.invisible && (b.kind == BoxKind::Gpu || b.kind == BoxKind::Fold || !b.elementIds.isEmpty())) out.push_back(i);
    }
    return out;
}

int TopologyScene::findElement(const QString& elementId) const {
    for (int i = 0; i < static_cast<int>(boxes_.size()); ++i)
        if (boxes_[static_cast<std::size_t>(i)].elementIds.contains(elementId)) return i;
    return -1;
}

std::vector<int> TopologyScene::ofKind(BoxKind kind) const {
    std::vector<int> out;
    for (int i = 0; i < static_cast<int>(boxes_.size()); ++i)
        if (boxes_[static_cast<std::size_t>(i)].kind == kind && !boxes_[static_cast<std::size_t>(i)].invisible) out.push_back(i);
    return out;
}

double TopologyScene::smallestTextPixels() { return std::min(labelFont().pixelSize(), textFont().pixelSize()); }

std::vector<std::pair<QColor, QString>> TopologyScene::legend() {
    return {{fillFor(BoxKind::UnitGroup), tr("SMs / CUs")},
            {fillFor(BoxKind::Scratchpad), tr("Shared memory / LDS")},
            {fillFor(BoxKind::Cache), tr("First-level cache (per unit)")},
            {fillFor(BoxKind::ConstantCache), tr("Constant caches")},
            {fillFor(BoxKind::ScalarCache), tr("Scalar L1 (shared by CUs)")},
            {fillFor(BoxKind::L2), tr("L2 and its segments")},
            {fillFor(BoxKind::L3), tr("L3 / Infinity Cache")},
            {fillFor(BoxKind::Memory), tr("Device memory")}};
}

}  // namespace ts::gui
