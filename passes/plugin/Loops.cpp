//===- Loops.cpp - dominators, natural loops and CFG queries for lockstep -===//
//
// The lock-step stage (passes/lockstep/) asks LLVM what LLVM computes well:
// the dominator tree of a kernel and its natural loops (LoopInfo). Both are
// computed once per function and handed to C as an opaque handle; loops are
// numbered in preorder, so a loop's parent always has a smaller number.
// Also: switch case values (no LLVM-C accessor, and not operands in 22),
// and moving a barrier's location out of the header it was inlined from.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "mapcost/shim.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <new>
#include <vector>

using namespace llvm;

struct mc_shim_cfg {
  DominatorTree DT;
  LoopInfo LI;
  std::vector<Loop *> Loops;          // preorder
  DenseMap<const Loop *, int> Number; // Loop -> index in Loops

  explicit mc_shim_cfg(Function &F) : DT(F), LI(DT) {
    for (Loop *L : LI.getLoopsInPreorder()) {
      Number[L] = static_cast<int>(Loops.size());
      Loops.push_back(L);
    }
  }
};

namespace {
BasicBlock *block(LLVMBasicBlockRef B) { return B ? unwrap(B) : nullptr; }
} // namespace

extern "C" mc_shim_cfg *mc_shim_cfg_new(LLVMValueRef FnRef) {
  auto *F = dyn_cast_or_null<Function>(unwrap(FnRef));
  if (!F || F->isDeclaration())
    return nullptr;
  return new (std::nothrow) mc_shim_cfg(*F);
}

extern "C" void mc_shim_cfg_free(mc_shim_cfg *C) { delete C; }

extern "C" bool mc_shim_dominates(const mc_shim_cfg *C, LLVMBasicBlockRef A,
                                  LLVMBasicBlockRef B) {
  return C && C->DT.dominates(block(A), block(B));
}

extern "C" bool mc_shim_reachable(const mc_shim_cfg *C, LLVMBasicBlockRef B) {
  return C && C->DT.isReachableFromEntry(block(B));
}

extern "C" unsigned mc_shim_loop_count(const mc_shim_cfg *C) {
  return C ? static_cast<unsigned>(C->Loops.size()) : 0;
}

extern "C" LLVMBasicBlockRef mc_shim_loop_header(const mc_shim_cfg *C,
                                                 unsigned Loop) {
  if (!C || Loop >= C->Loops.size())
    return nullptr;
  return wrap(C->Loops[Loop]->getHeader());
}

extern "C" int mc_shim_loop_parent(const mc_shim_cfg *C, unsigned Loop) {
  if (!C || Loop >= C->Loops.size() || !C->Loops[Loop]->getParentLoop())
    return -1;
  return C->Number.lookup(C->Loops[Loop]->getParentLoop());
}

extern "C" int mc_shim_block_loop(const mc_shim_cfg *C, LLVMBasicBlockRef B) {
  if (!C)
    return -1;
  const Loop *L = C->LI.getLoopFor(block(B));
  return L ? C->Number.lookup(L) : -1;
}

extern "C" bool mc_shim_hoist_location(LLVMValueRef InstRef) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(InstRef));
  const DILocation *DL = I ? I->getDebugLoc().get() : nullptr;
  const DISubprogram *SP = I ? I->getFunction()->getSubprogram() : nullptr;
  if (!DL || !SP || !DL->getInlinedAt())
    return false;
  const DILocation *To = DL;
  while (To->getInlinedAt() && To->getFilename() != SP->getFilename())
    To = To->getInlinedAt();
  if (To == DL)
    return false;
  I->setDebugLoc(DebugLoc(const_cast<DILocation *>(To)));
  return true;
}

extern "C" bool mc_shim_switch_case_value(LLVMValueRef SwRef, unsigned Case,
                                          int64_t *Value) {
  auto *SI = dyn_cast_or_null<SwitchInst>(unwrap(SwRef));
  if (!SI || Case >= SI->getNumCases())
    return false;
  *Value = (SI->case_begin() + Case)->getCaseValue()->getSExtValue();
  return true;
}
