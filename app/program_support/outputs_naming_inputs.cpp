#include "program_support/outputs_naming_inputs.hpp"

#include <sys/stat.h>

#include "io/input_error.hpp"

namespace ts::app {
namespace {

bool sameFile(const std::string& a, const std::string& b) {
    struct stat sa {}, sb {};
    if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return a == b;  // one does not exist (yet): only the same spelling is the same file
}

}  // namespace

void refuseOutputsNamingInputs(const std::vector<NamedOutput>& outputs, const std::vector<std::string>& inputs) {
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const NamedOutput& out = outputs[i];
        if (out.path.empty() || out.path == "-") continue;
        for (const std::string& input : inputs)
            if (!input.empty() && input != "-" && sameFile(out.path, input))
                throw InputError(out.option + " " + out.path + ": names the input " + input +
                                 ", which writing it would destroy: give the output another name");
        for (std::size_t j = 0; j < i; ++j)
            if (!outputs[j].path.empty() && outputs[j].path != "-" && sameFile(out.path, outputs[j].path))
                throw InputError(outputs[j].option + " and " + out.option + " name the same file: " + out.path);
    }
}

}  // namespace ts::app
