<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>main</name>
    <message>
        <location filename="../launch_options.cpp" line="22"/>
        <source>TopoScope: GPU memory topology by pointer-chase microbenchmarks, live.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="26"/>
        <source>auto, cuda, hip or sim.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="28"/>
        <source>GPU index.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="31"/>
        <source>Simulator profile (built-in name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="34"/>
        <source>Comma list of benchmark groups to check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="36"/>
        <source>Start a run at launch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="38"/>
        <source>Open a recording (TopoScope report JSON).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="42"/>
        <source>When the run or recording is done, save screenshots into DIR.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="45"/>
        <source>Quit when the run (and screenshots) are done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="47"/>
        <source>Neither read nor write saved settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="50"/>
        <source>Simulator: wait this many microseconds before each device call.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="53"/>
        <source>Colours: system, light or dark.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="63"/>
        <source>--device needs a GPU index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="66"/>
        <source>--backend must be auto, cuda, hip or sim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="70"/>
        <source>--sim-delay-us needs a number of microseconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../launch_options.cpp" line="82"/>
        <source>--palette must be system, light or dark</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::BandwidthPlot</name>
    <message>
        <location filename="../../widgets/bandwidth_plot.cpp" line="11"/>
        <source>Blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/bandwidth_plot.cpp" line="12"/>
        <source>Bandwidth [GiB/s]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/bandwidth_plot.cpp" line="41"/>
        <source>%1 threads per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/bandwidth_plot.cpp" line="67"/>
        <source>%1 blocks, %2: %3 GiB/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::BenchmarkTreeModel</name>
    <message>
        <location filename="../../widgets/benchmark_tree_model.cpp" line="6"/>
        <source>Benchmarks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/benchmark_tree_model.cpp" line="28"/>
        <source>Runs with the whole &quot;%1&quot; group</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::Catalog</name>
    <message>
        <location filename="../benchmark_catalog.cpp" line="20"/>
        <source>L1 cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../benchmark_catalog.cpp" line="21"/>
        <source>L2 cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../benchmark_catalog.cpp" line="22"/>
        <source>Texture cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../benchmark_catalog.cpp" line="23"/>
        <source>Read-only cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../benchmark_catalog.cpp" line="24"/>
        <source>Constant caches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../benchmark_catalog.cpp" line="25"/>
        <source>Scratchpad (shared memory / LDS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../benchmark_catalog.cpp" line="26"/>
        <source>Device memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../benchmark_catalog.cpp" line="27"/>
        <source>Scalar L1 cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../benchmark_catalog.cpp" line="28"/>
        <source>Amount and sharing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../benchmark_catalog.cpp" line="29"/>
        <source>Bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../benchmark_catalog.cpp" line="68"/>
        <source>Benchmark group &quot;%1&quot; (toposcope-cli --only %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::Evidence</name>
    <message>
        <location filename="../../widgets/evidence_math.cpp" line="36"/>
        <source>%1: no decision yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_math.cpp" line="37"/>
        <source>%1: %2 = %3 (confidence %4). %5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::EvidenceRowsPlot</name>
    <message>
        <location filename="../../widgets/evidence_rows_plot.cpp" line="16"/>
        <source>Latency per re-timed load [cycles]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_rows_plot.cpp" line="17"/>
        <source>Row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_rows_plot.cpp" line="19"/>
        <source>At hit latency: data kept (or near)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_rows_plot.cpp" line="21"/>
        <source>Slower: data evicted (or far)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_rows_plot.cpp" line="91"/>
        <source>Threshold %1 cycles: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_rows_plot.cpp" line="93"/>
        <source>Each row carries the engine&apos;s own verdict (1 = the other side evicted the data).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_rows_plot.cpp" line="105"/>
        <source>%1: %2 loads, min %3, median %4, max %5 cycles: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_rows_plot.cpp" line="111"/>
        <source>evicted / far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_rows_plot.cpp" line="111"/>
        <source>kept / near</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::EvidenceView</name>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="40"/>
        <source>Follow run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="42"/>
        <source>No evidence yet: press Run to measure, or open a recording.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="49"/>
        <source>&amp;Follow Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="52"/>
        <source>Ctrl+Shift+F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="53"/>
        <source>Show each new series as the run starts it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="54"/>
        <source>&amp;Logarithmic Axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="57"/>
        <source>Ctrl+L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="58"/>
        <source>&amp;Reset View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="59"/>
        <source>Ctrl+0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="60"/>
        <source>Fit the axes to the data again (or double-click the plot)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="61"/>
        <source>&amp;Export Plot…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="62"/>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="63"/>
        <source>&amp;Next Series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="64"/>
        <source>Ctrl+PgDown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="65"/>
        <source>&amp;Previous Series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="66"/>
        <source>Ctrl+PgUp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="84"/>
        <source>&amp;Evidence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="184"/>
        <source>no plot is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="195"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="222"/>
        <location filename="../../widgets/evidence_view.cpp" line="226"/>
        <source>Export Plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/evidence_view.cpp" line="223"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::FetchGranularityPlot</name>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="14"/>
        <source>Stride</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="15"/>
        <source>Fraction of loads that missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="16"/>
        <source>Latency per load [cycles]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="21"/>
        <source>Loads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="24"/>
        <source>Observed miss fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="26"/>
        <source>Sector model of the decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="92"/>
        <source>%1 · confidence %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="93"/>
        <source>%1 (bound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="109"/>
        <source>A load counts as a miss above %1 cycles (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="131"/>
        <source>stride %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="132"/>
        <source>stride %1: %2 loads, latency min %3, mean %4, max %5 cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/fetch_granularity_plot.cpp" line="139"/>
        <source>; miss fraction %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::Format</name>
    <message numerus="yes">
        <location filename="../../widgets/format.cpp" line="34"/>
        <source>%n group(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="38"/>
        <source>%1 cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="45"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="54"/>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="56"/>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="59"/>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="69"/>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="70"/>
        <source>Line size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="71"/>
        <source>Fetch granularity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="72"/>
        <source>Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="73"/>
        <source>Miss penalty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="74"/>
        <source>Amount per SM/CU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="75"/>
        <source>Shared with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="76"/>
        <source>Shared between CUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="77"/>
        <source>Segment size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="78"/>
        <source>Segments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="79"/>
        <source>Read bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="80"/>
        <source>Write bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="81"/>
        <source>Copy bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="82"/>
        <source>Vendor copy bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="83"/>
        <source>Size (API)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="84"/>
        <source>Persisting L2 maximum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="85"/>
        <source>Constant memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="86"/>
        <source>Shared memory per SM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="87"/>
        <source>Shared memory per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="88"/>
        <source>Reserved shared memory per block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="89"/>
        <source>Memory bus width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="90"/>
        <source>Memory clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="91"/>
        <source>Total memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/format.cpp" line="92"/>
        <source>Latency on a TLB miss</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::LatencyHistogramPlot</name>
    <message>
        <location filename="../../widgets/latency_plot.cpp" line="20"/>
        <source>Latency per load [cycles]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/latency_plot.cpp" line="21"/>
        <location filename="../../widgets/latency_plot.cpp" line="75"/>
        <source>Loads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/latency_plot.cpp" line="100"/>
        <source>mean %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/latency_plot.cpp" line="101"/>
        <source>median %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/latency_plot.cpp" line="102"/>
        <source>p95 %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../widgets/latency_plot.cpp" line="105"/>
        <source>%n load(s) outside the view (%1 to %2 cycles): zoom out to see them.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../widgets/latency_plot.cpp" line="120"/>
        <source>%1: %2 loads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/latency_plot.cpp" line="123"/>
        <source>%1–%2 cycles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/latency_plot.cpp" line="124"/>
        <source>%1 cycles</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::LineSizePlot</name>
    <message>
        <location filename="../../widgets/line_size_plot.cpp" line="14"/>
        <source>Stride</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/line_size_plot.cpp" line="54"/>
        <source>Fraction of loads that missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/line_size_plot.cpp" line="54"/>
        <source>Mean latency [cycles]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/line_size_plot.cpp" line="63"/>
        <source>array %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/line_size_plot.cpp" line="78"/>
        <source>%1 · confidence %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/line_size_plot.cpp" line="86"/>
        <source>A load counts as a miss above %1 cycles (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/line_size_plot.cpp" line="100"/>
        <source>stride %1, %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/line_size_plot.cpp" line="104"/>
        <source>stride %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::MainWindow</name>
    <message>
        <location filename="../main_window.cpp" line="54"/>
        <location filename="../main_window.cpp" line="345"/>
        <source>TopoScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="67"/>
        <location filename="../main_window.cpp" line="149"/>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="68"/>
        <source>Ctrl+R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="69"/>
        <source>Run the checked benchmarks on the chosen device (Ctrl+R, F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="71"/>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="72"/>
        <source>Ctrl+.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="73"/>
        <source>Stop the run; what was measured so far stays (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="75"/>
        <source>&amp;Open Recording…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="78"/>
        <source>&amp;Save Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="81"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="100"/>
        <source>Double-click a measured value to show its evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="114"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="123"/>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="128"/>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="135"/>
        <source>%v of %m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="142"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="153"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="163"/>
        <source>&amp;Palette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="165"/>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="166"/>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="167"/>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="176"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="177"/>
        <source>&amp;About TopoScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="178"/>
        <source>About TopoScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="179"/>
        <source>&lt;p&gt;&lt;b&gt;TopoScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Discovers GPU memory topology with pointer-chase microbenchmarks and shows the evidence as it is measured.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="195"/>
        <source>warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="204"/>
        <source>device: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="214"/>
        <source>warning: --only: no benchmark group &quot;%1&quot; on this device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="224"/>
        <source>not starting the run: the requested device is not here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="234"/>
        <source>warning: no device %1 here; choosing the default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="253"/>
        <source>nothing to run: check at least one benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="259"/>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="263"/>
        <source>run on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="269"/>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="270"/>
        <source>cancel requested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="279"/>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="284"/>
        <source>Open Recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="285"/>
        <source>TopoScope reports (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="290"/>
        <location filename="../main_window.cpp" line="299"/>
        <source>Save Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="291"/>
        <source>TopoScope reports (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="297"/>
        <source>report saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="299"/>
        <source>Could not save %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="304"/>
        <source>started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="308"/>
        <source>TopoScope — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="309"/>
        <source>%1 %2 (%3): %4 units at %5 MHz, L2 %6, memory %7 [%8]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="320"/>
        <source>%1 %2 = %3 (confidence %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="328"/>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="329"/>
        <source>elapsed %1, ETA %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../main_window.cpp" line="337"/>
        <source>Finished in %1: %n result(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="339"/>
        <source>Cancelled after %1; the results so far stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="341"/>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.cpp" line="354"/>
        <source>screenshot: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::PlotPanel</name>
    <message>
        <location filename="../../widgets/plot_panel.cpp" line="158"/>
        <source>TopoScope evidence plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/plot_panel.cpp" line="166"/>
        <source>unknown file type &quot;%1&quot; (use .png, .svg or .pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/plot_panel.cpp" line="169"/>
        <source>could not write %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::ResultsModel</name>
    <message>
        <location filename="../../widgets/results_model.cpp" line="51"/>
        <source>API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="51"/>
        <source>Benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="53"/>
        <source>undecided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="65"/>
        <source>%1 %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="66"/>
        <source>Method: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="67"/>
        <source>Evidence: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="69"/>
        <source>Latency: mean %1, median %2, p95 %3, σ %4 over %5 loads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="111"/>
        <source>Element</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="113"/>
        <source>Attribute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="115"/>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="117"/>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="119"/>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="121"/>
        <source>Method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/results_model.cpp" line="123"/>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::RunPanel</name>
    <message>
        <location filename="../run_panel.cpp" line="37"/>
        <source>Looking for devices…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../run_panel.cpp" line="51"/>
        <source>&amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../run_panel.cpp" line="52"/>
        <source>&amp;None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../run_panel.cpp" line="56"/>
        <source>&amp;Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../run_panel.cpp" line="58"/>
        <source>&amp;Benchmarks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../run_panel.cpp" line="84"/>
        <source>A GPU of this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../run_panel.cpp" line="84"/>
        <source>The simulator with this profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../run_panel.cpp" line="88"/>
        <source>Open recording…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../run_panel.cpp" line="106"/>
        <source>Recording: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::SizePlotWidget</name>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="26"/>
        <source>Array size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="27"/>
        <source>Latency per load [cycles]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="28"/>
        <source>Reduced value (RMS distance from the fastest load)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="33"/>
        <source>Minimum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="34"/>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="35"/>
        <source>Maximum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="36"/>
        <source>Reduction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="38"/>
        <source>Loads (darker: more loads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="171"/>
        <source>%1 · confidence %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../widgets/size_plot.cpp" line="183"/>
        <source>%1: %n array size(s), %2 loads</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="187"/>
        <source>decided %1 = %2 (confidence %3): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="220"/>
        <source>%1, load %2: %3 cycles (this size: min %4, mean %5, max %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="233"/>
        <source>%1: reduced value %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../widgets/size_plot.cpp" line="235"/>
        <source>%1, %2 cycles</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ts::gui::Threshold</name>
    <message>
        <location filename="../evidence_threshold.cpp" line="25"/>
        <source>hit/miss split of the fastest load of each stride</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../evidence_threshold.cpp" line="31"/>
        <source>hit/miss split of every load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../evidence_threshold.cpp" line="38"/>
        <source>far-out fence of the control row, Q3 + 3 IQR (miss rule)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../evidence_threshold.cpp" line="52"/>
        <source>near/far split of the row medians</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../evidence_threshold.cpp" line="55"/>
        <source>one latency level: every row near</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
