//===- Evolution.cpp - LLVM's scalar evolution, for the protocol stage ----===//
//
// Where the protocol stage (passes/protocol/loops.c) finds no closed form
// for a loop variable or no last iteration for a loop, it asks LLVM's
// ScalarEvolution: the add recurrence of a header phi, the exact number of
// times a loop takes its back edge. Answers come back as small trees
// (mc_scev, shim.h) allocated in the caller's arena, for the C side to
// translate into its own expressions; anything SCEV cannot say exactly
// (CouldNotCompute, a bound only, a pointer, more than 64 bits, a tree of
// more than MaxNodes nodes) is no answer.
//
//===----------------------------------------------------------------------===//
#include "Compat.h"
#include "mapcost/shim.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"

#include <new>

using namespace llvm;

struct mc_shim_scev {
  TargetLibraryInfoImpl TLII;
  TargetLibraryInfo TLI;
  AssumptionCache AC;
  DominatorTree DT;
  LoopInfo LI;
  ScalarEvolution SE;

  explicit mc_shim_scev(Function &F)
      : TLII(mapcost::targetTriple(*F.getParent())), TLI(TLII, &F), AC(F), DT(F), LI(DT),
        SE(F, TLI, AC, DT, LI) {}
};

namespace {

constexpr unsigned MaxNodes = 256;

// A SCEV as an mc_scev tree in the arena; nullptr where it is not one.
class Converter {
  ScalarEvolution &SE;
  mc_arena *A;
  DenseMap<const SCEV *, const mc_scev *> Done;
  unsigned Nodes = 0;

  mc_scev *node(mc_scev_kind Kind, const SCEV *S, unsigned NOps) {
    if (++Nodes > MaxNodes || !S->getType()->isIntegerTy() ||
        SE.getTypeSizeInBits(S->getType()) > 64)
      return nullptr;
    auto *N = static_cast<mc_scev *>(mc_alloc(A, sizeof(mc_scev)));
    auto *Ops = static_cast<const mc_scev **>(mc_alloc(A, (NOps + 1) * sizeof(mc_scev *)));
    if (!N || !Ops)
      return nullptr;
    N->kind = Kind;
    N->width = static_cast<unsigned>(SE.getTypeSizeInBits(S->getType()));
    N->nops = NOps;
    N->ops = Ops;
    return N;
  }

  const mc_scev *nary(mc_scev_kind Kind, const SCEVNAryExpr *S) {
    mc_scev *N = node(Kind, S, static_cast<unsigned>(S->getNumOperands()));
    if (!N)
      return nullptr;
    auto **Ops = const_cast<const mc_scev **>(N->ops);
    for (unsigned I = 0; I < N->nops; ++I)
      if (!(Ops[I] = convert(S->getOperand(I))))
        return nullptr;
    if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S))
      N->loop = wrap(AR->getLoop()->getHeader());
    return N;
  }

  const mc_scev *castOf(mc_scev_kind Kind, const SCEVCastExpr *S) {
    mc_scev *N = node(Kind, S, 1);
    if (!N || !S->getOperand(0)->getType()->isIntegerTy())
      return nullptr;
    auto **Ops = const_cast<const mc_scev **>(N->ops);
    return (Ops[0] = convert(S->getOperand(0))) ? N : nullptr;
  }

  const mc_scev *build(const SCEV *S) {
    switch (S->getSCEVType()) {
    case scConstant: {
      mc_scev *N = node(MC_SCEV_CONST, S, 0);
      if (N)
        N->value = cast<SCEVConstant>(S)->getAPInt().getZExtValue();
      return N;
    }
    case scUnknown: {
      Value *V = cast<SCEVUnknown>(S)->getValue();
      mc_scev *N = node(MC_SCEV_VALUE, S, 0);
      if (N)
        N->v = wrap(V);
      return N;
    }
    case scTruncate: return castOf(MC_SCEV_TRUNC, cast<SCEVCastExpr>(S));
    case scZeroExtend: return castOf(MC_SCEV_ZEXT, cast<SCEVCastExpr>(S));
    case scSignExtend: return castOf(MC_SCEV_SEXT, cast<SCEVCastExpr>(S));
    case scAddExpr: return nary(MC_SCEV_ADD, cast<SCEVNAryExpr>(S));
    case scMulExpr: return nary(MC_SCEV_MUL, cast<SCEVNAryExpr>(S));
    case scAddRecExpr: return nary(MC_SCEV_ADDREC, cast<SCEVNAryExpr>(S));
    case scSMaxExpr: return nary(MC_SCEV_SMAX, cast<SCEVNAryExpr>(S));
    case scUMaxExpr: return nary(MC_SCEV_UMAX, cast<SCEVNAryExpr>(S));
    case scSMinExpr: return nary(MC_SCEV_SMIN, cast<SCEVNAryExpr>(S));
    case scUMinExpr:
    // umin_seq differs from umin only in where poison comes from
    case scSequentialUMinExpr: return nary(MC_SCEV_UMIN, cast<SCEVNAryExpr>(S));
    case scUDivExpr: {
      const auto *D = cast<SCEVUDivExpr>(S);
      mc_scev *N = node(MC_SCEV_UDIV, S, 2);
      if (!N)
        return nullptr;
      auto **Ops = const_cast<const mc_scev **>(N->ops);
      Ops[0] = convert(D->getLHS());
      Ops[1] = convert(D->getRHS());
      return Ops[0] && Ops[1] ? N : nullptr;
    }
    default: // ptrtoint, vscale, could-not-compute
      return nullptr;
    }
  }

public:
  Converter(ScalarEvolution &SE, mc_arena *A) : SE(SE), A(A) {}

  const mc_scev *convert(const SCEV *S) {
    if (auto It = Done.find(S); It != Done.end())
      return It->second;
    const mc_scev *N = build(S);
    Done[S] = N;
    return N;
  }
};

Loop *loopOf(mc_shim_scev *S, LLVMBasicBlockRef Header) {
  BasicBlock *H = Header ? unwrap(Header) : nullptr;
  Loop *L = H ? S->LI.getLoopFor(H) : nullptr;
  return L && L->getHeader() == H ? L : nullptr;
}

} // namespace

extern "C" mc_shim_scev *mc_shim_scev_new(LLVMValueRef FnRef) {
  auto *F = dyn_cast_or_null<Function>(unwrap(FnRef));
  if (!F || F->isDeclaration())
    return nullptr;
  return new (std::nothrow) mc_shim_scev(*F);
}

extern "C" void mc_shim_scev_free(mc_shim_scev *S) { delete S; }

extern "C" const mc_scev *mc_shim_scev_backedge_count(mc_shim_scev *S,
                                                      LLVMBasicBlockRef Header,
                                                      mc_arena *A) {
  Loop *L = S ? loopOf(S, Header) : nullptr;
  if (!L)
    return nullptr;
  const SCEV *C = S->SE.getBackedgeTakenCount(L, ScalarEvolution::Exact);
  if (isa<SCEVCouldNotCompute>(C))
    return nullptr;
  return Converter(S->SE, A).convert(C);
}

extern "C" const mc_scev *mc_shim_scev_value(mc_shim_scev *S, LLVMValueRef V,
                                             mc_arena *A) {
  Value *X = S && V ? unwrap(V) : nullptr;
  if (!X || !X->getType()->isIntegerTy() || !S->SE.isSCEVable(X->getType()))
    return nullptr;
  return Converter(S->SE, A).convert(S->SE.getSCEV(X));
}
