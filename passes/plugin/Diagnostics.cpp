//===- Diagnostics.cpp - remarks and warnings on behalf of the C stages ---===//
//
// The C stages describe a remark as a list of keyed arguments; this file
// turns it into an OptimizationRemark{,Missed,Analysis} of pass "mapcost",
// so -Rpass*=mapcost, -fsave-optimization-record and opt's -pass-remarks-*
// all see the same structured record. Warnings and errors go through a
// DiagnosticInfo of a plugin kind, which both LLVM 19 and 22 accept and
// clang prints as `warning: ... [-Wbackend-plugin]`.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "mapcost/shim.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"

#include <string>

using namespace llvm;

static const char *const PassName = "mapcost";

namespace {

class MapcostDiagnostic : public DiagnosticInfo {
  std::string Message;

public:
  MapcostDiagnostic(DiagnosticSeverity Severity, std::string Message)
      : DiagnosticInfo(kind(), Severity), Message(std::move(Message)) {}

  static int kind() {
    static const int Kind = getNextAvailablePluginDiagnosticKind();
    return Kind;
  }
  static bool classof(const DiagnosticInfo *DI) { return DI->getKind() == kind(); }
  void print(DiagnosticPrinter &DP) const override { DP << Message; }
};

// "file:line:col: " of an instruction, or "file:line: " of a function.
std::string locationPrefix(const Value *V) {
  if (auto *I = dyn_cast_or_null<Instruction>(V)) {
    if (const DebugLoc &DL = I->getDebugLoc())
      return (DL->getFilename() + ":" + Twine(DL.getLine()) + ":" +
              Twine(DL.getCol()) + ": ").str();
  } else if (auto *F = dyn_cast_or_null<Function>(V)) {
    if (const DISubprogram *SP = F->getSubprogram())
      return (SP->getFilename() + ":" + Twine(SP->getLine()) + ": ").str();
  }
  return "";
}

template <typename RemarkT>
void emit(Function &F, StringRef Name, const DiagnosticLocation &Loc,
          const BasicBlock *Region, const mc_remark_arg *Args, size_t N) {
  OptimizationRemarkEmitter ORE(&F);
  ORE.emit([&] {
    RemarkT R(PassName, Name, Loc, Region);
    for (size_t I = 0; I < N; ++I) {
      const mc_remark_arg &A = Args[I];
      const Value *LocV = A.loc ? unwrap(A.loc) : nullptr;
      if (!A.key)
        R << (A.value ? A.value : "");
      else if (auto *Inst = dyn_cast_or_null<Instruction>(LocV))
        R << ore::NV(A.key, Inst->getDebugLoc());
      else if (LocV)
        R << ore::NV(A.key, LocV);
      else
        R << ore::NV(A.key, StringRef(A.value ? A.value : ""));
    }
    return R;
  });
}

} // namespace

extern "C" void mc_shim_remark(mc_remark_kind Kind, const char *Name,
                               LLVMValueRef FnRef, LLVMValueRef AtRef,
                               const mc_remark_arg *Args, size_t N) {
  auto *F = dyn_cast_or_null<Function>(unwrap(FnRef));
  if (!F || F->isDeclaration())
    return;
  auto *At = AtRef ? dyn_cast<Instruction>(unwrap(AtRef)) : nullptr;
  DiagnosticLocation Loc = At ? DiagnosticLocation(At->getDebugLoc())
                              : DiagnosticLocation(F->getSubprogram());
  const BasicBlock *Region = At ? At->getParent() : &F->getEntryBlock();
  switch (Kind) {
  case MC_REMARK_PASSED:
    emit<OptimizationRemark>(*F, Name, Loc, Region, Args, N);
    break;
  case MC_REMARK_MISSED:
    emit<OptimizationRemarkMissed>(*F, Name, Loc, Region, Args, N);
    break;
  case MC_REMARK_ANALYSIS:
    emit<OptimizationRemarkAnalysis>(*F, Name, Loc, Region, Args, N);
    break;
  }
}

extern "C" void mc_shim_diagnose(LLVMModuleRef M, mc_diag_severity Sev,
                                 LLVMValueRef AtRef, const char *Message) {
  DiagnosticSeverity S = Sev == MC_DIAG_ERROR     ? DS_Error
                         : Sev == MC_DIAG_WARNING ? DS_Warning
                                                  : DS_Note;
  std::string Text = locationPrefix(AtRef ? unwrap(AtRef) : nullptr) +
                     "mapcost: " + Message;
  unwrap(M)->getContext().diagnose(MapcostDiagnostic(S, std::move(Text)));
}
