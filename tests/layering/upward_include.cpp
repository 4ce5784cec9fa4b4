// Must not build: the analysis layer does not link the benchmarks above it, so their headers are
// not visible to it (engine/CMakeLists.txt, toposcope_layer). The ctest layering_upward_include
// builds this and passes only when the compiler cannot find the header.
#include "benchmarks/discovery.hpp"
