//===- Compat.h - the differences between LLVM 19 and LLVM 22 -------------===//
//
// Every place where mapcost depends on the LLVM major is listed here, and
// the code for it lives here or in the one function named beside it.
//
// | what                     | LLVM 19                         | LLVM 22                               | where            |
// |--------------------------|---------------------------------|---------------------------------------|------------------|
// | PassPlugin.h             | llvm/Passes/PassPlugin.h        | llvm/Plugins/PassPlugin.h             | below            |
// | pipeline-start callback  | (MPM, OptimizationLevel)        | (MPM, OptimizationLevel)              | Plugin.cpp       |
// | Module::getTargetTriple  | std::string                     | llvm::Triple                          | targetTriple()   |
// | kernel marking           | !nvvm.annotations "kernel"      | ptx_kernel calling convention         | isKernel()       |
// |                          | (and ptx_kernel: both accepted) | (19-style IR is upgraded on load)     |                  |
// | launch bounds            | !nvvm.annotations maxntid{x,y,z}| "nvvm.maxntid"="X[,Y[,Z]]" attribute, | launchBounds()   |
// |                          | reqntid{x,y,z}, minctasm        | "nvvm.reqntid", "nvvm.minctasm"       |                  |
// | block barriers           | llvm.nvvm.barrier0{,.popc,.and, | llvm.nvvm.barrier.cta.sync{,.aligned} | barrierKind()    |
// |                          | .or}, barrier.sync{,.cnt},      | .{all,count}, barrier.cta.red.*;      |                  |
// |                          | barrier{,.n}, bar.sync          | cg block sync: non-aligned .all       |                  |
// | arrive (no barrier)      | barrier.arrive, bar.arrive      | barrier.cta.arrive*                   | barrierKind()    |
// | warning diagnostics      | no DiagnosticInfoGeneric: a DiagnosticInfoWithLocationBase subclass  | Diagnostics.cpp  |
// |                          | with getNextAvailablePluginDiagnosticKind() works in both            |                  |
// | switch case values       | operands 2, 4, ...              | not operands; no LLVM-C accessor      | Loops.cpp        |
// | debug intrinsics         | records, or dbg.* intrinsics    | records only                          | Query.cpp        |
// | clang -mllvm -mapcost-*  | needs -fplugin= too             | works with -fpass-plugin alone        | README           |
//
//===----------------------------------------------------------------------===//
#ifndef MAPCOST_PLUGIN_COMPAT_H
#define MAPCOST_PLUGIN_COMPAT_H

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

#if LLVM_VERSION_MAJOR != 19 && LLVM_VERSION_MAJOR != 22
#error "mapcost is built and tested against LLVM 19 and LLVM 22"
#endif

namespace mapcost {

inline llvm::Triple targetTriple(const llvm::Module &M) {
#if LLVM_VERSION_MAJOR >= 21
  return M.getTargetTriple();
#else
  return llvm::Triple(M.getTargetTriple());
#endif
}

} // namespace mapcost

#endif
