//===- Annotations.cpp - keep runtime/mapcost.h's calls through the clone -===//
//
//   clang -x cuda --cuda-device-only -I runtime -fpass-plugin=build/libmapcost.so
//         -Xclang -disable-llvm-passes -S -emit-llvm k.cu   (calls kept)
//   opt -load-pass-plugin=build/libmapcost.so -passes='print<mapcost-kernels>'
//       -disable-output k.ll                                (facts listed)
//
// An annotation is recognised by the demangled base name of the function it
// calls ("__mapcost_requires" for `_ZL18__mapcost_requiresb`, static or not,
// template instances included), so the user's spelling of the call and the
// -O level do not matter: at clang's pipeline start nothing is inlined yet.
// The function, in the clone only, loses its body and becomes the
// declaration `mapcost.<kind>`: a statement (requires, assume, suppress,
// alias, ...) has only inaccessible-memory effects, so nothing may delete,
// merge or hoist its calls and they change no memory the analysis looks
// at, and is noduplicate, so that no pass copies a call into the paths of a
// branch before it; a value (uniform, distinct, other) is pure.
//
//===----------------------------------------------------------------------===//
#include "Annotations.h"
#include "mapcost/shim.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ModRef.h"

#include <cstdlib>
#include <string>

using namespace llvm;

namespace {

// Source name -> kind. The kinds are the `mapcost.<kind>` names that
// passes/kernels/facts.c reads (include/mapcost/facts.h).
struct AnnotationName {
  const char *Source;
  const char *Kind;
};
const AnnotationName Annotations[] = {
    {"__mapcost_requires", "requires"},
    {"__mapcost_assume", "assume"},
    {"__mapcost_axiom", "axiom"},
    {"__mapcost_uniform", "uniform"},
    {"__mapcost_distinct", "distinct"},
    {"__mapcost_other", "other"},
    {"__mapcost_suppress", "suppress"},
    {"__mapcost_alias", "alias"},
    {"__mapcost_assert", "assert"},
    {"__mapcost_ensures", "ensures"},
    {"__mapcost_invariant", "invariant"},
    {"__mapcost_unsupported", "unsupported"},
    {"__mapcost_unsupported_int", "unsupported"},
    {"__mapcost_unsupported_ptr", "unsupported"},
};

// "__mapcost_requires" for `_ZL18__mapcost_requiresb` and for an unmangled
// name; "" for anything else.
std::string baseName(StringRef Name) {
  if (!Name.starts_with("_Z"))
    return Name.str();
  ItaniumPartialDemangler D;
  std::string Mangled = Name.str(); // the demangler keeps pointers into it
  if (D.partialDemangle(Mangled.c_str()) || !D.isFunction())
    return "";
  size_t N = 0;
  char *Base = D.getFunctionBaseName(nullptr, &N);
  if (!Base)
    return "";
  std::string Out(Base);
  std::free(Base);
  // A function in a namespace or class is someone else's.
  size_t DN = 0;
  if (char *Ctx = D.getFunctionDeclContextName(nullptr, &DN)) {
    bool Nested = Ctx[0] != '\0';
    std::free(Ctx);
    if (Nested)
      return "";
  }
  return Out;
}

const char *annotationKind(Function &F) {
  StringRef Name = F.getName();
  if (!Name.contains("__mapcost_") || F.getCallingConv() == CallingConv::PTX_Kernel ||
      mc_shim_is_kernel(wrap(&F)))
    return nullptr;
  std::string Base = baseName(Name);
  for (const AnnotationName &A : Annotations)
    if (Base == A.Source)
      return A.Kind;
  return nullptr;
}

// `mapcost.<kind>`, or `mapcost.<kind>.<N>` for a second function of the
// same kind (template instances): facts.c reads the kind up to the dot.
std::string freeName(const Module &M, const char *Kind) {
  std::string Base = std::string("mapcost.") + Kind;
  if (!M.getNamedValue(Base))
    return Base;
  for (unsigned I = 1;; ++I)
    if (std::string N = Base + "." + std::to_string(I); !M.getNamedValue(N))
      return N;
}

// Values that annotations compute (uniform(x), x in the other thread) are
// pure: they may be speculated, so `a || uniform(x)` stays one condition
// rather than becoming branches. The statements keep their side effect.
bool isPureKind(StringRef Kind) {
  return Kind == "uniform" || Kind == "distinct" || Kind == "other";
}

} // namespace

unsigned mapcost::lowerAnnotations(Module &M) {
  SmallVector<std::pair<Function *, const char *>, 8> Found;
  for (Function &F : M)
    if (const char *Kind = annotationKind(F))
      Found.push_back({&F, Kind});
  for (auto [F, Kind] : Found) {
    if (!F->isDeclaration())
      F->deleteBody();
    F->setSubprogram(nullptr);
    F->setLinkage(GlobalValue::ExternalLinkage);
    F->setVisibility(GlobalValue::DefaultVisibility);
    F->setComdat(nullptr);
    F->setAttributes(AttributeList());
    F->setDoesNotThrow();
    F->setWillReturn();
    if (isPureKind(Kind)) {
      F->setMemoryEffects(MemoryEffects::none());
      F->addFnAttr(Attribute::Speculatable);
    } else {
      F->setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
      // `__mapcost_requires(a && b)` whose b clang made a branch passes a
      // phi; threading that branch would copy the call into each path
      // with the phi's value there (`requires(false)` on the path where a
      // fails, which would make every query vacuous). One call stays.
      F->addFnAttr(Attribute::NoDuplicate);
    }
    F->setName("");
    F->setName(freeName(M, Kind));
  }
  // A statement `__mapcost_uniform(x);` would now be dead code: it says
  // the same as __mapcost_assume(__mapcost_uniform(x)), so it becomes that.
  FunctionCallee Assume;
  for (auto [F, Kind] : Found) {
    if (StringRef(Kind) != "uniform" && StringRef(Kind) != "distinct")
      continue;
    for (User *U : make_early_inc_range(F->users())) {
      auto *CI = dyn_cast<CallInst>(U);
      if (!CI || !CI->use_empty() || CI->getCalledFunction() != F ||
          !CI->getType()->isIntegerTy(1))
        continue;
      if (!Assume) {
        Type *Void = Type::getVoidTy(M.getContext());
        Type *Bool = Type::getInt1Ty(M.getContext());
        Function *A = M.getFunction("mapcost.assume");
        if (!A || A->getFunctionType() != FunctionType::get(Void, {Bool}, false)) {
          A = Function::Create(FunctionType::get(Void, {Bool}, false),
                               GlobalValue::ExternalLinkage, freeName(M, "assume"), M);
          A->setDoesNotThrow();
          A->setWillReturn();
          A->setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
          A->addFnAttr(Attribute::NoDuplicate);
        }
        Assume = FunctionCallee(A);
      }
      CallInst *New = CallInst::Create(Assume, {CI}, "", std::next(CI->getIterator()));
      New->setDebugLoc(CI->getDebugLoc());
    }
  }
  return Found.size();
}
