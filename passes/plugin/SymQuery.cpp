//===- SymQuery.cpp - variable names and atomic scopes for stage 3 (sym) --===//
//
// The shim functions of include/mapcost/shim.h that the symbolic stage
// needs and LLVM-C lacks: the source variable debug info gives a value
// (loop variables are named after it), and the sync scope of an atomic
// instruction (LLVM-C has it only from LLVM 20 on).
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "mapcost/shim.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;

namespace {

char *dup(StringRef S) {
  char *P = static_cast<char *>(std::malloc(S.size() + 1));
  if (P) {
    if (!S.empty()) // an empty StringRef may have no data at all
      std::memcpy(P, S.data(), S.size());
    P[S.size()] = '\0';
  }
  return P;
}

bool isUnsignedType(const DIType *T) {
  while (auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
    unsigned Tag = D->getTag();
    if (Tag != dwarf::DW_TAG_typedef && Tag != dwarf::DW_TAG_const_type &&
        Tag != dwarf::DW_TAG_volatile_type)
      return false;
    T = D->getBaseType();
  }
  auto *B = dyn_cast_or_null<DIBasicType>(T);
  if (!B)
    return false;
  unsigned E = B->getEncoding();
  return E == dwarf::DW_ATE_unsigned || E == dwarf::DW_ATE_unsigned_char ||
         E == dwarf::DW_ATE_boolean;
}

// The variable of a debug record or dbg.value in I that describes V.
const DILocalVariable *describing(const Instruction &I, const Value *V) {
  for (const DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
    for (Value *Op : R.location_ops())
      if (Op == V && R.getExpression()->getNumElements() == 0)
        return R.getVariable();
#if LLVM_VERSION_MAJOR < 20
  if (auto *DV = dyn_cast<DbgValueInst>(&I))
    for (Value *Op : DV->location_ops())
      if (Op == V && DV->getExpression()->getNumElements() == 0)
        return DV->getVariable();
#endif
  return nullptr;
}

} // namespace

extern "C" char *mc_shim_variable_name(LLVMValueRef VRef, bool *IsUnsigned) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(VRef));
  if (!I || !I->getFunction())
    return nullptr;
  // Its own block first (a phi's records sit on the block's first
  // instructions), then the rest of the function.
  const DILocalVariable *Var = nullptr;
  for (const Instruction &J : *I->getParent())
    if ((Var = describing(J, I)))
      break;
  if (!Var)
    for (const BasicBlock &BB : *I->getFunction()) {
      if (&BB == I->getParent())
        continue;
      for (const Instruction &J : BB)
        if ((Var = describing(J, I)))
          break;
      if (Var)
        break;
    }
  if (!Var || Var->getName().empty())
    return nullptr;
  if (IsUnsigned)
    *IsUnsigned = isUnsignedType(Var->getType());
  return dup(Var->getName());
}

extern "C" char *mc_shim_sync_scope(LLVMValueRef InstRef) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(InstRef));
  if (!I)
    return nullptr;
  std::optional<SyncScope::ID> ID = getAtomicSyncScopeID(I);
  if (!ID)
    return nullptr;
  SmallVector<StringRef, 8> Names;
  I->getContext().getSyncScopeNames(Names);
  if (*ID >= Names.size())
    return nullptr;
  return dup(*ID == SyncScope::System ? StringRef("system") : Names[*ID]);
}

extern "C" bool mc_shim_source_location(LLVMValueRef InstRef, unsigned *Line,
                                        unsigned *Column) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(InstRef));
  const DILocation *L = I ? I->getDebugLoc().get() : nullptr;
  if (!L || !L->getLine())
    return false;
  // After inlining, an access in a helper from a header (atomicAdd, a CUDA
  // SDK function) is reported where the kernel's file calls it.
  const DISubprogram *SP = I->getFunction()->getSubprogram();
  const DILocation *Pick = L;
  if (SP && SP->getFile())
    for (const DILocation *X = L; X; X = X->getInlinedAt())
      if (X->getFilename() == SP->getFilename() && X->getDirectory() == SP->getDirectory()) {
        Pick = X;
        break;
      }
  *Line = Pick->getLine();
  *Column = Pick->getColumn();
  return true;
}
