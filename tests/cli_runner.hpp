#pragma once
// Runs the toposcope-cli binary built beside the tests and captures its exit code and output.
#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/wait.h>

namespace ts::test {

struct CliResult {
    int exitCode = -1;
    std::string output;  // stdout and stderr together
};

// Runs a shell command line; its stdout and stderr, where not redirected, are captured.
inline CliResult runShell(const std::string& command) {
    CliResult result;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return result;
    std::array<char, 4096> buffer{};
    while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe)) result.output += buffer.data();
    const int status = pclose(pipe);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

// A path as one shell word (the test paths hold no single quote).
inline std::string shellQuoted(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

inline CliResult runCli(const std::string& arguments) {
    return runShell(std::string("'") + TOPOSCOPE_CLI + "' " + arguments + " 2>&1");
}

}  // namespace ts::test
