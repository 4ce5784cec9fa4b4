#pragma once
// An output that names an input would destroy what it is made from (`report --session s.tss
// --json s.tss`): refused before anything is read or written.
#include <string>
#include <utility>
#include <vector>

namespace ts::app {

struct NamedOutput {
    std::string option;  // "--json"
    std::string path;    // empty or "-": nothing to compare
};

// Throws InputError (exit status 2) when an output is the same file or folder as an input or as
// another output: compared by device and inode, so ./s.tss, a symbolic link or a hard link to
// the input count too. Outputs that do not exist yet are compared by their spelling only.
void refuseOutputsNamingInputs(const std::vector<NamedOutput>& outputs, const std::vector<std::string>& inputs);

}  // namespace ts::app
