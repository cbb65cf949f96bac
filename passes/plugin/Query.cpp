//===- Query.cpp - names, kernel marking and barriers for the C stages ----===//
//
// The shim functions of include/mapcost/shim.h that read IR: what LLVM-C
// cannot (debug-info variable names, the demangler) and what differs between
// LLVM 19 and 22 (Compat.h has the table).
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "mapcost/shim.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"

#include <cstdlib>
#include <cstring>
#include <string>

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

// Calls F for each {function, key, value} of !nvvm.annotations (LLVM 19's
// kernel marking and launch bounds).
template <typename Fn> void forEachAnnotation(const Function &F, Fn &&Visit) {
  const NamedMDNode *MD = F.getParent()->getNamedMetadata("nvvm.annotations");
  if (!MD)
    return;
  for (const MDNode *N : MD->operands()) {
    if (N->getNumOperands() < 3)
      continue;
    auto *V = dyn_cast_or_null<ValueAsMetadata>(N->getOperand(0).get());
    if (!V || V->getValue() != &F)
      continue;
    for (unsigned I = 1; I + 1 < N->getNumOperands(); I += 2) {
      auto *Key = dyn_cast_or_null<MDString>(N->getOperand(I).get());
      auto *Val = dyn_cast_or_null<ConstantAsMetadata>(N->getOperand(I + 1).get());
      auto *CI = Val ? dyn_cast<ConstantInt>(Val->getValue()) : nullptr;
      if (Key && CI)
        Visit(Key->getString(), CI->getZExtValue());
    }
  }
}

// "256" or "256,2,1" (LLVM 22's nvvm.maxntid / nvvm.reqntid attributes).
void parseDims(StringRef Text, unsigned Dims[3]) {
  SmallVector<StringRef, 3> Parts;
  Text.split(Parts, ',');
  for (unsigned I = 0; I < Parts.size() && I < 3; ++I) {
    unsigned V = 0;
    if (!Parts[I].trim().getAsInteger(10, V))
      Dims[I] = V;
  }
  for (unsigned I = 1; I < 3 && Dims[0]; ++I)
    if (!Dims[I])
      Dims[I] = 1;
}

// A C-like spelling of a debug-info type: "const float *", "int [16][17]".
std::string typeText(const DIType *T) {
  if (!T)
    return "void";
  if (auto *D = dyn_cast<DIDerivedType>(T)) {
    switch (D->getTag()) {
    case dwarf::DW_TAG_pointer_type:
      return typeText(D->getBaseType()) + " *";
    case dwarf::DW_TAG_reference_type:
    case dwarf::DW_TAG_rvalue_reference_type:
      return typeText(D->getBaseType()) + " &";
    case dwarf::DW_TAG_const_type:
      return "const " + typeText(D->getBaseType());
    case dwarf::DW_TAG_volatile_type:
      return "volatile " + typeText(D->getBaseType());
    case dwarf::DW_TAG_restrict_type:
      return typeText(D->getBaseType()) + " __restrict__";
    default:
      if (!D->getName().empty())
        return D->getName().str();
      return typeText(D->getBaseType());
    }
  }
  if (auto *C = dyn_cast<DICompositeType>(T)) {
    if (C->getTag() == dwarf::DW_TAG_array_type) {
      std::string S = typeText(C->getBaseType()) + " ";
      for (const DINode *E : C->getElements())
        if (auto *R = dyn_cast<DISubrange>(E)) {
          auto *Count = dyn_cast_if_present<ConstantInt *>(R->getCount());
          S += "[" + (Count ? std::to_string(Count->getSExtValue()) : "") + "]";
        }
      return S;
    }
  }
  return T->getName().str();
}

// The debug-info variable of parameter Index (0-based) of F, or null.
const DILocalVariable *paramVariable(const Function &F, unsigned Index) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return nullptr;
  auto Matches = [&](const DILocalVariable *V) {
    return V && V->getArg() == Index + 1 && V->getScope() &&
           V->getScope()->getSubprogram() == SP;
  };
  for (const DINode *N : SP->getRetainedNodes())
    if (auto *V = dyn_cast<DILocalVariable>(N); Matches(V))
      return V;
  for (const Instruction &I : instructions(F)) {
    for (const DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
      if (Matches(R.getVariable()))
        return R.getVariable();
#if LLVM_VERSION_MAJOR < 20
    if (auto *DI = dyn_cast<DbgVariableIntrinsic>(&I); DI && Matches(DI->getVariable()))
      return DI->getVariable();
#endif
  }
  return nullptr;
}

// The parameter types of a mangled name, split at top-level commas.
SmallVector<std::string, 8> demangledParams(StringRef Mangled) {
  SmallVector<std::string, 8> Out;
  ItaniumPartialDemangler D;
  std::string Name = Mangled.str(); // the demangler keeps pointers into it
  if (D.partialDemangle(Name.c_str()))
    return Out;
  size_t N = 0;
  char *P = D.getFunctionParameters(nullptr, &N);
  if (!P)
    return Out;
  StringRef S(P);
  S = S.trim();
  if (S.consume_front("(") && S.consume_back(")")) {
    int Depth = 0;
    size_t Start = 0;
    for (size_t I = 0; I <= S.size(); ++I) {
      char C = I < S.size() ? S[I] : ',';
      if (C == '(' || C == '<' || C == '[')
        ++Depth;
      else if (C == ')' || C == '>' || C == ']')
        --Depth;
      else if (C == ',' && Depth == 0) {
        StringRef T = S.slice(Start, I).trim();
        if (!T.empty())
          Out.push_back(T.str());
        Start = I + 1;
      }
    }
  }
  std::free(P);
  return Out;
}

// "float const*" (the demangler's spelling) -> "const float *".
std::string sourceSpelling(StringRef T) {
  std::string S = T.str();
  bool Ptr = StringRef(S).ends_with("*");
  StringRef Base = StringRef(S).drop_back(Ptr ? 1 : 0).trim();
  std::string Out;
  if (Base.consume_back(" const"))
    Out = "const " + Base.str();
  else
    Out = Base.str();
  return Ptr ? Out + " *" : Out;
}

} // namespace

extern "C" bool mc_shim_is_kernel(LLVMValueRef FnRef) {
  auto *F = dyn_cast_or_null<Function>(unwrap(FnRef));
  if (!F)
    return false;
  if (F->getCallingConv() == CallingConv::PTX_Kernel)
    return true;
  bool Kernel = false;
  forEachAnnotation(*F, [&](StringRef Key, uint64_t V) {
    if (Key == "kernel" && V)
      Kernel = true;
  });
  return Kernel;
}

extern "C" void mc_shim_launch_bounds(LLVMValueRef FnRef, mc_launch_bounds *LB) {
  *LB = mc_launch_bounds{};
  auto *F = dyn_cast_or_null<Function>(unwrap(FnRef));
  if (!F)
    return;
  forEachAnnotation(*F, [&](StringRef Key, uint64_t V) {
    unsigned U = static_cast<unsigned>(V);
    if (Key.consume_front("maxntid") && Key.size() == 1 && Key[0] >= 'x' && Key[0] <= 'z')
      LB->maxntid[Key[0] - 'x'] = U;
    else if (Key.consume_front("reqntid") && Key.size() == 1 && Key[0] >= 'x' && Key[0] <= 'z')
      LB->reqntid[Key[0] - 'x'] = U;
    else if (Key == "minctasm")
      LB->minctasm = U;
  });
  if (F->hasFnAttribute("nvvm.maxntid"))
    parseDims(F->getFnAttribute("nvvm.maxntid").getValueAsString(), LB->maxntid);
  if (F->hasFnAttribute("nvvm.reqntid"))
    parseDims(F->getFnAttribute("nvvm.reqntid").getValueAsString(), LB->reqntid);
  if (F->hasFnAttribute("nvvm.minctasm"))
    F->getFnAttribute("nvvm.minctasm").getValueAsString().getAsInteger(10, LB->minctasm);
  for (unsigned *D : {LB->maxntid, LB->reqntid})
    if (D[0] || D[1] || D[2])
      for (unsigned I = 0; I < 3; ++I)
        if (!D[I])
          D[I] = 1;
}

extern "C" mc_barrier_kind mc_shim_barrier_kind(LLVMValueRef CallRef,
                                                 LLVMValueRef *Operand) {
  auto *CB = dyn_cast_or_null<CallBase>(unwrap(CallRef));
  const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
  if (!Callee)
    return MC_BARRIER_NONE;
  StringRef N = Callee->getName();
  if (!N.consume_front("llvm.nvvm."))
    return MC_BARRIER_NONE;
  auto Arg = [&](unsigned I) { return I < CB->arg_size() ? wrap(CB->getArgOperand(I)) : nullptr; };
  // Arrive without waiting: no barrier at all.
  if (N.starts_with("barrier.cta.arrive") || N.starts_with("barrier.arrive") ||
      N.starts_with("bar.arrive"))
    return MC_BARRIER_ARRIVE;
  if (N == "bar.warp.sync") {
    if (Operand)
      *Operand = Arg(0);
    return MC_BARRIER_WARP;
  }
  // LLVM 22: barrier.cta.sync{,.aligned}.{all,count}, barrier.cta.red.*.{all,count}.
  if (N.consume_front("barrier.cta.sync") || N.consume_front("barrier.cta.red")) {
    if (N.ends_with(".count")) {
      if (Operand)
        *Operand = Arg(1);
      return MC_BARRIER_BLOCK_COUNT;
    }
    return MC_BARRIER_BLOCK;
  }
  // LLVM 19: barrier0{,.popc,.and,.or}, barrier.n, bar.sync, barrier.sync,
  // and the counted barrier / barrier.sync.cnt.
  if (N == "barrier0" || N.starts_with("barrier0.") || N == "barrier.n" ||
      N == "bar.sync" || N == "barrier.sync")
    return MC_BARRIER_BLOCK;
  if (N == "barrier" || N == "barrier.sync.cnt") {
    if (Operand)
      *Operand = Arg(1);
    return MC_BARRIER_BLOCK_COUNT;
  }
  return MC_BARRIER_NONE;
}

extern "C" char *mc_shim_target_cpu(LLVMValueRef FnRef) {
  auto *F = dyn_cast_or_null<Function>(unwrap(FnRef));
  if (!F || !F->hasFnAttribute("target-cpu"))
    return nullptr;
  return dup(F->getFnAttribute("target-cpu").getValueAsString());
}

extern "C" char *mc_shim_demangle(const char *Mangled) {
  return dup(demangle(Mangled ? Mangled : ""));
}

extern "C" char *mc_shim_function_name(LLVMValueRef FnRef) {
  auto *F = dyn_cast_or_null<Function>(unwrap(FnRef));
  if (!F)
    return nullptr;
  ItaniumPartialDemangler D;
  std::string Name = F->getName().str(); // the demangler keeps pointers into it
  if (!D.partialDemangle(Name.c_str())) {
    size_t N = 0;
    if (char *Name = D.getFunctionName(nullptr, &N))
      return Name;
  }
  return dup(F->getName());
}

extern "C" char *mc_shim_param_name(LLVMValueRef FnRef, unsigned Index) {
  auto *F = dyn_cast_or_null<Function>(unwrap(FnRef));
  if (!F)
    return nullptr;
  if (const DILocalVariable *V = paramVariable(*F, Index))
    return dup(V->getName());
  return nullptr;
}

extern "C" char *mc_shim_param_type(LLVMValueRef FnRef, unsigned Index) {
  auto *F = dyn_cast_or_null<Function>(unwrap(FnRef));
  if (!F)
    return nullptr;
  if (const DILocalVariable *V = paramVariable(*F, Index))
    return dup(typeText(V->getType()));
  auto Params = demangledParams(F->getName());
  if (Params.size() == F->arg_size())
    return dup(sourceSpelling(Params[Index]));
  return nullptr;
}

static const DIGlobalVariable *globalVariable(LLVMValueRef GVRef) {
  auto *GV = dyn_cast_or_null<GlobalVariable>(unwrap(GVRef));
  if (!GV)
    return nullptr;
  SmallVector<DIGlobalVariableExpression *, 1> GVEs;
  GV->getDebugInfo(GVEs);
  return GVEs.empty() ? nullptr : GVEs.front()->getVariable();
}

extern "C" char *mc_shim_global_name(LLVMValueRef GVRef) {
  const DIGlobalVariable *V = globalVariable(GVRef);
  // String literals have debug info without a name.
  return V && !V->getName().empty() ? dup(V->getName()) : nullptr;
}

extern "C" char *mc_shim_global_type(LLVMValueRef GVRef) {
  const DIGlobalVariable *V = globalVariable(GVRef);
  return V ? dup(typeText(V->getType())) : nullptr;
}

extern "C" int mc_shim_atomic_scope(LLVMValueRef InstRef) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(InstRef));
  if (!I)
    return -1;
  std::optional<SyncScope::ID> SSID = getAtomicSyncScopeID(I);
  if (SSID) {
    SmallVector<StringRef, 8> Names;
    I->getContext().getSyncScopeNames(Names);
    StringRef Name = *SSID < Names.size() ? Names[*SSID] : "";
    if (*SSID == SyncScope::System || Name.empty())
      return 1; // CUDA's plain atomics are device-scope atomics
    if (Name == "device")
      return 1;
    return 0; // block, cluster, singlethread: narrower than the grid
  }
  // NVVM's scoped atomic intrinsics: llvm.nvvm.atomic.<op>.gen.<t>.{cta,sys}.
  if (auto *CB = dyn_cast<CallBase>(I))
    if (const Function *F = CB->getCalledFunction()) {
      StringRef N = F->getName();
      if (N.starts_with("llvm.nvvm.atomic.")) {
        if (N.contains(".cta."))
          return 0;
        if (N.contains(".sys."))
          return 2;
        return 1;
      }
    }
  return -1;
}

extern "C" uint64_t mc_shim_param_pointee_bytes(LLVMValueRef FnRef, unsigned Index) {
  auto *F = dyn_cast_or_null<Function>(unwrap(FnRef));
  const DILocalVariable *V = F ? paramVariable(*F, Index) : nullptr;
  const DIType *T = V ? V->getType() : nullptr;
  // Through typedefs and qualifiers to the pointer, then to what it points to.
  auto Strip = [](const DIType *T) {
    while (auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
      unsigned Tag = D->getTag();
      if (Tag != dwarf::DW_TAG_typedef && Tag != dwarf::DW_TAG_const_type &&
          Tag != dwarf::DW_TAG_volatile_type && Tag != dwarf::DW_TAG_restrict_type)
        break;
      T = D->getBaseType();
    }
    return T;
  };
  auto *P = dyn_cast_or_null<DIDerivedType>(Strip(T));
  if (!P || P->getTag() != dwarf::DW_TAG_pointer_type)
    return 0;
  const DIType *E = Strip(P->getBaseType());
  return E ? E->getSizeInBits() / 8 : 0;
}
