#pragma once
// toposcope-cli check --reference FILE [--tolerance ...]: the suite (or the groups the reference
// holds) on this GPU against a reference of its model, printing only what deviates (docs/cli.md,
// docs/fleet.md "A health check").
#include <string>
#include <vector>

#include "fleet/reference_check.hpp"
#include "model/topology.hpp"
#include "run/run_flags.hpp"

namespace CLI {
class App;
}

namespace ts::cli {

class CheckCommand {
public:
    CLI::App* add(CLI::App& app);
    const std::string& referencePath() const { return referencePath_; }

    // Before the run: reads the reference and the tolerances, and where no --only was given runs
    // only the groups that measure what the reference holds. Throws InputError.
    void prepare(RunFlags& flags);
    // Before the run, once the device is known: a reference of another GPU model is refused.
    void refuseOtherModel(const DeviceInfo& device) const;
    // After the run (whose exit status is `runStatus`): prints the deviations and gives the
    // check's exit status: 5 when something deviates, else the run's.
    int conclude(const Topology& run, int runStatus, bool quiet) const;

private:
    std::string referencePath_;
    std::vector<std::string> toleranceTexts_;
    fleet::Reference reference_;
    fleet::Tolerances tolerances_;
};

}  // namespace ts::cli
