//===- Canonicalize.cpp - the private, canonicalised clone of a module ----===//
//
// Every stage reads this clone, never the user's module: -O0 and -O3 input
// look alike after it, and the user's module is left exactly as it was.
//
//===----------------------------------------------------------------------===//
#include "Canonicalize.h"
#include "Annotations.h"
#include "Compat.h"
#include "mapcost/shim.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LLVMRemarkStreamer.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Remarks/RemarkStreamer.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace {

// Inlining comes first: at clang's pipeline start even threadIdx.x is a call
// to a builtin accessor. Then what makes -O0 and -O3 look alike: scalars
// promoted, a thread's own stores forwarded to its loads (GVN), loops in
// simplified, LCSSA form with canonical induction variables. No unrolling.
// instcombine from a pipeline string verifies that one run reaches a
// fixpoint and aborts the compiler when it does not (a shuffle loop is
// enough): as in clang's own pipelines, it must not.
const char *const CanonicalPipeline =
    "always-inline,function(sroa,early-cse,instcombine<no-verify-fixpoint>,"
    "simplifycfg,gvn,instcombine<no-verify-fixpoint>,simplifycfg,loop-simplify,"
    "lcssa,loop(indvars),sroa)";

// While the canonicalising pipeline runs on the clone, its passes (the
// inliner, above all) must not speak to the user: their remarks would show
// up in -Rpass=inline and in the optimization record. The clone shares the
// user's LLVMContext, so the context's handler and remark streamer are set
// aside for that time and put back after.
class QuietContext {
  LLVMContext &Ctx;
  std::unique_ptr<DiagnosticHandler> Saved;
  bool HadStreamer;

  struct Silent : DiagnosticHandler {
    bool handleDiagnostics(const DiagnosticInfo &) override { return true; }
  };

public:
  explicit QuietContext(LLVMContext &Ctx)
      : Ctx(Ctx), Saved(Ctx.getDiagnosticHandler()),
        HadStreamer(Ctx.getLLVMRemarkStreamer() != nullptr) {
    Ctx.setDiagnosticHandler(std::make_unique<Silent>());
    Ctx.setLLVMRemarkStreamer(nullptr); // the main streamer stays
  }
  ~QuietContext() {
    Ctx.setDiagnosticHandler(std::move(Saved));
    if (HadStreamer && Ctx.getMainRemarkStreamer())
      Ctx.setLLVMRemarkStreamer(
          std::make_unique<LLVMRemarkStreamer>(*Ctx.getMainRemarkStreamer()));
  }
};

// The string a __nvvm_reflect call asks about ("" where it is not one).
StringRef reflectQuery(Value *Arg) {
  auto *G = dyn_cast<GlobalVariable>(Arg->stripPointerCasts());
  auto *Data = G && G->hasInitializer() ? dyn_cast<ConstantDataSequential>(G->getInitializer())
                                        : nullptr;
  return Data && Data->isCString() ? Data->getAsCString() : StringRef();
}

// What NVPTX's NVVMReflect pass answers: the module's nvvm-reflect-ftz
// flag for FTZ, the target's SM version times ten for the architecture, 0
// for anything else.
int reflectAnswer(const Function &F, StringRef Query) {
  if (Query == "__CUDA_FTZ") {
    auto *V = mdconst::extract_or_null<ConstantInt>(
        F.getParent()->getModuleFlag("nvvm-reflect-ftz"));
    return V ? (int)V->getSExtValue() : 0;
  }
  unsigned Sm = 0;
  StringRef Cpu = F.getFnAttribute("target-cpu").getValueAsString();
  if (Query == "__CUDA_ARCH" && Cpu.consume_front("sm_"))
    Cpu.take_while([](char C) { return C >= '0' && C <= '9'; }).getAsInteger(10, Sm);
  return (int)Sm * 10;
}

// libdevice's math functions (expf, sqrtf, powf with the CUDA SDK) branch
// on __nvvm_reflect("__CUDA_FTZ"). In a compile NVPTX's pipeline-start
// callback answers those calls before this plugin runs; in IR that opt
// reads they are still calls, which would be calls that may touch any
// memory and read any thread id. They are answered here as NVVMReflect
// would.
void lowerReflect(Module &M) {
  for (const char *Name : {"__nvvm_reflect", "llvm.nvvm.reflect"}) {
    Function *F = M.getFunction(Name);
    if (!F)
      continue;
    for (User *U : make_early_inc_range(F->users())) {
      auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledOperand() != F || Call->arg_size() != 1 ||
          !Call->getType()->isIntegerTy())
        continue;
      int Answer = reflectAnswer(*Call->getFunction(), reflectQuery(Call->getArgOperand(0)));
      Call->replaceAllUsesWith(ConstantInt::get(Call->getType(), Answer, true));
      Call->eraseFromParent();
    }
  }
}

} // namespace

std::unique_ptr<Module> mapcost::canonicalClone(const Module &M) {
  std::unique_ptr<Module> C = CloneModule(M);
  lowerAnnotations(*C); // before inlining would remove them
  lowerReflect(*C);
  for (Function &F : *C) {
    F.removeFnAttr(Attribute::OptimizeNone);
    F.removeFnAttr(Attribute::NoInline);
    if (!F.isDeclaration() && !F.hasFnAttribute(Attribute::AlwaysInline) &&
        F.getCallingConv() != CallingConv::PTX_Kernel && !mc_shim_is_kernel(wrap(&F)))
      F.addFnAttr(Attribute::AlwaysInline);
  }
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM;
  if (Error E = PB.parsePassPipeline(MPM, CanonicalPipeline)) {
    consumeError(std::move(E));
    return nullptr;
  }
  QuietContext Quiet(C->getContext());
  MPM.run(*C, MAM);
  return C;
}

extern "C" LLVMModuleRef mc_shim_canonical_clone(LLVMModuleRef M) {
  return wrap(mapcost::canonicalClone(*unwrap(M)).release());
}
