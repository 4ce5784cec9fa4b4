// Builds: the same target as upward_include.cpp may include the layers it links (analysis and,
// through it, the model), so that test fails for the include and nothing else.
#include "analysis/analysis.hpp"
#include "model/topology.hpp"
