#pragma once
// MT4G raw series: one text file per benchmark, comma separated, one line per row.
#include <string>
#include <vector>

#include "io/input_error.hpp"
#include "model/series.hpp"

namespace ts {

class OutputFolder;

struct Mt4gRawFolder {
    std::string gpuName;     // derived from the file names
    std::string folder;      // where the raw files were found
    std::string jsonReport;  // MT4G's JSON report beside the files; empty when there is none
    std::vector<Series> series;
    std::vector<std::string> damaged;  // one message per damaged file (file, line, problem); not in `series`
};

// Accepts "<GPU> - <Bench>.txt" (MT4G's published samples) and "<name>__<Bench_with_underscores>.txt"
// (MT4G 1.2 --raw), in `dir` itself, or in results/<name>/ or <GPU>/ below it.
// Throws InputError for a missing folder or one without a readable series. A damaged file (its
// message names the file, line and problem) is left out with a warning, as is a file with an
// unknown benchmark name.
Mt4gRawFolder readMt4gRaw(const std::string& dir, std::vector<std::string>* warnings);
std::vector<Series> readMt4gRawFolder(const std::string& dir, std::vector<std::string>* warnings);

// One raw file whose benchmark is known; `benchmark` becomes the series title.
Series readMt4gRawFile(const std::string& path, const std::string& benchmark, Element element, SeriesKind kind,
                       const std::string& id);

// Writes every Size, SegmentSize, LineSize, FetchGranularity and Latency series as
// "<gpuName> - <title>.txt" in MT4G's column layout. Other kinds have no MT4G layout: skipped.
// The folder is claimed (io/output_file.hpp) and each file written with writeOutputFile: no link
// inside it is followed. Throws OutputError naming the file.
void writeMt4gRawFolder(const std::vector<Series>& series, const std::string& gpuName, const std::string& dir);
void writeMt4gRawFolder(const std::vector<Series>& series, const std::string& gpuName, const OutputFolder& folder);

}  // namespace ts
