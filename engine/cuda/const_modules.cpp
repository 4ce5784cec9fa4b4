// Table of the extra constant modules (kernels/cuda/const_module_N.cu): each is its own
// translation unit, so each has its own 64 KiB constant bank.
#include "chase_abi.hpp"

namespace ts::cudak {

extern const ConstModuleOps constModuleOps1;
extern const ConstModuleOps constModuleOps2;
extern const ConstModuleOps constModuleOps3;
extern const ConstModuleOps constModuleOps4;
extern const ConstModuleOps constModuleOps5;
extern const ConstModuleOps constModuleOps6;
extern const ConstModuleOps constModuleOps7;
extern const ConstModuleOps constModuleOps8;

const ConstModuleOps& constModule(int index) {
    static const ConstModuleOps* const table[kConstModules] = {
        &constModuleOps1, &constModuleOps2, &constModuleOps3, &constModuleOps4,
        &constModuleOps5, &constModuleOps6, &constModuleOps7, &constModuleOps8,
    };
    return *table[index];
}

}  // namespace ts::cudak
