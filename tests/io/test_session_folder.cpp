// One sessions folder for toposcope-cli and the GUI (app::sessionFolder), on the XDG rules.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "cli_runner.hpp"
#include "program_support/session_folder.hpp"
#include "scratch_files.hpp"

namespace ts::test {
namespace {

// Sets (or, with nullopt, removes) an environment variable for one scope.
class EnvOverride {
public:
    EnvOverride(const char* name, std::optional<std::string> value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value) setenv(name, value->c_str(), 1);
        else unsetenv(name);
    }
    ~EnvOverride() {
        if (old_) setenv(name_, old_->c_str(), 1);
        else unsetenv(name_);
    }

private:
    const char* name_;
    std::optional<std::string> old_;
};

TEST(SessionFolder, FollowsXdgDataHome) {
    EnvOverride xdg("XDG_DATA_HOME", "/data/me");
    EXPECT_EQ(app::sessionFolder(), "/data/me/toposcope/sessions");
}

TEST(SessionFolder, FallsBackToHomeWhenXdgIsUnsetOrRelative) {
    EnvOverride home("HOME", "/home/me");
    {
        EnvOverride xdg("XDG_DATA_HOME", std::nullopt);
        EXPECT_EQ(app::sessionFolder(), "/home/me/.local/share/toposcope/sessions");
    }
    EnvOverride relative("XDG_DATA_HOME", "relative/data");
    EXPECT_EQ(app::sessionFolder(), "/home/me/.local/share/toposcope/sessions");
}

TEST(SessionFolder, NoHomeAtAllIsAnError) {
    EnvOverride home("HOME", std::nullopt);
    EnvOverride xdg("XDG_DATA_HOME", std::nullopt);
    EXPECT_THROW(app::sessionFolder(), std::runtime_error);
}

TEST(SessionFolder, TheCliRecordsIntoIt) {
    const auto dir = scratchDir("toposcope-session-folder-", "cli");
    EnvOverride xdg("XDG_DATA_HOME", dir.string());
    const auto run = runCli("--backend sim --profile h100 --only l1 --quiet");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    std::size_t sessions = 0;
    for (const auto& f : std::filesystem::directory_iterator(app::sessionFolder()))
        sessions += f.path().extension() == ".tss";
    EXPECT_EQ(sessions, 1u);
}

}  // namespace
}  // namespace ts::test
