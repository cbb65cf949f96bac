/* decide.c - a phi's value as the decision of the branches before it.
 *
 * clang lowers `a && b`, `a || b` and `c ? x : y` to branches that meet at
 * a phi whenever an operand cannot be evaluated unconditionally (a load, a
 * division, a call), and the canonicalising pipeline leaves them so: the
 * phi of `k != 0 && n / k > 2 && m % k == 0` has four incoming values, one
 * per way out of the chain. Read back from the branches, it is
 *
 *     k != 0 ? (n / k > 2 ? (m % k == 0) : false) : false
 *
 * A decision starts at a block D such that the blocks reachable from D
 * before the phi's block B form a single-entry acyclic region (every
 * predecessor of a block of the region, and of B, is in the region or is
 * D) whose every path reaches B; then D dominates B and the branches taken
 * from D decide which incoming value the phi gets. D is searched among
 * the nearest ancestors of B; regions are small (MAX_REGION blocks).
 */
#include "mapcost/kernels.h"

#include <string.h>

enum { MAX_REGION = 32, MAX_CANDIDATES = 8 };

typedef struct {
  mc_arena *a;
  LLVMValueRef phi;
  LLVMBasicBlockRef b;
  LLVMBasicBlockRef blocks[MAX_REGION + 1]; /* the region, D first */
  const mc_decision *memo[MAX_REGION + 1];  /* NULL: being decided */
  unsigned n;
  bool failed, oom;
} region;

/* Calls fn for each predecessor of bb (once per edge); stops when fn
 * returns false, and returns what it returned last. */
static bool each_pred(LLVMBasicBlockRef bb, bool (*fn)(void *, LLVMBasicBlockRef),
                      void *data) {
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || !LLVMIsATerminatorInst(user))
      continue;
    if (!fn(data, LLVMGetInstructionParent(user)))
      return false;
  }
  return true;
}

static int find(const region *r, LLVMBasicBlockRef bb) {
  for (unsigned i = 0; i < r->n; i++)
    if (r->blocks[i] == bb)
      return (int)i;
  return -1;
}

static const mc_decision *node(region *r, mc_decision_kind kind, LLVMValueRef value,
                               int64_t case_value, const mc_decision *yes,
                               const mc_decision *no) {
  mc_decision *d = mc_alloc(r->a, sizeof *d);
  if (!d) {
    r->oom = r->failed = true;
    return NULL;
  }
  *d = (mc_decision){kind, value, case_value, yes, no};
  return d;
}

static const mc_decision *decide_block(region *r, LLVMBasicBlockRef x);

/* What the phi gets when control goes from x to y. */
static const mc_decision *edge(region *r, LLVMBasicBlockRef x, LLVMBasicBlockRef y) {
  if (r->failed)
    return NULL;
  if (y != r->b)
    return decide_block(r, y);
  for (unsigned i = 0; i < LLVMCountIncoming(r->phi); i++)
    if (LLVMGetIncomingBlock(r->phi, i) == x)
      return node(r, MC_DECIDE_LEAF, LLVMGetIncomingValue(r->phi, i), 0, NULL, NULL);
  r->failed = true;
  return NULL;
}

static const mc_decision *decide_block(region *r, LLVMBasicBlockRef x) {
  int i = find(r, x);
  if (i >= 0) {
    if (!r->memo[i]) /* a cycle */
      r->failed = true;
    return r->memo[i];
  }
  if (r->n == MAX_REGION || !mc_spend(r->a, 1, "kernels")) {
    r->failed = true;
    return NULL;
  }
  i = (int)r->n++;
  r->blocks[i] = x;
  r->memo[i] = NULL;
  LLVMValueRef term = LLVMGetBasicBlockTerminator(x);
  const mc_decision *d = NULL;
  if (term && LLVMIsABranchInst(term) && !LLVMIsConditional(term)) {
    d = edge(r, x, LLVMGetSuccessor(term, 0));
  } else if (term && LLVMIsABranchInst(term)) {
    const mc_decision *yes = edge(r, x, LLVMGetSuccessor(term, 0));
    const mc_decision *no = edge(r, x, LLVMGetSuccessor(term, 1));
    if (yes && no)
      d = node(r, MC_DECIDE_BRANCH, LLVMGetCondition(term), 0, yes, no);
  } else if (term && LLVMIsASwitchInst(term)) {
    /* the default, then each case in front of it, the last case first */
    d = edge(r, x, LLVMGetSuccessor(term, 0));
    for (unsigned c = LLVMGetNumSuccessors(term) - 1; d && c >= 1; c--) {
      int64_t v;
      const mc_decision *yes = edge(r, x, LLVMGetSuccessor(term, c));
      if (!yes || !mc_shim_switch_case_value(term, c - 1, &v)) {
        r->failed = true;
        return NULL;
      }
      d = node(r, MC_DECIDE_CASE, LLVMGetOperand(term, 0), v, yes, d);
    }
  }
  if (!d)
    r->failed = true;
  r->memo[i] = d;
  return d;
}

typedef struct {
  const region *r;
  bool inside;
} pred_check;

static bool pred_inside(void *data, LLVMBasicBlockRef p) {
  pred_check *c = data;
  c->inside = find(c->r, p) >= 0;
  return c->inside;
}

/* The decision from d, when d starts a region as above. */
static const mc_decision *try_from(region *r, LLVMBasicBlockRef d) {
  r->n = 0;
  r->failed = false;
  const mc_decision *top = decide_block(r, d);
  if (r->failed)
    return NULL;
  /* single entry: nothing enters the region, or B, from outside */
  for (unsigned i = 1; i <= r->n; i++) {
    pred_check c = {r, true};
    each_pred(i < r->n ? r->blocks[i] : r->b, pred_inside, &c);
    if (!c.inside)
      return NULL;
  }
  return top;
}

typedef struct {
  LLVMBasicBlockRef v[MAX_CANDIDATES];
  unsigned n;
} candidates;

static bool add_candidate(void *data, LLVMBasicBlockRef p) {
  candidates *c = data;
  for (unsigned i = 0; i < c->n; i++)
    if (c->v[i] == p)
      return true;
  if (c->n == MAX_CANDIDATES)
    return false;
  c->v[c->n++] = p;
  return true;
}

const mc_decision *mc_phi_decision(mc_arena *a, LLVMValueRef phi, bool *oom) {
  *oom = false;
  if (!phi || !LLVMIsAPHINode(phi) || LLVMCountIncoming(phi) < 2)
    return NULL;
  region *r = mc_alloc(a, sizeof *r);
  if (!r) {
    *oom = true;
    return NULL;
  }
  r->a = a;
  r->phi = phi;
  r->b = LLVMGetInstructionParent(phi);
  /* the ancestors of B, nearest first */
  candidates c = {{0}, 0};
  each_pred(r->b, add_candidate, &c);
  for (unsigned i = 0; i < c.n; i++) {
    if (c.v[i] == r->b)
      return NULL; /* a loop */
    each_pred(c.v[i], add_candidate, &c);
  }
  for (unsigned i = 0; i < c.n; i++) {
    const mc_decision *d = try_from(r, c.v[i]);
    if (d || r->oom) {
      *oom = r->oom;
      return d;
    }
  }
  return NULL;
}
