<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ts::gui::BandwidthPlot</name>
    <message numerus="yes">
        <source>%n more block size(s) not drawn.</source>
        <translation>
            <numerusform>%n more block size not drawn.</numerusform>
            <numerusform>%n more block sizes not drawn.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n load(s) in flight per thread</source>
        <translation>
            <numerusform>%n load in flight per thread</numerusform>
            <numerusform>%n loads in flight per thread</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n store(s) in flight per thread</source>
        <translation>
            <numerusform>%n store in flight per thread</numerusform>
            <numerusform>%n stores in flight per thread</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::CuSharingMap</name>
    <message numerus="yes">
        <source>; %n disabled CU(s)</source>
        <translation>
            <numerusform>; %n disabled CU</numerusform>
            <numerusform>; %n disabled CUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::ElementDetailPanel</name>
    <message numerus="yes">
        <source> (%n group(s))</source>
        <translation>
            <numerusform> (%n group)</numerusform>
            <numerusform> (%n groups)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::FleetGpuPane</name>
    <message numerus="yes">
        <source>One of the %n GPU(s) compared side by side</source>
        <translation>
            <numerusform>One of the %n GPU compared side by side</numerusform>
            <numerusform>One of the %n GPUs compared side by side</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::FleetView</name>
    <message numerus="yes">
        <source>%n GPU(s), no outliers</source>
        <translation>
            <numerusform>%n GPU, no outliers</numerusform>
            <numerusform>%n GPUs, no outliers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s), %1 in %2</source>
        <translation>
            <numerusform>%n GPU, %1 in %2</numerusform>
            <numerusform>%n GPUs, %1 in %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n outlier(s)</source>
        <translation>
            <numerusform>%n outlier</numerusform>
            <numerusform>%n outliers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attribute(s)</source>
        <translation>
            <numerusform>%n attribute</numerusform>
            <numerusform>%n attributes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) compared side by side; no outlier verdict with fewer than %1 GPUs</source>
        <translation>
            <numerusform>%n GPU compared side by side; no outlier verdict with fewer than %1 GPUs</numerusform>
            <numerusform>%n GPUs compared side by side; no outlier verdict with fewer than %1 GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::Format</name>
    <message numerus="yes">
        <source>%n group(s)</source>
        <translation>
            <numerusform>%n group</numerusform>
            <numerusform>%n groups</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::LatencyHistogramPlot</name>
    <message numerus="yes">
        <source>%n load(s) outside the view (%1 to %2 cycles): zoom out to see them.</source>
        <translation>
            <numerusform>%n load outside the view (%1 to %2 cycles): zoom out to see them.</numerusform>
            <numerusform>%n loads outside the view (%1 to %2 cycles): zoom out to see them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more row(s)</source>
        <translation>
            <numerusform>%n more row</numerusform>
            <numerusform>%n more rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::LineSizePlot</name>
    <message numerus="yes">
        <source>%n more array size(s) not drawn.</source>
        <translation>
            <numerusform>%n more array size not drawn.</numerusform>
            <numerusform>%n more array sizes not drawn.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::MainWindow</name>
    <message numerus="yes">
        <source>Loading %n fleet file(s)…</source>
        <translation>
            <numerusform>Loading %n fleet file…</numerusform>
            <numerusform>Loading %n fleet files…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) dropped: opening the first, %1</source>
        <translation>
            <numerusform>%n item dropped: opening the first, %1</numerusform>
            <numerusform>%n items dropped: opening the first, %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::MigView</name>
    <message numerus="yes">
        <source>MIG enabled — %n instance(s)</source>
        <translation>
            <numerusform>MIG enabled — %n instance</numerusform>
            <numerusform>MIG enabled — %n instances</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (profile %2): %n placement(s)</source>
        <translation>
            <numerusform>%1 (profile %2): %n placement</numerusform>
            <numerusform>%1 (profile %2): %n placements</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::RunPage</name>
    <message numerus="yes">
        <source>Opened %1: %n result(s)</source>
        <translation>
            <numerusform>Opened %1: %n result</numerusform>
            <numerusform>Opened %1: %n results</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished in %1: %n result(s)</source>
        <translation>
            <numerusform>Finished in %1: %n result</numerusform>
            <numerusform>Finished in %1: %n results</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replay of %1 stopped; the whole recording is shown: %n result(s)</source>
        <translation>
            <numerusform>Replay of %1 stopped; the whole recording is shown: %n result</numerusform>
            <numerusform>Replay of %1 stopped; the whole recording is shown: %n results</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replayed %1: %n result(s), as the recording holds them</source>
        <translation>
            <numerusform>Replayed %1: %n result, as the recording holds it</numerusform>
            <numerusform>Replayed %1: %n results, as the recording holds them</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::SizePlotWidget</name>
    <message numerus="yes">
        <source>%1: %n array size(s), %2 loads</source>
        <translation>
            <numerusform>%1: %n array size, %2 loads</numerusform>
            <numerusform>%1: %n array sizes, %2 loads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the %n largest size(s) measured past the knee to show the next level, not analysed</source>
        <translation>
            <numerusform>the %n largest size measured past the knee to show the next level, not analysed</numerusform>
            <numerusform>the %n largest sizes measured past the knee to show the next level, not analysed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::SmLayoutMap</name>
    <message numerus="yes">
        <source>GPC %1 · %n TPC(s)</source>
        <translation>
            <numerusform>GPC %1 · %n TPC</numerusform>
            <numerusform>GPC %1 · %n TPCs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at least %n GPC(s)</source>
        <translation>
            <numerusform>at least %n GPC</numerusform>
            <numerusform>at least %n GPCs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPC(s)</source>
        <translation>
            <numerusform>%n GPC</numerusform>
            <numerusform>%n GPCs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n TPC(s)</source>
        <translation>
            <numerusform>%n TPC</numerusform>
            <numerusform>%n TPCs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n SM(s)</source>
        <translation>
            <numerusform>%n SM</numerusform>
            <numerusform>%n SMs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::TopologyScene</name>
    <message numerus="yes">
        <source>%n CU(s)</source>
        <translation>
            <numerusform>%n CU</numerusform>
            <numerusform>%n CUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>≥ %n GPC(s)</source>
        <translation>
            <numerusform>≥ %n GPC</numerusform>
            <numerusform>≥ %n GPCs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPC(s)</source>
        <translation>
            <numerusform>%n GPC</numerusform>
            <numerusform>%n GPCs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n TPC(s)</source>
        <translation>
            <numerusform>%n TPC</numerusform>
            <numerusform>%n TPCs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n SM(s)</source>
        <translation>
            <numerusform>%n SM</numerusform>
            <numerusform>%n SMs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n unit</numerusform>
            <numerusform>%n units</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… %n more</source>
        <translation>
            <numerusform>… %n more</numerusform>
            <numerusform>… %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n per unit</source>
        <translation>
            <numerusform>%n per unit</numerusform>
            <numerusform>%n per unit</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n instance(s): %1</source>
        <translation>
            <numerusform>%n instance: %1</numerusform>
            <numerusform>%n instances: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) hit this segment fastest: %1</source>
        <translation>
            <numerusform>%n unit hit this segment fastest: %1</numerusform>
            <numerusform>%n units hit this segment fastest: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>≈%n set(s)</source>
        <translation>
            <numerusform>≈%n set</numerusform>
            <numerusform>≈%n sets</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n set(s)</source>
        <translation>
            <numerusform>%n set</numerusform>
            <numerusform>%n sets</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::TopologySheet</name>
    <message numerus="yes">
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n unit</numerusform>
            <numerusform>%n units</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n wavefront(s)</source>
        <translation>
            <numerusform>%n wavefront</numerusform>
            <numerusform>%n wavefronts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warp(s)</source>
        <translation>
            <numerusform>%n warp</numerusform>
            <numerusform>%n warps</numerusform>
        </translation>
    </message>
</context>
</TS>
