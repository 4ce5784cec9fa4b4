<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>QObject</name>
    <message>
        <source>&lt;p&gt;&lt;i&gt;%1 is not built into the program: it is in the docs folder of TopoScope&apos;s sources.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;%1 ist nicht in das Programm eingebaut: Es liegt im Ordner docs der Quellen von TopoScope.&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>TopoScope User Guide</source>
        <translation>TopoScope-Benutzerhandbuch</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;TopoScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Discovers the memory and compute topology of NVIDIA and AMD GPUs with microbenchmarks and shows the evidence as it is measured.&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;Commit&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Backends&lt;/td&gt;&lt;td&gt;%3&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;CUDA architectures&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;HIP architectures&lt;/td&gt;&lt;td&gt;%5&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Shown GPU&lt;/td&gt;&lt;td&gt;%6&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Qt&lt;/td&gt;&lt;td&gt;%7&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Licence: GNU General Public License, version 3 or later. MT4G&apos;s sample data used by the tests: Apache License 2.0.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;TopoScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Ermittelt die Speicher- und Rechentopologie von NVIDIA- und AMD-GPUs mit Mikrobenchmarks und zeigt die Belege, während sie gemessen werden.&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;Commit&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Backends&lt;/td&gt;&lt;td&gt;%3&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;CUDA-Architekturen&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;HIP-Architekturen&lt;/td&gt;&lt;td&gt;%5&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Angezeigte GPU&lt;/td&gt;&lt;td&gt;%6&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Qt&lt;/td&gt;&lt;td&gt;%7&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Lizenz: GNU General Public License, Version 3 oder später. Die Beispieldaten von MT4G, die die Tests nutzen: Apache License 2.0.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>noch keine</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>&amp;Benutzerhandbuch</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About TopoScope</source>
        <translation>&amp;Über TopoScope</translation>
    </message>
    <message>
        <source>About TopoScope</source>
        <translation>Über TopoScope</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>TopoScope: GPU memory topology by pointer-chase microbenchmarks, live.</source>
        <translation>TopoScope: GPU-Speichertopologie durch Pointer-Chase-Mikrobenchmarks, live.</translation>
    </message>
    <message>
        <source>auto, cuda, hip or sim.</source>
        <translation>auto, cuda, hip oder sim.</translation>
    </message>
    <message>
        <source>GPU index.</source>
        <translation>Index der GPU.</translation>
    </message>
    <message>
        <source>Simulator profile (built-in name).</source>
        <translation>Simulatorprofil (Name eines eingebauten Profils).</translation>
    </message>
    <message>
        <source>Comma list of benchmark groups to check.</source>
        <translation>Kommagetrennte Liste der anzuwählenden Benchmark-Gruppen.</translation>
    </message>
    <message>
        <source>Start a run at launch.</source>
        <translation>Beim Start sofort einen Lauf beginnen.</translation>
    </message>
    <message>
        <source>When the run or recording is done, save screenshots into DIR.</source>
        <translation>Nach dem Lauf oder der Aufzeichnung Bildschirmfotos im Ordner DIR speichern.</translation>
    </message>
    <message>
        <source>Quit when the run (and screenshots) are done.</source>
        <translation>Beenden, wenn der Lauf (und die Bildschirmfotos) fertig sind.</translation>
    </message>
    <message>
        <source>Neither read nor write saved settings.</source>
        <translation>Gespeicherte Einstellungen weder lesen noch schreiben.</translation>
    </message>
    <message>
        <source>Colours: system, light or dark.</source>
        <translation>Farben: system, light (hell) oder dark (dunkel).</translation>
    </message>
    <message>
        <source>Language of the interface: %1 (default: the system&apos;s).</source>
        <translation>Sprache der Oberfläche: %1 (Vorgabe: die des Systems).</translation>
    </message>
    <message>
        <source>--device needs a GPU index</source>
        <translation>--device erwartet den Index einer GPU</translation>
    </message>
    <message>
        <source>--backend must be auto, cuda, hip or sim</source>
        <translation>--backend muss auto, cuda, hip oder sim sein</translation>
    </message>
    <message>
        <source>--sim-delay-us needs a number of microseconds</source>
        <translation>--sim-delay-us erwartet eine Anzahl Mikrosekunden</translation>
    </message>
    <message>
        <source>--palette must be system, light or dark</source>
        <translation>--palette muss system, light oder dark sein</translation>
    </message>
    <message>
        <source>--lang must be one of: %1</source>
        <translation>--lang muss eines der folgenden sein: %1</translation>
    </message>
    <message>
        <source>After the run (--run) or recording (--open), write the topology sheet (PDF) to FILE and exit.</source>
        <translation>Nach dem Lauf (--run) oder der Aufzeichnung (--open) das Topologieblatt (PDF) in die Datei FILE schreiben und beenden.</translation>
    </message>
    <message>
        <source>--export-pdf needs --run or --open</source>
        <translation>--export-pdf braucht --run oder --open</translation>
    </message>
    <message>
        <source>Open a recording: a session file, a TopoScope report, an MT4G JSON report or an MT4G raw folder.</source>
        <translation>Eine Aufzeichnung öffnen: eine Sitzungsdatei, einen TopoScope-Bericht, einen MT4G-JSON-Bericht oder einen MT4G-Rohdatenordner.</translation>
    </message>
    <message>
        <source>Open a fleet to compare: a fleet report, or several TopoScope reports (the files after --fleet).</source>
        <translation>Eine Flotte zum Vergleich öffnen: ein Flottenbericht oder mehrere TopoScope-Berichte (die Dateien nach --fleet).</translation>
    </message>
    <message>
        <source>With --fleet: more reports of the fleet.</source>
        <translation>Mit --fleet: weitere Berichte der Flotte.</translation>
    </message>
    <message>
        <source>Displays version information.</source>
        <translation>Zeigt die Versionsinformation an.</translation>
    </message>
    <message>
        <source>With --open: play the recording as if it were running, at its recorded pace (slowed so that a short run lasts about 20 s) or, without time stamps, one row every 25 ms.</source>
        <translation>Mit --open: die Aufzeichnung abspielen, als liefe sie gerade, in ihrem aufgezeichneten Tempo (so verlangsamt, dass ein kurzer Lauf etwa 20 s dauert) oder, ohne Zeitstempel, eine Zeile alle 25 ms.</translation>
    </message>
    <message>
        <source>With --replay: times the recorded pace (1: as recorded, 0.2: five times slower).</source>
        <translation>Mit --replay: das Vielfache des aufgezeichneten Tempos (1: wie aufgezeichnet, 0.2: fünfmal langsamer).</translation>
    </message>
    <message>
        <source>--replay needs a recording: --open FILE</source>
        <translation>--replay braucht eine Aufzeichnung: --open FILE</translation>
    </message>
    <message>
        <source>--replay-speed needs --replay</source>
        <translation>--replay-speed braucht --replay</translation>
    </message>
    <message>
        <source>--replay-speed needs a factor above 0 (1: the recorded pace)</source>
        <translation>--replay-speed braucht einen Faktor über 0 (1: das aufgezeichnete Tempo)</translation>
    </message>
    <message>
        <source>--tlb-walk-gib needs 1 to 128 (GiB)</source>
        <translation>--tlb-walk-gib braucht 1 bis 128 (GiB)</translation>
    </message>
    <message>
        <source>Where the backend cannot map one allocation many times (HIP), let the TLB walks take up to this many GiB of device memory (1-128, default 16); CUDA walks span 128 GiB of addresses in 1 GiB.</source>
        <translation>Wo das Backend eine Allokation nicht mehrfach abbilden kann (HIP), dürfen die TLB-Läufe bis zu so viele GiB Gerätespeicher belegen (1–128, Vorgabe 16); CUDA-Läufe überspannen 128 GiB Adressen in 1 GiB.</translation>
    </message>
    <message>
        <source>Simulator: start a device call at most every this many microseconds, each benchmark waiting at most 3.5 s in all (default: %1, so a run can be watched; 0: as fast as it goes).</source>
        <translation>Simulator: höchstens alle so viele Mikrosekunden einen Geräteaufruf starten, jeder Benchmark wartet insgesamt höchstens 3,5 s (Vorgabe: %1, damit man einem Lauf zusehen kann; 0: so schnell es geht).</translation>
    </message>
</context>
<context>
    <name>ts::gui</name>
    <message>
        <source>%1: cannot encode the image</source>
        <translation>%1: das Bild kann nicht kodiert werden</translation>
    </message>
</context>
<context>
    <name>ts::gui::BandwidthPlot</name>
    <message>
        <source>Blocks</source>
        <translation>Blöcke</translation>
    </message>
    <message>
        <source>Bandwidth [GiB/s]</source>
        <translation>Bandbreite [GiB/s]</translation>
    </message>
    <message>
        <source>%1 threads per block</source>
        <translation>%1 Threads pro Block</translation>
    </message>
    <message numerus="yes">
        <source>%n more block size(s) not drawn.</source>
        <translation>
            <numerusform>%n weitere Blockgröße nicht gezeichnet.</numerusform>
            <numerusform>%n weitere Blockgrößen nicht gezeichnet.</numerusform>
        </translation>
    </message>
    <message>
        <source>Warps per SM (wavefronts per CU)</source>
        <translation>Warps pro SM (Wavefronts pro CU)</translation>
    </message>
    <message>
        <source>%1 warps</source>
        <translation>%1 Warps</translation>
    </message>
    <message>
        <source>%1 blocks</source>
        <translation>%1 Blöcke</translation>
    </message>
    <message>
        <source>%1, %2: %3 GiB/s</source>
        <translation>%1, %2: %3 GiB/s</translation>
    </message>
    <message numerus="yes">
        <source>%n load(s) in flight per thread</source>
        <translation>
            <numerusform>%n Ladevorgang pro Thread unterwegs</numerusform>
            <numerusform>%n Ladevorgänge pro Thread unterwegs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n store(s) in flight per thread</source>
        <translation>
            <numerusform>%n Speichervorgang pro Thread unterwegs</numerusform>
            <numerusform>%n Speichervorgänge pro Thread unterwegs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::BenchmarkTreeModel</name>
    <message>
        <source>Benchmarks</source>
        <translation>Benchmarks</translation>
    </message>
    <message>
        <source>Uncheck to leave this cache out of the &quot;%1&quot; group</source>
        <translation>Abwählen, um diesen Cache aus der Gruppe „%1“ herauszunehmen</translation>
    </message>
</context>
<context>
    <name>ts::gui::Catalog</name>
    <message>
        <source>L1 cache</source>
        <translation>L1-Cache</translation>
    </message>
    <message>
        <source>L2 cache</source>
        <translation>L2-Cache</translation>
    </message>
    <message>
        <source>Texture cache</source>
        <translation>Textur-Cache</translation>
    </message>
    <message>
        <source>Read-only cache</source>
        <translation>Nur-Lese-Cache</translation>
    </message>
    <message>
        <source>Constant caches</source>
        <translation>Konstanten-Caches</translation>
    </message>
    <message>
        <source>Scratchpad (shared memory / LDS)</source>
        <translation>Scratchpad (Shared Memory / LDS)</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>Gerätespeicher</translation>
    </message>
    <message>
        <source>Scalar L1 cache</source>
        <translation>Skalarer L1-Cache</translation>
    </message>
    <message>
        <source>Amount and sharing</source>
        <translation>Anzahl und gemeinsame Nutzung</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>Bandbreite</translation>
    </message>
    <message>
        <source>SM layout (TPCs, GPCs)</source>
        <translation>SM-Anordnung (TPCs, GPCs)</translation>
    </message>
    <message>
        <source>Benchmark group &quot;%1&quot; (toposcope-cli --only %1)</source>
        <translation>Benchmark-Gruppe „%1“ (toposcope-cli --only %1)</translation>
    </message>
    <message>
        <source>Benchmark group &quot;%1&quot;, not in the default run (toposcope-cli --with %1)</source>
        <translation>Benchmarkgruppe &quot;%1&quot;, nicht im Standardlauf (toposcope-cli --with %1)</translation>
    </message>
    <message>
        <source>Roofline (bandwidth of every level, occupancy)</source>
        <translation>Roofline (Bandbreite jeder Ebene, Auslastung)</translation>
    </message>
</context>
<context>
    <name>ts::gui::CuMapView</name>
    <message>
        <source>Click a CU to see which CUs share its scalar L1.</source>
        <translation>Eine CU anklicken, um zu sehen, welche CUs sich ihren skalaren L1 teilen.</translation>
    </message>
    <message>
        <source>CU %1 is disabled.</source>
        <translation>CU %1 ist abgeschaltet.</translation>
    </message>
    <message>
        <source>CU %1 was not measured.</source>
        <translation>CU %1 wurde nicht gemessen.</translation>
    </message>
    <message>
        <source>CU %1 has its scalar L1 to itself.</source>
        <translation>CU %1 hat ihren skalaren L1 für sich allein.</translation>
    </message>
    <message>
        <source>CU %1 shares its scalar L1 with CU %2.</source>
        <translation>CU %1 teilt ihren skalaren L1 mit CU %2.</translation>
    </message>
    <message>
        <source>No run yet: the CU-sharing map shows which CUs of an AMD GPU (or its simulator profile) share a scalar L1, once the sharing benchmarks have run.</source>
        <translation>Noch kein Lauf: Die CU-Sharing-Karte zeigt, welche CUs einer AMD-GPU (oder ihres Simulatorprofils) sich einen skalaren L1 teilen, sobald die Sharing-Benchmarks gelaufen sind.</translation>
    </message>
    <message>
        <source>No sL1d sharing measured yet on %1: the map appears when the sharing benchmarks have found which CUs share a scalar L1.</source>
        <translation>Auf %1 ist noch keine sL1d-Teilung gemessen: Die Karte erscheint, sobald die Sharing-Benchmarks gefunden haben, welche CUs sich einen skalaren L1 teilen.</translation>
    </message>
    <message>
        <source>%1 has no scalar L1 shared by CUs: the CU-sharing map is for AMD GPUs.</source>
        <translation>%1 hat keinen von CUs geteilten skalaren L1: Die CU-Sharing-Karte gilt AMD-GPUs.</translation>
    </message>
</context>
<context>
    <name>ts::gui::CuSharingMap</name>
    <message>
        <source>groups of %1: %2</source>
        <translation>Gruppen zu %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>; %n disabled CU(s)</source>
        <translation>
            <numerusform>; %n abgeschaltete CU</numerusform>
            <numerusform>; %n abgeschaltete CUs</numerusform>
        </translation>
    </message>
    <message>
        <source>CU %1 (XCD %2)</source>
        <translation>CU %1 (XCD %2)</translation>
    </message>
    <message>
        <source>CU %1</source>
        <translation>CU %1</translation>
    </message>
    <message>
        <source>%1: disabled</source>
        <translation>%1: abgeschaltet</translation>
    </message>
    <message>
        <source>%1: not measured</source>
        <translation>%1: nicht gemessen</translation>
    </message>
    <message>
        <source>%1: its scalar L1 (sL1d) to itself · group %2 of %3</source>
        <translation>%1: ihr skalarer L1 (sL1d) für sich allein · Gruppe %2 von %3</translation>
    </message>
    <message>
        <source>%1: shares its scalar L1 (sL1d) with CU %2 · group %3 of %4</source>
        <translation>%1: teilt ihren skalaren L1 (sL1d) mit CU %2 · Gruppe %3 von %4</translation>
    </message>
    <message>
        <source>XCD %1</source>
        <translation>XCD %1</translation>
    </message>
    <message>
        <source>one outlined shape: CUs that share one scalar L1 (sL1d); colours only tell neighbours apart</source>
        <translation>eine umrandete Form: CUs, die sich einen skalaren L1 (sL1d) teilen; die Farben unterscheiden nur Nachbarn</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>abgeschaltet</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>selected CU and its partners</source>
        <translation>gewählte CU und ihre Partner</translation>
    </message>
</context>
<context>
    <name>ts::gui::ElementDetailPanel</name>
    <message>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
    <message>
        <source>Show plot</source>
        <translation>Grafik zeigen</translation>
    </message>
    <message>
        <source>Show the evidence series %1</source>
        <translation>Die Messreihe %1 zeigen</translation>
    </message>
    <message>
        <source>&lt;i&gt;Click a box of the diagram to see what was found about it.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Einen Kasten des Diagramms anklicken, um zu sehen, was darüber ermittelt wurde.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>Hersteller</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Takt</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Treiber</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Physical id</source>
        <translation>Physische Nummer</translation>
    </message>
    <message numerus="yes">
        <source> (%n group(s))</source>
        <translation>
            <numerusform> (%n Gruppe)</numerusform>
            <numerusform> (%n Gruppen)</numerusform>
        </translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation>Benchmark</translation>
    </message>
</context>
<context>
    <name>ts::gui::Evidence</name>
    <message>
        <source>%1: no decision yet</source>
        <translation>%1: noch keine Entscheidung</translation>
    </message>
    <message>
        <source>%1 %2 = %3 (confidence %4)</source>
        <translation>%1 %2 = %3 (Konfidenz %4)</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1: %2.</translation>
    </message>
    <message>
        <source>%1 = %2 (confidence %3)</source>
        <translation>%1 = %2 (Konfidenz %3)</translation>
    </message>
</context>
<context>
    <name>ts::gui::EvidencePage</name>
    <message>
        <source>Double-click a measured value, or press Enter on it, to show its evidence</source>
        <translation>Doppelklick oder Eingabetaste auf einem Messwert zeigt seine Belege</translation>
    </message>
</context>
<context>
    <name>ts::gui::EvidenceRowsPlot</name>
    <message>
        <source>Latency per re-timed load [cycles]</source>
        <translation>Latenz pro erneut gemessenem Ladezugriff [Takte]</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>At hit latency: data kept (or near)</source>
        <translation>Bei Trefferlatenz: Daten behalten (oder nah)</translation>
    </message>
    <message>
        <source>Slower: data evicted (or far)</source>
        <translation>Langsamer: Daten verdrängt (oder fern)</translation>
    </message>
    <message>
        <source>Threshold %1 cycles: %2.</source>
        <translation>Schwelle %1 Takte: %2.</translation>
    </message>
    <message>
        <source>Each row carries the engine&apos;s own verdict (1 = the other side evicted the data).</source>
        <translation>Jede Zeile trägt das Urteil der Engine (1 = die andere Seite hat die Daten verdrängt).</translation>
    </message>
    <message>
        <source>%1: %2 loads, min %3, median %4, max %5 cycles: %6</source>
        <translation>%1: %2 Ladezugriffe, Min. %3, Median %4, Max. %5 Takte: %6</translation>
    </message>
    <message>
        <source>evicted / far</source>
        <translation>verdrängt / fern</translation>
    </message>
    <message>
        <source>kept / near</source>
        <translation>behalten / nah</translation>
    </message>
    <message>
        <source>Rows without loads, not drawn: %1.</source>
        <translation>Zeilen ohne Ladezugriffe, nicht gezeichnet: %1.</translation>
    </message>
</context>
<context>
    <name>ts::gui::EvidenceView</name>
    <message>
        <source>Follow run</source>
        <translation>Lauf folgen</translation>
    </message>
    <message>
        <source>No evidence yet: press Run to measure, or open a recording.</source>
        <translation>Noch keine Belege: „Ausführen“ drücken, um zu messen, oder eine Aufzeichnung öffnen.</translation>
    </message>
    <message>
        <source>&amp;Follow Run</source>
        <translation>Lauf f&amp;olgen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation>Ctrl+Shift+F</translation>
    </message>
    <message>
        <source>Show each new series as the run starts it</source>
        <translation>Jede neue Messreihe zeigen, sobald der Lauf sie beginnt</translation>
    </message>
    <message>
        <source>&amp;Logarithmic Axis</source>
        <translation>&amp;Logarithmische Achse</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>&amp;Reset View</source>
        <translation>Ansicht &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>Fit the axes to the data again (or double-click the plot)</source>
        <translation>Die Achsen wieder an die Daten anpassen (oder auf die Grafik doppelklicken)</translation>
    </message>
    <message>
        <source>&amp;Export Plot…</source>
        <translation>Grafik &amp;exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Next Series</source>
        <translation>&amp;Nächste Messreihe</translation>
    </message>
    <message>
        <source>Ctrl+PgDown</source>
        <translation>Ctrl+PgDown</translation>
    </message>
    <message>
        <source>&amp;Previous Series</source>
        <translation>&amp;Vorherige Messreihe</translation>
    </message>
    <message>
        <source>Ctrl+PgUp</source>
        <translation>Ctrl+PgUp</translation>
    </message>
    <message>
        <source>&amp;Evidence:</source>
        <translation>&amp;Messreihe:</translation>
    </message>
    <message>
        <source>no plot is shown</source>
        <translation>keine Grafik angezeigt</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Export Plot</source>
        <translation>Grafik exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Measuring %1: no evidence from it yet.</source>
        <translation>%1 wird gemessen: noch keine Belege davon.</translation>
    </message>
</context>
<context>
    <name>ts::gui::FetchGranularityPlot</name>
    <message>
        <source>Stride</source>
        <translation>Schrittweite</translation>
    </message>
    <message>
        <source>Fraction of loads that missed</source>
        <translation>Anteil der Ladezugriffe mit Fehlzugriff</translation>
    </message>
    <message>
        <source>Latency per load [cycles]</source>
        <translation>Latenz pro Ladezugriff [Takte]</translation>
    </message>
    <message>
        <source>Loads</source>
        <translation>Ladezugriffe</translation>
    </message>
    <message>
        <source>Observed miss fraction</source>
        <translation>Beobachteter Fehlzugriffsanteil</translation>
    </message>
    <message>
        <source>Sector model of the decision</source>
        <translation>Sektormodell der Entscheidung</translation>
    </message>
    <message>
        <source>%1 · confidence %2</source>
        <translation>%1 · Konfidenz %2</translation>
    </message>
    <message>
        <source>%1 (bound)</source>
        <translation>%1 (Schranke)</translation>
    </message>
    <message>
        <source>A load counts as a miss above %1 cycles (%2).</source>
        <translation>Ein Ladezugriff gilt über %1 Takten als Fehlzugriff (%2).</translation>
    </message>
    <message>
        <source>stride %1</source>
        <translation>Schrittweite %1</translation>
    </message>
    <message>
        <source>stride %1: %2 loads, latency min %3, mean %4, max %5 cycles</source>
        <translation>Schrittweite %1: %2 Ladezugriffe, Latenz Min. %3, Mittel %4, Max. %5 Takte</translation>
    </message>
    <message>
        <source>; miss fraction %1</source>
        <translation>; Fehlzugriffsanteil %1</translation>
    </message>
    <message>
        <source> · shared GPU</source>
        <translation> · geteilte GPU</translation>
    </message>
</context>
<context>
    <name>ts::gui::FleetGpuPane</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 %2 (median %3)</source>
        <translation>%1 %2 (Median %3)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>No outliers</source>
        <translation>Keine Ausreißer</translation>
    </message>
    <message>
        <source>Outliers: %1</source>
        <translation>Ausreißer: %1</translation>
    </message>
    <message numerus="yes">
        <source>One of the %n GPU(s) compared side by side</source>
        <translation>
            <numerusform>Eine der %n nebeneinander verglichenen GPUs</numerusform>
            <numerusform>Eine der %n nebeneinander verglichenen GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::FleetLoad</name>
    <message>
        <source>the folder holds no .json file</source>
        <translation>der Ordner enthält keine .json-Datei</translation>
    </message>
    <message>
        <source>no files given</source>
        <translation>keine Dateien angegeben</translation>
    </message>
</context>
<context>
    <name>ts::gui::FleetPage</name>
    <message>
        <source>Open &amp;Fleet…</source>
        <translation>&amp;Flotte öffnen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Compare GPUs: a fleet report, or several TopoScope reports chosen at once</source>
        <translation>GPUs vergleichen: ein Flottenbericht oder mehrere gleichzeitig gewählte TopoScope-Berichte</translation>
    </message>
    <message>
        <source>Open Fleet</source>
        <translation>Flotte öffnen</translation>
    </message>
    <message>
        <source>Fleet reports or TopoScope reports (*.json);;All files (*)</source>
        <translation>Flottenberichte oder TopoScope-Berichte (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Fleet</source>
        <translation>F&amp;lotte</translation>
    </message>
    <message>
        <source>Could not open the fleet: %1</source>
        <translation>Die Flotte konnte nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <translation>%1 konnte nicht geöffnet werden: %2</translation>
    </message>
</context>
<context>
    <name>ts::gui::FleetTableModel</name>
    <message>
        <source>UUID %1 (synthetic: made from the simulator profile, rank and index)</source>
        <translation>UUID %1 (synthetisch: aus Simulatorprofil, Rang und Index gebildet)</translation>
    </message>
    <message>
        <source>UUID %1</source>
        <translation>UUID %1</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>aus %1</translation>
    </message>
    <message>
        <source>No value: the report lacks it, or its benchmark could not decide</source>
        <translation>Kein Wert: Der Bericht enthält ihn nicht, oder sein Benchmark konnte nicht entscheiden</translation>
    </message>
    <message>
        <source>No verdict for this attribute</source>
        <translation>Kein Urteil für dieses Attribut</translation>
    </message>
    <message>
        <source>robust z = %1, median %2</source>
        <translation>robustes z = %1, Median %2</translation>
    </message>
    <message>
        <source>Outlier: </source>
        <translation>Ausreißer: </translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Host (or report file) · device index · UUID, first 8 digits</source>
        <translation>Host (oder Berichtsdatei) · Geräteindex · UUID, erste 8 Stellen</translation>
    </message>
    <message>
        <source>count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>%1
[%2]</source>
        <translation>%1
[%2]</translation>
    </message>
    <message>
        <source>%1: median %2</source>
        <translation>%1: Median %2</translation>
    </message>
    <message>
        <source>No outlier verdict with fewer than %1 GPUs</source>
        <translation>Kein Ausreißer-Urteil bei weniger als %1 GPUs</translation>
    </message>
</context>
<context>
    <name>ts::gui::FleetView</name>
    <message>
        <source>What the comparison could not judge, and why</source>
        <translation>Was der Vergleich nicht beurteilen konnte, und warum</translation>
    </message>
    <message>
        <source>Select two GPUs (Ctrl+click) to see their diagrams side by side</source>
        <translation>Zwei GPUs auswählen (Strg+Klick), um ihre Diagramme nebeneinander zu sehen</translation>
    </message>
    <message>
        <source>Select two GPUs in the table (Ctrl+click) to see their diagrams side by side.</source>
        <translation>Zwei GPUs in der Tabelle auswählen (Strg+Klick), um ihre Diagramme nebeneinander zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s), no outliers</source>
        <translation>
            <numerusform>%n GPU, keine Ausreißer</numerusform>
            <numerusform>%n GPUs, keine Ausreißer</numerusform>
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
            <numerusform>%n Ausreißer</numerusform>
            <numerusform>%n Ausreißer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attribute(s)</source>
        <translation>
            <numerusform>%n Attribut</numerusform>
            <numerusform>%n Attribute</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) compared side by side; no outlier verdict with fewer than %1 GPUs</source>
        <translation>
            <numerusform>%n GPU nebeneinander verglichen; kein Ausreißer-Urteil bei weniger als %1 GPUs</numerusform>
            <numerusform>%n GPUs nebeneinander verglichen; kein Ausreißer-Urteil bei weniger als %1 GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::Format</name>
    <message>
        <source>%1 cycles</source>
        <translation>%1 Takte</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Line size</source>
        <translation>Zeilengröße</translation>
    </message>
    <message>
        <source>Fetch granularity</source>
        <translation>Abrufgranularität</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>Miss penalty</source>
        <translation>Fehlzugriffskosten</translation>
    </message>
    <message>
        <source>Amount per SM/CU</source>
        <translation>Anzahl pro SM/CU</translation>
    </message>
    <message>
        <source>Shared with</source>
        <translation>Geteilt mit</translation>
    </message>
    <message>
        <source>Shared between CUs</source>
        <translation>Zwischen CUs geteilt</translation>
    </message>
    <message>
        <source>Segment size</source>
        <translation>Segmentgröße</translation>
    </message>
    <message>
        <source>Segments</source>
        <translation>Segmente</translation>
    </message>
    <message>
        <source>Read bandwidth</source>
        <translation>Lesebandbreite</translation>
    </message>
    <message>
        <source>Write bandwidth</source>
        <translation>Schreibbandbreite</translation>
    </message>
    <message>
        <source>Copy bandwidth</source>
        <translation>Kopierbandbreite</translation>
    </message>
    <message>
        <source>Vendor copy bandwidth</source>
        <translation>Kopierbandbreite (Herstellerfunktion)</translation>
    </message>
    <message>
        <source>Size (API)</source>
        <translation>Größe (API)</translation>
    </message>
    <message>
        <source>Persisting L2 maximum</source>
        <translation>Höchstmenge des persistenten L2</translation>
    </message>
    <message>
        <source>Constant memory</source>
        <translation>Konstantenspeicher</translation>
    </message>
    <message>
        <source>Shared memory per SM</source>
        <translation>Shared Memory pro SM</translation>
    </message>
    <message>
        <source>Shared memory per block</source>
        <translation>Shared Memory pro Block</translation>
    </message>
    <message>
        <source>Reserved shared memory per block</source>
        <translation>Reserviertes Shared Memory pro Block</translation>
    </message>
    <message>
        <source>Memory bus width</source>
        <translation>Speicherbusbreite</translation>
    </message>
    <message>
        <source>Memory clock</source>
        <translation>Speichertakt</translation>
    </message>
    <message>
        <source>Total memory</source>
        <translation>Gesamtspeicher</translation>
    </message>
    <message>
        <source>Latency on a TLB miss</source>
        <translation>Latenz bei TLB-Fehlzugriff</translation>
    </message>
    <message>
        <source>undecided</source>
        <translation>unentschieden</translation>
    </message>
    <message>
        <source>undecided: %1</source>
        <translation>unentschieden: %1</translation>
    </message>
    <message>
        <source>Line size (API)</source>
        <translation>Zeilengröße (API)</translation>
    </message>
    <message>
        <source>Disabled units</source>
        <translation>Deaktivierte Einheiten</translation>
    </message>
    <message>
        <source>Segment knee</source>
        <translation>Segment-Knick</translation>
    </message>
    <message>
        <source>Segment fraction</source>
        <translation>Segmentanteil</translation>
    </message>
    <message>
        <source>Near latency</source>
        <translation>Latenz nah</translation>
    </message>
    <message>
        <source>Far latency</source>
        <translation>Latenz fern</translation>
    </message>
    <message>
        <source>Far penalty</source>
        <translation>Aufschlag fern</translation>
    </message>
    <message>
        <source>Near latency spread over units</source>
        <translation>Streuung der Latenz nah über die Einheiten</translation>
    </message>
    <message>
        <source>Far latency spread over units</source>
        <translation>Streuung der Latenz fern über die Einheiten</translation>
    </message>
    <message>
        <source>TPCs (SM pairs)</source>
        <translation>TPCs (SM-Paare)</translation>
    </message>
    <message>
        <source>GPCs</source>
        <translation>GPCs (Grafikprozessor-Cluster)</translation>
    </message>
    <message>
        <source>Largest thread-block cluster</source>
        <translation>Größter Thread-Block-Cluster</translation>
    </message>
    <message>
        <source>Near capacity</source>
        <translation>Kapazität nah</translation>
    </message>
    <message>
        <source>Far capacity</source>
        <translation>Kapazität fern</translation>
    </message>
    <message>
        <source>Far replicated</source>
        <translation>Fern repliziert</translation>
    </message>
    <message>
        <source>Shared capacity</source>
        <translation>Gemeinsame Kapazität</translation>
    </message>
    <message>
        <source>Ways</source>
        <translation>Wege</translation>
    </message>
    <message>
        <source>Sets</source>
        <translation>Sätze</translation>
    </message>
    <message>
        <source>Set index function</source>
        <translation>Satzindexfunktion</translation>
    </message>
    <message>
        <source>Replacement policy</source>
        <translation>Ersetzungsstrategie</translation>
    </message>
    <message>
        <source>TLB levels</source>
        <translation>TLB-Stufen</translation>
    </message>
    <message>
        <source>TLB %1 entries</source>
        <translation>TLB %1: Einträge</translation>
    </message>
    <message>
        <source>TLB %1 miss cost</source>
        <translation>TLB %1: Fehlzugriffskosten</translation>
    </message>
    <message>
        <source>TLB %1 page size</source>
        <translation>TLB %1: Seitengröße</translation>
    </message>
    <message>
        <source>TLB %1 reach</source>
        <translation>TLB %1: Reichweite</translation>
    </message>
    <message>
        <source>TLB %1 scope</source>
        <translation>TLB %1: Geltungsbereich</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s)</source>
        <translation>
            <numerusform>%n Gruppe</numerusform>
            <numerusform>%n Gruppen</numerusform>
        </translation>
    </message>
    <message>
        <source>Contiguous knee</source>
        <translation>Knick (zusammenhängend)</translation>
    </message>
    <message>
        <source>%1 MHz</source>
        <translation>%1 MHz</translation>
    </message>
    <message>
        <source>%1</source>
        <comment>the engine&apos;s reason, in English: mark it so in another language</comment>
        <translation>(auf Englisch:) %1</translation>
    </message>
    <message>
        <source>Read bytes per cycle per SM/CU</source>
        <translation>Gelesene Bytes pro Takt und SM/CU</translation>
    </message>
    <message>
        <source>Warps for 90 % of the bandwidth</source>
        <translation>Warps für 90 % der Bandbreite</translation>
    </message>
    <message>
        <source>Loads in flight for 90 %</source>
        <translation>Ladevorgänge unterwegs für 90 %</translation>
    </message>
    <message>
        <source>Write policy</source>
        <translation>Schreibstrategie</translation>
    </message>
    <message>
        <source>Write allocation</source>
        <translation>Zeilenbelegung beim Schreiben</translation>
    </message>
    <message>
        <source>Write bytes per cycle per SM/CU</source>
        <translation>Schreib-Bytes pro Takt und SM/CU</translation>
    </message>
    <message>
        <source>Warps for 90 % of the write bandwidth</source>
        <translation>Warps für 90 % der Schreibbandbreite</translation>
    </message>
    <message>
        <source>Stores in flight for 90 %</source>
        <translation>Ausstehende Speicherbefehle für 90 %</translation>
    </message>
    <message>
        <source>Broadcast read bandwidth</source>
        <translation>Broadcast-Lesebandbreite</translation>
    </message>
    <message>
        <source>Broadcast bytes per cycle per SM</source>
        <translation>Broadcast-Bytes pro Takt und SM</translation>
    </message>
    <message>
        <source>Warps for 90 % of the broadcast bandwidth</source>
        <translation>Warps für 90 % der Broadcast-Bandbreite</translation>
    </message>
    <message>
        <source>Broadcast loads in flight for 90 %</source>
        <translation>Ausstehende Broadcast-Ladebefehle für 90 %</translation>
    </message>
</context>
<context>
    <name>ts::gui::LatencyHistogramPlot</name>
    <message>
        <source>Latency per load [cycles]</source>
        <translation>Latenz pro Ladezugriff [Takte]</translation>
    </message>
    <message>
        <source>Loads</source>
        <translation>Ladezugriffe</translation>
    </message>
    <message>
        <source>mean %1</source>
        <translation>Mittel %1</translation>
    </message>
    <message>
        <source>median %1</source>
        <translation>Median %1</translation>
    </message>
    <message>
        <source>p95 %1</source>
        <translation>p95 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n load(s) outside the view (%1 to %2 cycles): zoom out to see them.</source>
        <translation>
            <numerusform>%n Ladezugriff außerhalb der Ansicht (%1 bis %2 Takte): herauszoomen, um ihn zu sehen.</numerusform>
            <numerusform>%n Ladezugriffe außerhalb der Ansicht (%1 bis %2 Takte): herauszoomen, um sie zu sehen.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 loads</source>
        <translation>%1: %2 Ladezugriffe</translation>
    </message>
    <message>
        <source>%1–%2 cycles</source>
        <translation>%1–%2 Takte</translation>
    </message>
    <message>
        <source>%1 cycles</source>
        <translation>%1 Takte</translation>
    </message>
    <message numerus="yes">
        <source>%n more row(s)</source>
        <translation>
            <numerusform>%n weitere Zeile</numerusform>
            <numerusform>%n weitere Zeilen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::LaunchDevice</name>
    <message>
        <source>warning: no device %1 here; choosing the default</source>
        <translation>Warnung: kein Gerät %1 vorhanden; die Vorgabe wird gewählt</translation>
    </message>
</context>
<context>
    <name>ts::gui::LineSizePlot</name>
    <message>
        <source>Stride</source>
        <translation>Schrittweite</translation>
    </message>
    <message>
        <source>Fraction of loads that missed</source>
        <translation>Anteil der Ladezugriffe mit Fehlzugriff</translation>
    </message>
    <message>
        <source>Mean latency [cycles]</source>
        <translation>Mittlere Latenz [Takte]</translation>
    </message>
    <message>
        <source>array %1</source>
        <translation>Array %1</translation>
    </message>
    <message>
        <source>%1 · confidence %2</source>
        <translation>%1 · Konfidenz %2</translation>
    </message>
    <message>
        <source>A load counts as a miss above %1 cycles (%2).</source>
        <translation>Ein Ladezugriff gilt über %1 Takten als Fehlzugriff (%2).</translation>
    </message>
    <message>
        <source>stride %1, %2: %3</source>
        <translation>Schrittweite %1, %2: %3</translation>
    </message>
    <message>
        <source>stride %1</source>
        <translation>Schrittweite %1</translation>
    </message>
    <message>
        <source> · shared GPU</source>
        <translation> · geteilte GPU</translation>
    </message>
    <message numerus="yes">
        <source>%n more array size(s) not drawn.</source>
        <translation>
            <numerusform>%n weitere Feldgröße nicht gezeichnet.</numerusform>
            <numerusform>%n weitere Feldgrößen nicht gezeichnet.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::MainWindow</name>
    <message>
        <source>TopoScope</source>
        <translation>TopoScope</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>Aus&amp;führen</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>Run the checked benchmarks on the chosen device (Ctrl+R, F5)</source>
        <translation>Die angewählten Benchmarks auf dem gewählten Gerät ausführen (Ctrl+R, F5)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>Ctrl+.</source>
        <translation>Ctrl+.</translation>
    </message>
    <message>
        <source>Stop the run; what was measured so far stays (Esc)</source>
        <translation>Den Lauf anhalten; was bisher gemessen wurde, bleibt (Esc)</translation>
    </message>
    <message>
        <source>&amp;Save Report…</source>
        <translation>Bericht &amp;speichern…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Palette</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>device: %1</source>
        <translation>Gerät: %1</translation>
    </message>
    <message>
        <source>warning: --only: no benchmark group &quot;%1&quot; on this device</source>
        <translation>Warnung: --only: keine Benchmark-Gruppe „%1“ auf diesem Gerät</translation>
    </message>
    <message>
        <source>not starting the run: the requested device is not here</source>
        <translation>Lauf wird nicht gestartet: Das verlangte Gerät ist nicht vorhanden</translation>
    </message>
    <message>
        <source>Save Report</source>
        <translation>Bericht speichern</translation>
    </message>
    <message>
        <source>TopoScope reports (*.json)</source>
        <translation>TopoScope-Berichte (*.json)</translation>
    </message>
    <message>
        <source>report saved to %1</source>
        <translation>Bericht nach %1 gespeichert</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>%1 konnte nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>TopoScope — %1</source>
        <translation>TopoScope — %1</translation>
    </message>
    <message>
        <source>screenshot: %1</source>
        <translation>Bildschirmfoto: %1</translation>
    </message>
    <message>
        <source>&amp;Evidence</source>
        <translation>Bel&amp;ege</translation>
    </message>
    <message>
        <source>&amp;Topology</source>
        <translation>&amp;Topologie</translation>
    </message>
    <message>
        <source>&amp;CU Sharing</source>
        <translation>&amp;CU-Teilung</translation>
    </message>
    <message>
        <source>SM &amp;Layout</source>
        <translation>SM-An&amp;ordnung</translation>
    </message>
    <message>
        <source>topology sheet written to %1</source>
        <translation>Topologieblatt nach %1 geschrieben</translation>
    </message>
    <message>
        <source>no evidence series %1 in this run</source>
        <translation>keine Messreihe %1 in diesem Lauf</translation>
    </message>
    <message>
        <source>recording the session to %1</source>
        <translation>die Sitzung wird in %1 aufgezeichnet</translation>
    </message>
    <message>
        <source>opened %1 (%2)</source>
        <translation>%1 geöffnet (%2)</translation>
    </message>
    <message>
        <source>cut off: %1 — the recorded run ended while it ran</source>
        <translation>abgebrochen: %1 — der aufgezeichnete Lauf endete, während es lief</translation>
    </message>
    <message>
        <source>cut off: %1 — the recorded run ended while it ran; its rows so far are in %2</source>
        <translation>abgebrochen: %1 — der aufgezeichnete Lauf endete, während es lief; seine bisherigen Zeilen stehen in %2</translation>
    </message>
    <message>
        <source>not opening %1: a run or recording is in progress</source>
        <translation>%1 wird nicht geöffnet: ein Lauf oder eine Aufzeichnung ist im Gange</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) dropped: opening the first, %1</source>
        <translation>
            <numerusform>%n Element abgelegt: das erste wird geöffnet, %1</numerusform>
            <numerusform>%n Elemente abgelegt: das erste wird geöffnet, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;MIG</source>
        <translation>&amp;MIG</translation>
    </message>
    <message>
        <source>Open Fleet</source>
        <translation>Flotte öffnen</translation>
    </message>
    <message>
        <source>a fleet is still loading; try again when it is shown</source>
        <translation>eine Flotte wird noch geladen; erneut versuchen, sobald sie angezeigt wird</translation>
    </message>
    <message numerus="yes">
        <source>Loading %n fleet file(s)…</source>
        <translation>
            <numerusform>%n Flottendatei wird geladen…</numerusform>
            <numerusform>%n Flottendateien werden geladen…</numerusform>
        </translation>
    </message>
    <message>
        <source>fleet: %1 (from %2)</source>
        <translation>Flotte: %1 (aus %2)</translation>
    </message>
    <message>
        <source>Shared GPU: another process used this GPU during the run. Disturbed results are marked (orange) and kept at confidence at most 0.5; the log says what was measured again.</source>
        <translation>Geteilte GPU: Ein anderer Prozess hat diese GPU während des Laufs benutzt. Gestörte Ergebnisse sind (orange) markiert und behalten höchstens Konfidenz 0.5; das Protokoll nennt, was erneut gemessen wurde.</translation>
    </message>
    <message>
        <source>Re&amp;play Recording</source>
        <translation>Aufzeichnung ab&amp;spielen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Play the recording shown as if it were running, at its recorded pace or slower (Ctrl+Shift+R); Cancel shows the rest at once</source>
        <translation>Die angezeigte Aufzeichnung abspielen, als liefe sie gerade, im aufgezeichneten Tempo oder langsamer (Ctrl+Shift+R); „Abbrechen“ zeigt den Rest sofort</translation>
    </message>
    <message>
        <source>Quit TopoScope</source>
        <translation>TopoScope beenden</translation>
    </message>
    <message>
        <source>A run is still measuring. Stop it and quit? What it finished so far is kept in its session (File ▸ Open Recent).</source>
        <translation>Ein Lauf misst noch. Anhalten und beenden? Was er bisher fertig gemessen hat, bleibt in seiner Sitzung (Datei ▸ Zuletzt geöffnet).</translation>
    </message>
    <message>
        <source>Stop and &amp;Quit</source>
        <translation>Anhalten und &amp;beenden</translation>
    </message>
    <message>
        <source>&amp;Keep Running</source>
        <translation>&amp;Weiterlaufen lassen</translation>
    </message>
</context>
<context>
    <name>ts::gui::MigDiagram</name>
    <message>
        <source>Top band of each row: the 7 compute slices; bottom band: the 8 memory slices (with their share of the L2). NVML places instances by memory slice; compute slices are drawn from the placement start.</source>
        <translation>Oberes Band jeder Zeile: die 7 Rechen-Slices; unteres Band: die 8 Speicher-Slices (mit ihrem Anteil am L2). NVML platziert Instanzen nach Speicher-Slice; Rechen-Slices werden ab dem Platzierungsbeginn gezeichnet.</translation>
    </message>
    <message>
        <source>slice</source>
        <translation>Slice</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>memory, L2</source>
        <translation>Speicher, L2</translation>
    </message>
</context>
<context>
    <name>ts::gui::MigView</name>
    <message>
        <source>Source: API</source>
        <translation>Quelle: API</translation>
    </message>
    <message>
        <source>Source: derived from a benchmark</source>
        <translation>Quelle: aus einem Benchmark abgeleitet</translation>
    </message>
    <message>
        <source>Method: %1</source>
        <translation>Methode: %1</translation>
    </message>
    <message>
        <source>Confidence: %1</source>
        <translation>Konfidenz: %1</translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation>Belege: %1</translation>
    </message>
    <message>
        <source>one whole %1 segment</source>
        <translation>ein ganzes Segment von %1</translation>
    </message>
    <message>
        <source>%1 of one %2 segment</source>
        <translation>%1 eines Segments von %2</translation>
    </message>
    <message>
        <source>%1 segments of %2</source>
        <translation>%1 Segmente von %2</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>; L2 segments: benchmark (confidence %1)</source>
        <translation>; L2-Segmente: Benchmark (Konfidenz %1)</translation>
    </message>
    <message>
        <source>Show all instances, or one GPU-instance profile at every placement it can take</source>
        <translation>Alle Instanzen zeigen oder ein GPU-Instanzprofil an jeder möglichen Platzierung</translation>
    </message>
    <message>
        <source>Profile / instance</source>
        <translation>Profil / Instanz</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>Slices</translation>
    </message>
    <message>
        <source>Placements</source>
        <translation>Platzierungen</translation>
    </message>
    <message>
        <source>SMs</source>
        <translation>SMs</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Copy engines</source>
        <translation>Kopier-Engines</translation>
    </message>
    <message>
        <source>L2</source>
        <translation>L2</translation>
    </message>
    <message>
        <source>L2 segments</source>
        <translation>L2-Segmente</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>MIG not supported/unknown — this device reports no MIG layout (not an NVIDIA GPU, NVML not read, or a report without it)</source>
        <translation>MIG nicht unterstützt/unbekannt — dieses Gerät meldet keine MIG-Aufteilung (keine NVIDIA-GPU, NVML nicht gelesen oder ein Bericht ohne sie)</translation>
    </message>
    <message>
        <source>MIG not supported — %1</source>
        <translation>MIG nicht unterstützt — %1</translation>
    </message>
    <message>
        <source>MIG state unknown — %1</source>
        <translation>MIG-Zustand unbekannt — %1</translation>
    </message>
    <message>
        <source>MIG disabled — what-if over the NVML profile table</source>
        <translation>MIG deaktiviert — Was-wäre-wenn über die NVML-Profiltabelle</translation>
    </message>
    <message>
        <source>MIG disabled — what-if over the profile table of the %1</source>
        <translation>MIG deaktiviert — Was-wäre-wenn über die Profiltabelle von %1</translation>
    </message>
    <message numerus="yes">
        <source>MIG enabled — %n instance(s)</source>
        <translation>
            <numerusform>MIG aktiviert — %n Instanz</numerusform>
            <numerusform>MIG aktiviert — %n Instanzen</numerusform>
        </translation>
    </message>
    <message>
        <source>All instances</source>
        <translation>Alle Instanzen</translation>
    </message>
    <message numerus="yes">
        <source>%1 (profile %2): %n placement(s)</source>
        <translation>
            <numerusform>%1 (Profil %2): %n Platzierung</numerusform>
            <numerusform>%1 (Profil %2): %n Platzierungen</numerusform>
        </translation>
    </message>
    <message>
        <source>SMs, memory, copy engines and placements come from %1.</source>
        <translation>SMs, Speicher, Kopier-Engines und Platzierungen stammen aus %1.</translation>
    </message>
    <message>
        <source>L2 = memory slices / 8 of the API L2 size (MIG partitions the L2 with the memory); L2 segments divide it by the L2 segment size measured in this run.</source>
        <translation>L2 = Speicher-Slices / 8 der L2-Größe laut API (MIG teilt den L2 mit dem Speicher auf); L2-Segmente teilen ihn durch die in diesem Lauf gemessene L2-Segmentgröße.</translation>
    </message>
    <message>
        <source>Placements: %1</source>
        <translation>Platzierungen: %1</translation>
    </message>
    <message>
        <source>GI %1: %2</source>
        <translation>GI %1: %2</translation>
    </message>
    <message>
        <source>GI %1: %2%3</source>
        <translation>GI %1: %2%3</translation>
    </message>
    <message>
        <source> (this run)</source>
        <translation> (dieser Lauf)</translation>
    </message>
    <message>
        <source>%1 (profile %2)</source>
        <translation>%1 (Profil %2)</translation>
    </message>
    <message>
        <source>API: %1</source>
        <translation>API: %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>; L2 usable: L2 partitions benchmark, projected (confidence %1)</source>
        <translation>; L2 nutzbar: Benchmark der L2-Partitionen, hochgerechnet (Konfidenz %1)</translation>
    </message>
    <message>
        <source>L2 usable</source>
        <translation>L2 nutzbar</translation>
    </message>
    <message>
        <source>L2 usable = that L2 x the whole GPU&apos;s measured usable fraction (L2 partitions: shared capacity / API L2 size): a projection, not a measurement inside an instance.</source>
        <translation>L2 nutzbar = dieser L2 × der gemessene nutzbare Anteil der ganzen GPU (L2-Partitionen: geteilte Kapazität / L2-Größe laut API): eine Hochrechnung, keine Messung innerhalb einer Instanz.</translation>
    </message>
    <message>
        <source>; L2 usable: L2 partitions benchmark, measured in this instance (confidence %1)</source>
        <translation>; nutzbarer L2: Benchmark L2-Partitionen, in dieser Instanz gemessen (Konfidenz %1)</translation>
    </message>
</context>
<context>
    <name>ts::gui::PlotPanel</name>
    <message>
        <source>TopoScope evidence plot</source>
        <translation>TopoScope-Belegrafik</translation>
    </message>
    <message>
        <source>unknown file type &quot;%1&quot; (use .png, .svg or .pdf)</source>
        <translation>unbekannter Dateityp „%1“ (.png, .svg oder .pdf verwenden)</translation>
    </message>
    <message>
        <source>could not draw %1</source>
        <translation>%1 konnte nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>The legend names the first %1 of %2 entries.</source>
        <translation>Die Legende nennt die ersten %1 von %2 Einträgen.</translation>
    </message>
</context>
<context>
    <name>ts::gui::RecentFiles</name>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>Menü &amp;leeren</translation>
    </message>
    <message>
        <source>Recent runs (toposcope and toposcope-cli)</source>
        <translation>Letzte Läufe (toposcope und toposcope-cli)</translation>
    </message>
</context>
<context>
    <name>ts::gui::RecordingMenu</name>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open MT4G Ra&amp;w Folder…</source>
        <translation>MT4G-&amp;Rohdatenordner öffnen…</translation>
    </message>
    <message>
        <source>Analyse a folder of MT4G raw series</source>
        <translation>Einen Ordner mit MT4G-Rohdatenreihen auswerten</translation>
    </message>
    <message>
        <source>recent file %1 no longer exists: removed from the list</source>
        <translation>zuletzt geöffnete Datei %1 existiert nicht mehr: aus der Liste entfernt</translation>
    </message>
    <message>
        <source>Open Recording</source>
        <translation>Aufzeichnung öffnen</translation>
    </message>
    <message>
        <source>Recordings (*.tss *.json);;TopoScope sessions (*.tss);;Reports (*.json);;All files (*)</source>
        <translation>Aufzeichnungen (*.tss *.json);;TopoScope-Sitzungen (*.tss);;Berichte (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open MT4G Raw Folder</source>
        <translation>MT4G-Rohdatenordner öffnen</translation>
    </message>
    <message>
        <source>Could not open %1:
%2</source>
        <translation>%1 konnte nicht geöffnet werden:
%2</translation>
    </message>
</context>
<context>
    <name>ts::gui::ReplaySpeedMenu</name>
    <message>
        <source>Replay &amp;Speed</source>
        <translation>Wiedergabe&amp;tempo</translation>
    </message>
    <message>
        <source>&amp;Automatic (a short run lasts about 20 s)</source>
        <translation>&amp;Automatisch (ein kurzer Lauf dauert etwa 20 s)</translation>
    </message>
    <message>
        <source>&amp;Recorded Pace</source>
        <translation>Auf&amp;gezeichnetes Tempo</translation>
    </message>
    <message>
        <source>&amp;Half the Recorded Pace</source>
        <translation>&amp;Halbes aufgezeichnetes Tempo</translation>
    </message>
    <message>
        <source>1/&amp;5 of the Recorded Pace</source>
        <translation>1/&amp;5 des aufgezeichneten Tempos</translation>
    </message>
    <message>
        <source>1/1&amp;0 of the Recorded Pace</source>
        <translation>1/1&amp;0 des aufgezeichneten Tempos</translation>
    </message>
    <message>
        <source>&amp;Twice the Recorded Pace</source>
        <translation>&amp;Doppeltes aufgezeichnetes Tempo</translation>
    </message>
    <message>
        <source>%1 × the Recorded Pace (--replay-speed)</source>
        <translation>%1 × das aufgezeichnete Tempo (--replay-speed)</translation>
    </message>
</context>
<context>
    <name>ts::gui::ResultsModel</name>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>undecided</source>
        <translation>unentschieden</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2: %3</translation>
    </message>
    <message>
        <source>Method: %1</source>
        <translation>Methode: %1</translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation>Belege: %1</translation>
    </message>
    <message>
        <source>Latency: mean %1, median %2, p95 %3, σ %4 over %5 loads</source>
        <translation>Latenz: Mittel %1, Median %2, p95 %3, σ %4 über %5 Ladezugriffe</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>cut off: the run ended while this benchmark ran</source>
        <translation>abgebrochen: der Lauf endete, während dieser Benchmark lief</translation>
    </message>
    <message>
        <source>cut off: the run ended while this benchmark ran; its rows so far are the evidence</source>
        <translation>abgebrochen: der Lauf endete, während dieser Benchmark lief; seine bisherigen Zeilen sind die Belege</translation>
    </message>
    <message>
        <source>cut off: %1 did not finish</source>
        <translation>abgebrochen: %1 wurde nicht fertig</translation>
    </message>
    <message>
        <source>cut off: %1 did not finish; %2</source>
        <translation>abgebrochen: %1 wurde nicht fertig; %2</translation>
    </message>
    <message>
        <source>cut off</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The run ended while %1 ran: the recording was cut off.</source>
        <translation>Der Lauf endete, während %1 lief: die Aufzeichnung ist abgebrochen.</translation>
    </message>
    <message>
        <source>Exactly %1 bytes</source>
        <translation>Genau %1 Byte</translation>
    </message>
    <message>
        <source>%1 · shared GPU</source>
        <translation>%1 · geteilte GPU</translation>
    </message>
    <message>
        <source>Measured while another process used the GPU: kept at confidence at most 0.5.</source>
        <translation>Gemessen, während ein anderer Prozess die GPU benutzte: höchstens Konfidenz 0.5.</translation>
    </message>
</context>
<context>
    <name>ts::gui::RunPage</name>
    <message>
        <source>nothing to run: check at least one benchmark</source>
        <translation>Nichts auszuführen: mindestens einen Benchmark anwählen</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>run on %1: %2</source>
        <translation>Lauf auf %1: %2</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>cancel requested</source>
        <translation>Abbruch angefordert</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>started: %1</source>
        <translation>gestartet: %1</translation>
    </message>
    <message>
        <source>%1 %2 = %3 (confidence %4)</source>
        <translation>%1 %2 = %3 (Konfidenz %4)</translation>
    </message>
    <message numerus="yes">
        <source>Finished in %1: %n result(s)</source>
        <translation>
            <numerusform>Fertig nach %1: %n Ergebnis</numerusform>
            <numerusform>Fertig nach %1: %n Ergebnisse</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled after %1; the results so far stay</source>
        <translation>Abgebrochen nach %1; die bisherigen Ergebnisse bleiben</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>opening: %1</source>
        <translation>öffne: %1</translation>
    </message>
    <message>
        <source>Not opened (what was shown stays): %1</source>
        <translation>Nicht geöffnet (die Anzeige bleibt): %1</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1: %n result(s)</source>
        <translation>
            <numerusform>%1 geöffnet: %n Ergebnis</numerusform>
            <numerusform>%1 geöffnet: %n Ergebnisse</numerusform>
        </translation>
    </message>
    <message>
        <source>at one row every %1 ms (the file has no time stamps)</source>
        <translation>mit einer Zeile alle %1 ms (die Datei hat keine Zeitstempel)</translation>
    </message>
    <message>
        <source>at the recorded pace</source>
        <translation>im aufgezeichneten Tempo</translation>
    </message>
    <message>
        <source>at 1/%1 of the recorded pace</source>
        <translation>mit 1/%1 des aufgezeichneten Tempos</translation>
    </message>
    <message>
        <source>at %1× the recorded pace</source>
        <translation>mit dem %1-fachen des aufgezeichneten Tempos</translation>
    </message>
    <message>
        <source>Opening %1 to replay it…</source>
        <translation>%1 wird zum Abspielen geöffnet…</translation>
    </message>
    <message>
        <source>Replay of %1 %2</source>
        <translation>Wiedergabe von %1 %2</translation>
    </message>
    <message>
        <source>replaying %1 %2, about %3; not a live run (Cancel shows the rest at once)</source>
        <translation>%1 wird %2 abgespielt, etwa %3; keine laufende Messung („Abbrechen“ zeigt den Rest sofort)</translation>
    </message>
    <message numerus="yes">
        <source>Replay of %1 stopped; the whole recording is shown: %n result(s)</source>
        <translation>
            <numerusform>Wiedergabe von %1 angehalten; die ganze Aufzeichnung wird gezeigt: %n Ergebnis</numerusform>
            <numerusform>Wiedergabe von %1 angehalten; die ganze Aufzeichnung wird gezeigt: %n Ergebnisse</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replayed %1: %n result(s), as the recording holds them</source>
        <translation>
            <numerusform>%1 abgespielt: %n Ergebnis, wie die Aufzeichnung es enthält</numerusform>
            <numerusform>%1 abgespielt: %n Ergebnisse, wie die Aufzeichnung sie enthält</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1 (%2): %3 units at %4, L2 %5, memory %6 [%7]</source>
        <translation>%1 (%2): %3 Einheiten mit %4, L2 %5, Speicher %6 [%7]</translation>
    </message>
</context>
<context>
    <name>ts::gui::RunPanel</name>
    <message>
        <source>Looking for devices…</source>
        <translation>Geräte werden gesucht…</translation>
    </message>
    <message>
        <source>&amp;All</source>
        <translation>A&amp;lle</translation>
    </message>
    <message>
        <source>&amp;None</source>
        <translation>&amp;Keine</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>&amp;Gerät:</translation>
    </message>
    <message>
        <source>&amp;Benchmarks:</source>
        <translation>&amp;Benchmarks:</translation>
    </message>
    <message>
        <source>A GPU of this machine</source>
        <translation>Eine GPU dieses Rechners</translation>
    </message>
    <message>
        <source>The simulator with this profile</source>
        <translation>Der Simulator mit diesem Profil</translation>
    </message>
    <message>
        <source>Open recording…</source>
        <translation>Aufzeichnung öffnen…</translation>
    </message>
    <message>
        <source>Recording: %1</source>
        <translation>Aufzeichnung: %1</translation>
    </message>
</context>
<context>
    <name>ts::gui::RunSignals</name>
    <message>
        <source>%1 (cut off)</source>
        <translation>%1 (abgeschnitten)</translation>
    </message>
</context>
<context>
    <name>ts::gui::RunStatus</name>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Session: %1</source>
        <translation>Sitzung: %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>elapsed %1, ETA unknown</source>
        <translation>vergangen %1, Restzeit unbekannt</translation>
    </message>
    <message>
        <source>elapsed %1, ETA about %2</source>
        <translation>vergangen %1, Restzeit etwa %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The replay&apos;s time left: the recorded times still to come, at the replay&apos;s pace.</source>
        <translation>Die Restzeit der Wiedergabe: die noch ausstehenden aufgezeichneten Zeiten, im Tempo der Wiedergabe.</translation>
    </message>
    <message>
        <source>The ETA comes once a benchmark has finished: the plan&apos;s estimate of the work left, at the pace of the work done so far.</source>
        <translation>Die Restzeit erscheint, sobald ein Benchmark fertig ist: die Schätzung des Plans für die verbleibende Arbeit, im Tempo der bisher erledigten.</translation>
    </message>
    <message>
        <source>The plan&apos;s estimate of the work left (%1 of %2 benchmarks finished), at the pace of the work done so far.</source>
        <translation>Die Schätzung des Plans für die verbleibende Arbeit (%1 von %2 Benchmarks fertig), im Tempo der bisher erledigten.</translation>
    </message>
</context>
<context>
    <name>ts::gui::RunWorker</name>
    <message>
        <source>session recording stopped: %1</source>
        <translation>Sitzungsaufzeichnung angehalten: %1</translation>
    </message>
    <message>
        <source>not recording the session: no folder for session files</source>
        <translation>die Sitzung wird nicht aufgezeichnet: kein Ordner für Sitzungsdateien</translation>
    </message>
    <message>
        <source>not recording the session: %1</source>
        <translation>die Sitzung wird nicht aufgezeichnet: %1</translation>
    </message>
    <message>
        <source>the recorded run ended: %1</source>
        <translation>der aufgezeichnete Lauf endete: %1</translation>
    </message>
    <message>
        <source>the recorded run never closed its session (killed or still running)</source>
        <translation>der aufgezeichnete Lauf hat seine Sitzung nie abgeschlossen (abgebrochen oder läuft noch)</translation>
    </message>
</context>
<context>
    <name>ts::gui::SheetExportAction</name>
    <message>
        <source>Export &amp;Sheet…</source>
        <translation>&amp;Blatt exportieren…</translation>
    </message>
    <message>
        <source>Write the topology sheet (diagram, attributes, evidence plots) as a PDF</source>
        <translation>Das Topologieblatt (Diagramm, Attribute, Belegdiagramme) als PDF schreiben</translation>
    </message>
    <message>
        <source>Export Sheet</source>
        <translation>Blatt exportieren</translation>
    </message>
    <message>
        <source>topology-sheet.pdf</source>
        <translation>topologieblatt.pdf</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Topology sheet written to %1</source>
        <translation>Topologieblatt nach %1 geschrieben</translation>
    </message>
    <message>
        <source>The sheet could not be written: %1</source>
        <translation>Das Blatt konnte nicht geschrieben werden: %1</translation>
    </message>
</context>
<context>
    <name>ts::gui::SizePlotWidget</name>
    <message>
        <source>Array size</source>
        <translation>Arraygröße</translation>
    </message>
    <message>
        <source>Latency per load [cycles]</source>
        <translation>Latenz pro Ladezugriff [Takte]</translation>
    </message>
    <message>
        <source>Minimum</source>
        <translation>Minimum</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>Maximum</source>
        <translation>Maximum</translation>
    </message>
    <message>
        <source>Reduction</source>
        <translation>Reduktion</translation>
    </message>
    <message>
        <source>Loads (darker: more loads)</source>
        <translation>Ladezugriffe (dunkler: mehr Ladezugriffe)</translation>
    </message>
    <message>
        <source>%1 · confidence %2</source>
        <translation>%1 · Konfidenz %2</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n array size(s), %2 loads</source>
        <translation>
            <numerusform>%1: %n Arraygröße, %2 Ladezugriffe</numerusform>
            <numerusform>%1: %n Arraygrößen, %2 Ladezugriffe</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, load %2: %3 cycles (this size: min %4, mean %5, max %6)</source>
        <translation>%1, Ladezugriff %2: %3 Takte (diese Größe: Min. %4, Mittel %5, Max. %6)</translation>
    </message>
    <message>
        <source>%1: reduced value %2</source>
        <translation>%1: reduzierter Wert %2</translation>
    </message>
    <message>
        <source>%1, %2 cycles</source>
        <translation>%1, %2 Takte</translation>
    </message>
    <message>
        <source>Loads above the axis</source>
        <translation>Ladezugriffe über der Achse</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>change point %1 · confidence %2</source>
        <translation>Änderungspunkt %1 · Konfidenz %2</translation>
    </message>
    <message>
        <source>Measured while another process used the GPU (loads in orange)</source>
        <translation>Gemessen, während ein anderer Prozess die GPU benutzte (Ladezugriffe in Orange)</translation>
    </message>
    <message>
        <source>Reduction [cycles] (RMS distance from the fastest load)</source>
        <translation>Reduktion [Takte] (RMS-Abstand vom schnellsten Ladezugriff)</translation>
    </message>
    <message>
        <source>Reduction [cycles]</source>
        <translation>Reduktion [Takte]</translation>
    </message>
    <message numerus="yes">
        <source>the %n largest size(s) measured past the knee to show the next level, not analysed</source>
        <translation>
            <numerusform>die größte Größe hinter dem Knick gemessen, um die nächste Stufe zu zeigen, nicht ausgewertet</numerusform>
            <numerusform>die %n größten Größen hinter dem Knick gemessen, um die nächste Stufe zu zeigen, nicht ausgewertet</numerusform>
        </translation>
    </message>
    <message>
        <source>capacity %1 · confidence %2</source>
        <translation>Kapazität %1 · Konfidenz %2</translation>
    </message>
    <message>
        <source>contiguous knee %1 · confidence %2</source>
        <translation>Knick (zusammenhängend) %1 · Konfidenz %2</translation>
    </message>
    <message>
        <source>change point %1 rejected · decided %2</source>
        <translation>Änderungspunkt %1 verworfen · entschieden %2</translation>
    </message>
    <message>
        <source>change point %1 rejected · undecided</source>
        <translation>Änderungspunkt %1 verworfen · unentschieden</translation>
    </message>
    <message>
        <source>decided %1</source>
        <translation>entschieden: %1</translation>
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
            <numerusform>mindestens %n GPC</numerusform>
            <numerusform>mindestens %n GPCs</numerusform>
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
    <message>
        <source>in no GPC found</source>
        <translation>in keinem gefundenen GPC</translation>
    </message>
    <message>
        <source>SM %1</source>
        <translation>SM %1</translation>
    </message>
    <message>
        <source>TPC of SMs %1</source>
        <translation>TPC der SMs %1</translation>
    </message>
    <message>
        <source>near L2 segment %1</source>
        <translation>nahes L2-Segment %1</translation>
    </message>
    <message>
        <source>L2 hit %1 cycles</source>
        <translation>L2-Treffer %1 Takte</translation>
    </message>
    <message>
        <source>L2 segments not measured</source>
        <translation>L2-Segmente nicht gemessen</translation>
    </message>
    <message>
        <source>L2 hit latency not measured</source>
        <translation>L2-Trefferlatenz nicht gemessen</translation>
    </message>
    <message>
        <source>%1 cycles</source>
        <translation>%1 Takte</translation>
    </message>
    <message>
        <source>%1 cycles (L2 hit in the SM&apos;s own segment)</source>
        <translation>%1 Takte (L2-Treffer im eigenen Segment des SM)</translation>
    </message>
</context>
<context>
    <name>ts::gui::SmMapView</name>
    <message>
        <source>Colour by near L2 segment</source>
        <translation>Farbe nach nahem L2-Segment</translation>
    </message>
    <message>
        <source>Colour by L2 hit latency</source>
        <translation>Farbe nach L2-Trefferlatenz</translation>
    </message>
    <message>
        <source>No run yet: the SM layout shows which SMs of an NVIDIA GPU (sm_90 and later, or its simulator profile) form a TPC and a GPC, once the layout benchmark has placed thread-block clusters.</source>
        <translation>Noch kein Lauf: Die SM-Anordnung zeigt, welche SMs einer NVIDIA-GPU (ab sm_90, oder ihres Simulatorprofils) einen TPC und einen GPC bilden, sobald der Anordnungs-Benchmark Thread-Block-Cluster platziert hat.</translation>
    </message>
    <message>
        <source>No SM layout for %1: %2</source>
        <translation>Keine SM-Anordnung für %1: %2</translation>
    </message>
    <message>
        <source>%1: the layout of AMD CUs (shader arrays, engines, XCDs) is not measured yet; the CU Sharing tab shows which CUs share a scalar L1.</source>
        <translation>%1: Die Anordnung der AMD-CUs (Shader-Arrays, Engines, XCDs) wird noch nicht gemessen; der Reiter „CU-Teilung“ zeigt, welche CUs sich einen skalaren L1 teilen.</translation>
    </message>
    <message>
        <source>No SM layout measured on %1: run the layout benchmark group.</source>
        <translation>Keine SM-Anordnung auf %1 gemessen: die Benchmark-Gruppe „layout“ ausführen.</translation>
    </message>
    <message>
        <source>Click an SM to mark its TPC and GPC; double-click opens the clusters&apos; placements.</source>
        <translation>Ein SM anklicken, um seinen TPC und GPC zu markieren; ein Doppelklick öffnet die Platzierungen der Cluster.</translation>
    </message>
</context>
<context>
    <name>ts::gui::Threshold</name>
    <message>
        <source>hit/miss split of the fastest load of each stride</source>
        <translation>Treffer/Fehlzugriff-Trennung des schnellsten Ladezugriffs jeder Schrittweite</translation>
    </message>
    <message>
        <source>hit/miss split of every load</source>
        <translation>Treffer/Fehlzugriff-Trennung aller Ladezugriffe</translation>
    </message>
    <message>
        <source>far-out fence of the control row, Q3 + 3 IQR (miss rule)</source>
        <translation>äußerer Zaun der Kontrollzeile, Q3 + 3 IQR (Fehlzugriffsregel)</translation>
    </message>
    <message>
        <source>near/far split of the row medians, for display: the engine compares each unit&apos;s slow and fast loads with the filler&apos;s</source>
        <translation>Nah/fern-Trennung der Zeilenmediane, nur zur Anzeige: Die Engine vergleicht die langsamen und schnellen Ladezugriffe jeder Einheit mit denen des Füllers</translation>
    </message>
    <message>
        <source>one latency level: every row near</source>
        <translation>eine Latenzstufe: jede Zeile nah</translation>
    </message>
    <message>
        <source>halfway between a hit and a miss of the next level, as the benchmark decided</source>
        <translation>auf halbem Weg zwischen einem Treffer und einem Fehlzugriff der nächsten Ebene, wie der Benchmark entschied</translation>
    </message>
</context>
<context>
    <name>ts::gui::TopologyPanel</name>
    <message>
        <source>Show Every Unit</source>
        <translation>Jede Einheit zeigen</translation>
    </message>
    <message>
        <source>Draw every SM or CU instead of the folded array</source>
        <translation>Jeden SM bzw. jede CU zeichnen statt des zusammengefalteten Arrays</translation>
    </message>
</context>
<context>
    <name>ts::gui::TopologyScene</name>
    <message>
        <source>%1 (API)</source>
        <translation>%1 (API)</translation>
    </message>
    <message>
        <source>%1 per unit</source>
        <translation>%1 pro Einheit</translation>
    </message>
    <message>
        <source>size not found</source>
        <translation>Größe nicht gefunden</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <source>fetch %1</source>
        <translation>Abruf %1</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>confidence %1</source>
        <translation>Konfidenz %1</translation>
    </message>
    <message>
        <source>CU</source>
        <translation>CU</translation>
    </message>
    <message>
        <source>SM</source>
        <translation>SM</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
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
    <message>
        <source>%1, backend %2, driver %3</source>
        <translation>%1, Backend %2, Treiber %3</translation>
    </message>
    <message>
        <source>XCD %1</source>
        <translation>XCD %1</translation>
    </message>
    <message>
        <source>%1 array</source>
        <translation>%1-Array</translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n Einheit</numerusform>
            <numerusform>%n Einheiten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ids %2</source>
        <translation>%1-Nummern %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>… %n more</source>
        <translation>
            <numerusform>… %n weitere</numerusform>
            <numerusform>… %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to draw every unit</source>
        <translation>Klicken, um jede Einheit zu zeichnen</translation>
    </message>
    <message>
        <source>Each %1 (× %2)</source>
        <translation>Pro %1 (× %2)</translation>
    </message>
    <message>
        <source>Each %1</source>
        <translation>Pro %1</translation>
    </message>
    <message numerus="yes">
        <source>%n per unit</source>
        <translation>
            <numerusform>%n pro Einheit</numerusform>
            <numerusform>%n pro Einheit</numerusform>
        </translation>
    </message>
    <message>
        <source>%1× %2 %3</source>
        <translation>%1× %2 %3</translation>
    </message>
    <message numerus="yes">
        <source>%n instance(s): %1</source>
        <translation>
            <numerusform>%n Instanz: %1</numerusform>
            <numerusform>%n Instanzen: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 measured per %2</source>
        <translation>%1 gemessen pro %2</translation>
    </message>
    <message>
        <source>%1 near, %2 far</source>
        <translation>%1 nah, %2 fern</translation>
    </message>
    <message>
        <source>Segment %1</source>
        <translation>Segment %1</translation>
    </message>
    <message>
        <source>near %1 %2</source>
        <translation>nah an %1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) hit this segment fastest: %1</source>
        <translation>
            <numerusform>%n Einheit erreicht dieses Segment am schnellsten: %1</numerusform>
            <numerusform>%n Einheiten erreichen dieses Segment am schnellsten: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>Gerätespeicher</translation>
    </message>
    <message>
        <source>SMs / CUs</source>
        <translation>SMs / CUs</translation>
    </message>
    <message>
        <source>Shared memory / LDS</source>
        <translation>Shared Memory / LDS</translation>
    </message>
    <message>
        <source>First-level cache (per unit)</source>
        <translation>Cache der ersten Ebene (pro Einheit)</translation>
    </message>
    <message>
        <source>Constant caches</source>
        <translation>Konstanten-Caches</translation>
    </message>
    <message>
        <source>Scalar L1 (shared by CUs)</source>
        <translation>Skalarer L1 (von CUs geteilt)</translation>
    </message>
    <message>
        <source>L2 and its segments</source>
        <translation>L2 und seine Segmente</translation>
    </message>
    <message>
        <source>L3 / Infinity Cache</source>
        <translation>L3 / Infinity Cache</translation>
    </message>
    <message>
        <source>shared GPU: confidence ≤ 0.5</source>
        <translation>geteilte GPU: Konfidenz ≤ 0.5</translation>
    </message>
    <message>
        <source>Measured while another process used the GPU</source>
        <translation>Gemessen, während ein anderer Prozess die GPU benutzte</translation>
    </message>
    <message>
        <source>near: %1 SMs</source>
        <translation>nah an %1 SMs</translation>
    </message>
    <message>
        <source>near: %1 CUs</source>
        <translation>nah an %1 CUs</translation>
    </message>
    <message>
        <source>read %1</source>
        <translation>Lesen %1</translation>
    </message>
    <message>
        <source>LRU</source>
        <translation>LRU</translation>
    </message>
    <message>
        <source>FIFO</source>
        <translation>FIFO</translation>
    </message>
    <message>
        <source>pseudo-LRU</source>
        <translation>Pseudo-LRU</translation>
    </message>
    <message>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <source>other policy</source>
        <translation>andere Strategie</translation>
    </message>
    <message>
        <source>fully associative</source>
        <translation>vollassoziativ</translation>
    </message>
    <message>
        <source>%1-way</source>
        <translation>%1-fach</translation>
    </message>
    <message numerus="yes">
        <source>≈%n set(s)</source>
        <translation>
            <numerusform>≈%n Satz</numerusform>
            <numerusform>≈%n Sätze</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n set(s)</source>
        <translation>
            <numerusform>%n Satz</numerusform>
            <numerusform>%n Sätze</numerusform>
        </translation>
    </message>
    <message>
        <source>TLB %1: %2 (%3 × %4)</source>
        <translation>TLB %1: %2 (%3 × %4)</translation>
    </message>
    <message>
        <source>read %1 · %2</source>
        <translation>Lesen %1 · %2</translation>
    </message>
    <message>
        <source>broadcast %1 · %2</source>
        <translation>Broadcast %1 · %2</translation>
    </message>
    <message>
        <source>broadcast %1</source>
        <translation>Broadcast %1</translation>
    </message>
    <message>
        <source>write %1 · %2</source>
        <translation>schreiben %1 · %2</translation>
    </message>
    <message>
        <source>write %1</source>
        <translation>schreiben %1</translation>
    </message>
</context>
<context>
    <name>ts::gui::TopologySheet</name>
    <message>
        <source>SM layout: %1%2 GPCs of %3 %4</source>
        <translation>SM-Anordnung: %1%2 GPCs zu %3 %4</translation>
    </message>
    <message>
        <source>at least </source>
        <translation>mindestens </translation>
    </message>
    <message>
        <source>TPCs</source>
        <translation>TPCs</translation>
    </message>
    <message>
        <source>SMs</source>
        <translation>SMs</translation>
    </message>
    <message>
        <source>; %1 TPCs of 2 SMs</source>
        <translation>; %1 TPCs zu 2 SMs</translation>
    </message>
    <message>
        <source> (%1, thread-block clusters)</source>
        <translation> (%1, Thread-Block-Cluster)</translation>
    </message>
    <message>
        <source>%1 — memory topology</source>
        <translation>%1 — Speichertopologie</translation>
    </message>
    <message>
        <source>driver %1</source>
        <translation>Treiber %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s)</source>
        <translation>
            <numerusform>%n Einheit</numerusform>
            <numerusform>%n Einheiten</numerusform>
        </translation>
    </message>
    <message>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>series not recorded</source>
        <translation>Messreihe nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>%1 topology sheet</source>
        <translation>Topologieblatt %1</translation>
    </message>
    <message>
        <source>TopoScope %1</source>
        <translation>TopoScope %1</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>%1 konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <source>sL1d CU-sharing map</source>
        <translation>sL1d-CU-Teilungskarte</translation>
    </message>
    <message>
        <source>could not finish %1</source>
        <translation>%1 konnte nicht fertiggestellt werden</translation>
    </message>
    <message>
        <source>%1 %2 %3 undecided: %4</source>
        <translation>%1 %2 %3 unentschieden: %4</translation>
    </message>
    <message>
        <source>%1 %2 · confidence %3</source>
        <translation>%1 %2 · Konfidenz %3</translation>
    </message>
    <message>
        <source>%1 (continued)</source>
        <translation>%1 (Fortsetzung)</translation>
    </message>
    <message>
        <source>%1 — (undecided, see the table)</source>
        <translation>%1 — (unentschieden, siehe Tabelle)</translation>
    </message>
    <message>
        <source>CUs</source>
        <translation>CUs</translation>
    </message>
    <message>
        <source>Fig. %1 · %2</source>
        <translation>Abb. %1 · %2</translation>
    </message>
    <message>
        <source>Fig. %1</source>
        <translation>Abb. %1</translation>
    </message>
    <message>
        <source>Fig. 00</source>
        <translation>Abb. 00</translation>
    </message>
    <message>
        <source>Grey: the confidence of a measured value (0 to 1), or API where the driver reported it.</source>
        <translation>Grau: die Konfidenz eines gemessenen Werts (0 bis 1), oder API, wo der Treiber ihn meldete.</translation>
    </message>
    <message>
        <source>Key attributes</source>
        <translation>Kennwerte</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Anmerkung</translation>
    </message>
    <message>
        <source>backend %1</source>
        <translation>Backend %1</translation>
    </message>
    <message>
        <source>in the report</source>
        <translation>im Bericht</translation>
    </message>
    <message>
        <source>measured %1</source>
        <translation>gemessen %1</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>ohne Begründung</translation>
    </message>
    <message>
        <source>segment %1: %2 %3</source>
        <translation>Segment %1: %2 %3</translation>
    </message>
    <message>
        <source>clock %1</source>
        <translation>Takt %1</translation>
    </message>
    <message>
        <source>memory clock %1</source>
        <translation>Speichertakt %1</translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>Same cache as %1</source>
        <translation>Derselbe Cache wie %1</translation>
    </message>
    <message>
        <source>as %1</source>
        <translation>wie %1</translation>
    </message>
    <message>
        <source>the same values as %1: %2</source>
        <translation>dieselben Werte wie %1: %2</translation>
    </message>
    <message>
        <source>%1 — memory topology, TopoScope %2</source>
        <translation>%1 — Speichertopologie, TopoScope %2</translation>
    </message>
    <message>
        <source>measured by MT4G, read by TopoScope %1</source>
        <translation>gemessen von MT4G, gelesen von TopoScope %1</translation>
    </message>
    <message>
        <source>broadcast</source>
        <translation>Broadcast</translation>
    </message>
    <message>
        <source>write</source>
        <translation>schreiben</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>Bandbreite</translation>
    </message>
    <message>
        <source>Per SM/CU</source>
        <translation>Pro SM/CU</translation>
    </message>
    <message>
        <source>90 % at</source>
        <translation>90 % bei</translation>
    </message>
    <message numerus="yes">
        <source>%n wavefront(s)</source>
        <translation>
            <numerusform>%n Wavefront</numerusform>
            <numerusform>%n Wavefronts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warp(s)</source>
        <translation>
            <numerusform>%n Warp</numerusform>
            <numerusform>%n Warps</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
</context>
<context>
    <name>ts::gui::TopologyView</name>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit Diagram to Window</source>
        <translation>Diagramm an Fenster an&amp;passen</translation>
    </message>
    <message>
        <source>Export &amp;Diagram…</source>
        <translation>&amp;Diagramm exportieren…</translation>
    </message>
    <message>
        <source>Click a box for its attributes; arrow keys move, Enter expands the unit array, Ctrl+wheel or +/- zoom, 0 fits</source>
        <translation>Einen Kasten für seine Attribute anklicken; Pfeiltasten bewegen, Enter klappt das Einheiten-Array auf, Ctrl+Mausrad oder +/- zoomen, 0 passt ein</translation>
    </message>
    <message>
        <source>TopoScope memory-hierarchy diagram</source>
        <translation>TopoScope-Diagramm der Speicherhierarchie</translation>
    </message>
    <message>
        <source>unknown file type &quot;%1&quot; (use .png, .svg or .pdf)</source>
        <translation>unbekannter Dateityp „%1“ (.png, .svg oder .pdf verwenden)</translation>
    </message>
    <message>
        <source>Export Diagram</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG (*.png);;PDF (*.pdf)</source>
        <translation>SVG (*.svg);;PNG (*.png);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>could not draw %1</source>
        <translation>%1 konnte nicht gezeichnet werden</translation>
    </message>
</context>
</TS>
