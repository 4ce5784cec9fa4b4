#pragma once
// toposcope-cli compare REPORT...: GPUs x key attributes with the outliers marked.
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace ts::cli {

struct CompareCommand {
    std::vector<std::string> inputs;  // reports, member files, fleet reports, or folders of them
    std::string json;                 // --json: the comparison
    std::string fleet;                // --fleet: every input merged into one fleet report
    bool quiet = false;

    CLI::App* add(CLI::App& app);
    // 0: no outlier, 1: outliers found (or an output could not be written), 2: bad input.
    int run() const;
};

}  // namespace ts::cli
