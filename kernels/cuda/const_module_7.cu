// Extra constant module 7 of ts::cudak::kConstModules (see const_module.cuh).
#include "const_module.cuh"

TS_CONST_MODULE(7)
