/* access_print.c - the printer of print<mapcost-sym>: per kernel, one line
 * per access in instruction order, then the loop variables and unknowns
 * the offsets mention, then what could not be followed. Stable for
 * FileCheck:
 *
 *   kernel saxpy
 *     4:14 read x offset 4 * (int)(blockIdx.x * blockDim.x + threadIdx.x) size 4
 *     9:3 atomic add block buf offset 4 * (threadIdx.x % 7) size 4
 *     i: loop variable at 12:8
 *     $load1: load of idx at 9:12
 */
#include "sym_internal.h"

#include "mapcost/shim.h"

#include <string.h>

typedef struct {
  mc_strbuf *out;
  mc_arena *a;
  const mc_atom **seen;
  unsigned n, cap;
} legend;

static bool note_atom(void *data, const mc_atom *atom) {
  legend *l = data;
  if (atom->kind != MC_ATOM_LOOP && atom->kind != MC_ATOM_UNKNOWN)
    return true;
  for (unsigned i = 0; i < l->n; i++)
    if (l->seen[i] == atom)
      return true;
  if (l->n == l->cap) {
    unsigned cap = l->cap ? 2 * l->cap : 16;
    const mc_atom **v = mc_alloc(l->a, cap * sizeof *v);
    if (!v)
      return false;
    for (unsigned i = 0; i < l->n; i++)
      v[i] = l->seen[i];
    l->seen = v;
    l->cap = cap;
  }
  l->seen[l->n++] = atom;
  return true;
}

static void print_location(mc_strbuf *out, unsigned line, unsigned column) {
  if (line)
    mc_strbuf_printf(out, "%u:%u", line, column);
  else
    mc_strbuf_append(out, "?:?");
}

static void print_access(mc_strbuf *out, const mc_kernel *k, const mc_access *x) {
  mc_strbuf_append(out, "  ");
  print_location(out, x->line, x->column);
  mc_strbuf_printf(out, " %s", mc_access_kind_name(x->kind));
  if (x->kind == MC_ACCESS_ATOMIC)
    mc_strbuf_printf(out, " %s %s", x->op, mc_atomic_scope_name(x->scope));
  switch (x->base) {
  case MC_BASE_ARRAY: mc_strbuf_printf(out, " %s", k->arrays[x->array].name); break;
  case MC_BASE_LOCAL: mc_strbuf_append(out, " <local>"); break;
  case MC_BASE_UNKNOWN: mc_strbuf_append(out, " <unknown>"); break;
  }
  mc_strbuf_append(out, " offset ");
  mc_expr_print(x->offset, out);
  mc_strbuf_append(out, " size ");
  mc_expr_print(x->size, out);
  if (x->is_vector)
    mc_strbuf_printf(out, " (%s)", x->type);
  if (x->kind != MC_ACCESS_ATOMIC && strcmp(x->op, "load") && strcmp(x->op, "store"))
    mc_strbuf_printf(out, " (%s)", x->op);
  if (x->is_volatile)
    mc_strbuf_append(out, " volatile");
  if (x->base == MC_BASE_UNKNOWN)
    mc_strbuf_printf(out, " (%s)", x->base_reason);
  if (x->when) {
    mc_strbuf_append(out, " when ");
    mc_expr_print(x->when, out);
  }
  mc_strbuf_append(out, "\n");
}

/* Where an atom comes from: its instruction; for a loop variable, the
 * first located instruction of the loop header (the loop's condition),
 * since phis often carry no location or a merged one. */
static bool atom_location(const mc_atom *a, unsigned *line, unsigned *column) {
  if (!a->value || !LLVMIsAInstruction(a->value))
    return false;
  if (a->kind == MC_ATOM_LOOP)
    for (LLVMValueRef in = LLVMGetFirstInstruction(LLVMGetInstructionParent(a->value)); in;
         in = LLVMGetNextInstruction(in))
      if (!LLVMIsAPHINode(in) && mc_shim_source_location(in, line, column))
        return true;
  return mc_shim_source_location(a->value, line, column);
}

static void print_atom(mc_strbuf *out, const mc_atom *a) {
  mc_strbuf_printf(out, "  %s: ", a->name);
  if (a->kind == MC_ATOM_LOOP)
    mc_strbuf_append(out, !a->value || LLVMGetTypeKind(LLVMTypeOf(a->value)) != LLVMPointerTypeKind
                              ? "loop variable"
                          : a->width == 1 ? "pointers swapped by a loop"
                                          : "pointer stepped by a loop");
  else
    mc_strbuf_append(out, a->detail ? a->detail : mc_unknown_reason_name(a->reason));
  unsigned line, column;
  if (atom_location(a, &line, &column)) {
    mc_strbuf_append(out, " at ");
    print_location(out, line, column);
  }
  mc_strbuf_append(out, "\n");
}

static void print_kernel(mc_strbuf *out, const mc_kernel_accesses *ka) {
  const mc_kernel *k = ka->kernel;
  mc_strbuf_printf(out, "kernel %s\n", k->name);
  if (!ka->naccesses)
    mc_strbuf_append(out, "  no accesses\n");
  legend l = {out, mc_sym_arena(ka->sym), NULL, 0, 0};
  for (unsigned i = 0; i < ka->naccesses; i++) {
    print_access(out, k, &ka->accesses[i]);
    mc_expr_atoms(ka->accesses[i].offset, note_atom, &l);
    mc_expr_atoms(ka->accesses[i].size, note_atom, &l);
    if (ka->accesses[i].when)
      mc_expr_atoms(ka->accesses[i].when, note_atom, &l);
  }
  for (unsigned i = 0; i < l.n; i++)
    print_atom(out, l.seen[i]);
  for (unsigned i = 0; i < ka->nunsupported; i++) {
    const mc_unsupported *u = &ka->unsupported[i];
    mc_strbuf_append(out, "  not followed at ");
    print_location(out, u->line, u->column);
    mc_strbuf_printf(out, ": %s\n", u->reason);
  }
}

void mc_accesses_print(const mc_kernels *ks, const mc_kernel_accesses *const *ka,
                       mc_strbuf *out) {
  mc_strbuf_printf(out, "mapcost sym of %s\n", ks->source);
  for (unsigned i = 0; i < ks->nkernels; i++) {
    if (ka[i])
      print_kernel(out, ka[i]);
    else
      mc_strbuf_printf(out, "kernel %s\n  out of memory\n", ks->kernels[i].name);
  }
}
