//===- Plugin.cpp - libmapcost.so: registration, options, the clone -------===//
//
//   opt -load-pass-plugin=build/libmapcost.so -passes=mapcost
//       -pass-remarks-analysis=mapcost -disable-output k.ll
//   clang -x cuda --cuda-device-only -fpass-plugin=build/libmapcost.so
//       -Rpass-analysis=mapcost -S -o /dev/null k.cu
//
// The pass `mapcost` analyses a private clone of the module: optnone and
// noinline are stripped, device functions are inlined and a fixed
// canonicalising pipeline runs, so the verdicts are the same at every -O
// level and the user's module is left exactly as it was. Under clang the
// pass runs at the pipeline-start extension point, before any unrolling; the
// callback fires for host modules too, which are ignored.
//
//===----------------------------------------------------------------------===//
#include "Canonicalize.h"
#include "Compat.h"
#include "mapcost/analyze.h"
#include "mapcost/options.h"
#include "mapcost/shim.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <memory>
#include <string>

using namespace llvm;

namespace {

// ---- Options (CONTRACT §1) ----------------------------------------------
// Values are kept as strings and validated in C (passes/driver/options.c),
// so a malformed value becomes a diagnostic, not a command-line abort.

cl::OptionCategory Category("mapcost options");
cl::opt<std::string> BlockDim("mapcost-block-dim", cl::cat(Category),
                              cl::desc("Block dimensions X[,Y[,Z]] (default: symbolic)"));
cl::opt<std::string> GridDim("mapcost-grid-dim", cl::cat(Category),
                             cl::desc("Grid dimensions X[,Y[,Z]] (default: symbolic)"));
cl::list<std::string> Params("mapcost-param", cl::cat(Category),
                             cl::desc("Fix a kernel parameter: NAME=VALUE (repeatable)"));
cl::opt<std::string> OnlyIntraGroup("mapcost-only-intra-group", cl::cat(Category),
                                    cl::ValueOptional,
                                    cl::desc("Skip races between blocks (grid scope)"));
cl::opt<std::string> WrapAround("mapcost-wrap-around", cl::cat(Category), cl::ValueOptional,
                                cl::desc("Races: index arithmetic wraps around as on the "
                                         "hardware (default: assume it does not)"));
cl::opt<std::string> WarpSize("mapcost-warp-size", cl::cat(Category), cl::desc("Threads per warp (32)"));
cl::opt<std::string> LineBytes("mapcost-line-bytes", cl::cat(Category),
                               cl::desc("Bytes per global memory segment (32)"));
cl::opt<std::string> Banks("mapcost-banks", cl::cat(Category), cl::desc("Shared memory banks (32)"));
cl::opt<std::string> BankBytes("mapcost-bank-bytes", cl::cat(Category), cl::desc("Bytes per bank word (4)"));
cl::opt<std::string> RLimit("mapcost-rlimit", cl::cat(Category),
                            cl::desc("Solver resource limit per query (deterministic)"));
cl::opt<std::string> SolverLog("mapcost-solver-log", cl::cat(Category),
                               cl::desc("Write each race query (SMT-LIB 2) into this file "
                                        "before it is checked"));
cl::opt<std::string> KernelSteps("mapcost-kernel-steps", cl::cat(Category),
                                 cl::desc("Step budget of each kernel's analysis"));
cl::opt<std::string> ModuleSteps("mapcost-module-steps", cl::cat(Category),
                                 cl::desc("Step budget of a module's analysis, all kernels"));
cl::opt<std::string> Jobs("mapcost-jobs", cl::cat(Category),
                          cl::desc("Race jobs run at once (default: the processors available)"));
cl::opt<std::string> Report("mapcost-report", cl::cat(Category),
                            cl::desc("Write one report per module into this directory"));
cl::opt<std::string> ReportFormat("mapcost-report-format", cl::cat(Category),
                                  cl::desc("Report format: json or sarif"));
cl::opt<std::string> Warnings("mapcost-warnings", cl::cat(Category), cl::ValueOptional,
                              cl::desc("Report races and divergence as warnings (1)"));
cl::opt<std::string> Races("mapcost-races", cl::cat(Category), cl::ValueOptional,
                           cl::desc("Run the race analysis (1); 0 leaves arrays inconclusive"));
cl::opt<std::string> Costs("mapcost-costs", cl::cat(Category), cl::ValueOptional,
                           cl::desc("Run the cost stage (1); 0 reports no costs"));
cl::opt<std::string> Run("mapcost-run", cl::cat(Category), cl::ValueOptional,
                         cl::desc("Interpret each kernel with concrete values instead of analysing it"));
cl::list<std::string> RunArrays("mapcost-run-array", cl::cat(Category),
                                cl::desc("-mapcost-run: an array's size and contents, NAME=SIZE[:zero|seq|rand|N]"));
cl::opt<std::string> RunSharedBytes("mapcost-run-shared-bytes", cl::cat(Category),
                                    cl::desc("-mapcost-run: bytes of dynamic (extern) shared memory"));
cl::opt<std::string> RunSeed("mapcost-run-seed", cl::cat(Category),
                             cl::desc("-mapcost-run: the seed of schedules and random contents"));
cl::opt<std::string> RunOrders("mapcost-run-orders", cl::cat(Category),
                               cl::desc("-mapcost-run: how many schedules (seeds) to run"));
cl::opt<std::string> RunMode("mapcost-run-mode", cl::cat(Category),
                             cl::desc("-mapcost-run: lockstep (warps) or interleave (threads)"));
cl::opt<std::string> RunTrace("mapcost-run-trace", cl::cat(Category),
                              cl::desc("-mapcost-run: write every access into this file"));
cl::opt<std::string> RunProtocolTrace(
    "mapcost-run-protocol-trace", cl::cat(Category),
    cl::desc("-mapcost-run: write the accesses the protocol denotes into this file"));
cl::opt<std::string> RunSteps("mapcost-run-steps", cl::cat(Category),
                              cl::desc("-mapcost-run: instructions per thread before giving up"));

// MAPCOST_OPTIONS first, then the command line, which wins where both set
// an option. Returns false after reporting the error on M.
bool collectOptions(Module &M, mc_options &O) {
  mc_options_init(&O);
  char Err[1024];
  if (const char *Env = std::getenv("MAPCOST_OPTIONS");
      Env && !mc_options_parse_env(&O, Env, Err, sizeof Err)) {
    mc_shim_diagnose(wrap(&M), MC_DIAG_ERROR, nullptr, Err);
    return false;
  }
  struct {
    const char *Name;
    cl::opt<std::string> &Opt;
  } Single[] = {{"block-dim", BlockDim},   {"grid-dim", GridDim},
                {"only-intra-group", OnlyIntraGroup}, {"wrap-around", WrapAround},
                {"warp-size", WarpSize},   {"line-bytes", LineBytes},
                {"banks", Banks},          {"bank-bytes", BankBytes},
                {"rlimit", RLimit},        {"report", Report},
                {"solver-log", SolverLog},
                {"kernel-steps", KernelSteps}, {"module-steps", ModuleSteps},
                {"jobs", Jobs},
                {"report-format", ReportFormat}, {"warnings", Warnings},
                {"races", Races},          {"costs", Costs},
                {"run", Run},              {"run-shared-bytes", RunSharedBytes},
                {"run-seed", RunSeed},     {"run-orders", RunOrders},
                {"run-mode", RunMode},     {"run-steps", RunSteps},
                {"run-trace", RunTrace},   {"run-protocol-trace", RunProtocolTrace}};
  for (auto &S : Single) {
    if (S.Opt.getNumOccurrences() == 0)
      continue;
    const std::string &V = S.Opt.getValue();
    bool Flag = V.empty() && (S.Opt.getValueExpectedFlag() == cl::ValueOptional);
    if (!mc_options_set(&O, S.Name, Flag ? nullptr : V.c_str(), Err, sizeof Err)) {
      mc_shim_diagnose(wrap(&M), MC_DIAG_ERROR, nullptr, Err);
      return false;
    }
  }
  for (const std::string &P : Params)
    if (!mc_options_set(&O, "param", P.c_str(), Err, sizeof Err)) {
      mc_shim_diagnose(wrap(&M), MC_DIAG_ERROR, nullptr, Err);
      return false;
    }
  for (const std::string &A : RunArrays)
    if (!mc_options_set(&O, "run-array", A.c_str(), Err, sizeof Err)) {
      mc_shim_diagnose(wrap(&M), MC_DIAG_ERROR, nullptr, Err);
      return false;
    }
  return true;
}

bool isDeviceModule(const Module &M) { return mapcost::targetTriple(M).isNVPTX(); }

// ---- Passes ----------------------------------------------------------------

struct MapcostPass : PassInfoMixin<MapcostPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (!isDeviceModule(M))
      return PreservedAnalyses::all();
    mc_options O;
    if (!collectOptions(M, O))
      return PreservedAnalyses::all();
    if (std::unique_ptr<Module> C = mapcost::canonicalClone(M)) {
      if (O.run)
        mc_run_module(wrap(C.get()), &O);
      else
        mc_analyze_module(wrap(C.get()), &O);
    }
    else
      mc_shim_diagnose(wrap(&M), MC_DIAG_ERROR, nullptr,
                       "internal error: the canonicalising pipeline did not parse");
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

struct PrinterPass : PassInfoMixin<PrinterPass> {
  std::string Name;
  explicit PrinterPass(std::string Name) : Name(std::move(Name)) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    mc_options O;
    if (!collectOptions(M, O))
      return PreservedAnalyses::all();
    std::unique_ptr<Module> C = mapcost::canonicalClone(M);
    mc_strbuf Out = {};
    if (C)
      mc_print_module(wrap(C.get()), &O, Name.c_str(), &Out);
    errs() << mc_strbuf_str(&Out);
    mc_strbuf_free(&Out);
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

const char *const Printers[] = {"kernels", "lockstep", "sym", "protocols", "cost", "drf"};

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "mapcost") {
          MPM.addPass(MapcostPass());
          return true;
        }
        for (const char *P : Printers)
          if (Name == ("print<mapcost-" + Twine(P) + ">").str()) {
            MPM.addPass(PrinterPass(P));
            return true;
          }
        return false;
      });
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) { MPM.addPass(MapcostPass()); });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "mapcost", LLVM_VERSION_STRING, registerCallbacks};
}
