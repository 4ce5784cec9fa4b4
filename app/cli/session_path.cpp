#include "session_path.hpp"

#include "common/session_file_name.hpp"
#include "common/session_folder.hpp"

namespace ts::cli {

std::string defaultSessionPath(const std::string& label) { return app::newSessionPath(app::sessionFolder(), label); }

}  // namespace ts::cli
