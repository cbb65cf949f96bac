/* protocol_print.c - the printer of print<mapcost-protocols>.
 *
 * Per kernel its preconditions, then one protocol per array (memory
 * region) in seed 001's syntax, stable for FileCheck:
 *
 *   protocols of kernel reduce
 *   array s (shared): exact
 *     wr s[threadIdx.x]  @36:18
 *     sync  @37:3
 *     for ($k1: x = blockDim.x; x >> 1 != 0; x = x >> 1) {  @38:3 synchronized
 *       if (threadIdx.x < x >> 1) {
 *         rd s[threadIdx.x + (x >> 1)]  @40:25
 *       }
 *       sync  @42:5
 *     }
 *
 * An approximation shows as `~ why` after what it concerns; a loop's line
 * ends with its last iteration when known (`$k1 <= n`), `synchronized`
 * when it contains a block barrier, and its exit's uniformity when the
 * threads of a warp may leave it at different iterations.
 */
#include "protocol_impl.h"

#include <string.h>

static void indent(mc_strbuf *out, unsigned depth) {
  for (unsigned i = 0; i < depth; i++)
    mc_strbuf_append(out, "  ");
}

static void at(mc_strbuf *out, unsigned line, unsigned column) {
  if (line)
    mc_strbuf_printf(out, "  @%u:%u", line, column);
}

static void approx(mc_strbuf *out, const char *why) {
  if (why)
    mc_strbuf_printf(out, " ~ %s", why);
}

static void print_access(mc_strbuf *out, const mc_kernel *k, const mc_pnode *n) {
  const mc_access *x = n->access;
  switch (x->kind) {
  case MC_ACCESS_READ: mc_strbuf_append(out, "rd "); break;
  case MC_ACCESS_WRITE: mc_strbuf_append(out, "wr "); break;
  case MC_ACCESS_ATOMIC:
    mc_strbuf_printf(out, "atomic %s %s ", x->op, mc_atomic_scope_name(x->scope));
    break;
  }
  mc_strbuf_append(out, x->base == MC_BASE_ARRAY ? k->arrays[x->array].name : "?");
  int64_t size;
  if (x->index && mc_expr_is_const(x->size, &size) && (uint64_t)size == x->elem_size) {
    mc_strbuf_append(out, "[");
    mc_expr_print(x->index, out);
    mc_strbuf_append(out, "]");
  } else {
    mc_strbuf_append(out, " bytes [");
    mc_expr_print(x->offset, out);
    mc_strbuf_append(out, ", +");
    mc_expr_print(x->size, out);
    mc_strbuf_append(out, ")");
  }
  if (x->is_vector)
    mc_strbuf_printf(out, " (%s)", x->type);
  if (x->kind != MC_ACCESS_ATOMIC && strcmp(x->op, "load") && strcmp(x->op, "store"))
    mc_strbuf_printf(out, " (%s)", x->op);
  at(out, x->line, x->column);
  approx(out, n->approx);
}

static void print_vars(mc_strbuf *out, const mc_ploop *l, bool next) {
  for (unsigned i = 0; i < l->nvars; i++) {
    const mc_loop_var *v = &l->vars[i];
    mc_strbuf_printf(out, "%s%s = ", i ? ", " : "", v->atom->name);
    const mc_expr *e = next ? v->next : v->init;
    if (e)
      mc_expr_print(e, out);
    else
      mc_strbuf_append(out, "?");
  }
}

static void print_loop_head(mc_strbuf *out, const mc_ploop *l) {
  mc_strbuf_printf(out, "for (%s: ", l->iter->atom->name);
  print_vars(out, l, false);
  mc_strbuf_append(out, "; ");
  mc_expr_print(l->stay, out);
  mc_strbuf_append(out, "; ");
  print_vars(out, l, true);
  mc_strbuf_append(out, ") {");
  at(out, l->line, l->column);
  if (l->last) {
    mc_strbuf_printf(out, " %s <= ", l->iter->atom->name);
    mc_expr_print(l->last, out);
  }
  if (l->synchronized)
    mc_strbuf_append(out, " synchronized");
  if (l->warp_synchronized)
    mc_strbuf_append(out, " warp-synchronized");
  if (l->uniformity == MC_DIVERGENT)
    mc_strbuf_append(out, " divergent-exit");
  if (l->irregular)
    mc_strbuf_printf(out, " (%s)", l->irregular);
  approx(out, l->approx);
}

static bool is_true(const mc_expr *e) {
  int64_t v;
  return mc_expr_is_const(e, &v) && v;
}

static void print_nodes(mc_strbuf *out, const mc_kernel *k, const mc_pnode *v,
                        unsigned n, int region, unsigned depth);

static void print_node(mc_strbuf *out, const mc_kernel *k, const mc_pnode *x,
                       int region, unsigned depth) {
  indent(out, depth);
  switch (x->kind) {
  case MC_PN_ACCESS:
    print_access(out, k, x);
    break;
  case MC_PN_SYNC:
    mc_strbuf_append(out, "sync");
    at(out, x->barrier->line, x->barrier->column);
    break;
  case MC_PN_SYNCWARP:
    mc_strbuf_append(out, "syncwarp(");
    mc_expr_print(x->mask, out);
    mc_strbuf_append(out, ")");
    at(out, x->barrier->line, x->barrier->column);
    break;
  case MC_PN_ASSUME:
    mc_strbuf_append(out, "assume ");
    mc_expr_print(x->cond, out);
    at(out, x->fact->line, x->fact->column);
    break;
  case MC_PN_OPAQUE:
    mc_strbuf_append(out, "opaque");
    at(out, x->opaque->line, x->opaque->column);
    approx(out, x->approx);
    break;
  case MC_PN_LOOP:
    print_loop_head(out, x->loop);
    mc_strbuf_append(out, "\n");
    print_nodes(out, k, x->body, x->nbody, region, depth + 1);
    indent(out, depth);
    mc_strbuf_append(out, "}");
    break;
  }
  mc_strbuf_append(out, "\n");
}

/* Does the node belong in region's protocol? Barriers and assumptions are
 * in every array's protocol. */
static bool shown(const mc_pnode *x, int region) {
  return x->kind == MC_PN_SYNC || x->kind == MC_PN_SYNCWARP || x->kind == MC_PN_ASSUME ||
         mc_pnode_touches(x, region);
}

/* Runs of nodes with one guard print under one `if`. */
static void print_nodes(mc_strbuf *out, const mc_kernel *k, const mc_pnode *v,
                        unsigned n, int region, unsigned depth) {
  for (unsigned i = 0; i < n;) {
    if (!shown(&v[i], region)) {
      i++;
      continue;
    }
    const mc_expr *g = v[i].guard;
    unsigned j = i;
    while (j < n && (v[j].guard == g || !shown(&v[j], region)))
      j++;
    if (is_true(g)) {
      for (; i < j; i++)
        if (shown(&v[i], region))
          print_node(out, k, &v[i], region, depth);
      continue;
    }
    indent(out, depth);
    mc_strbuf_append(out, "if (");
    mc_expr_print(g, out);
    mc_strbuf_append(out, ") {");
    approx(out, v[i].guard_approx);
    mc_strbuf_append(out, "\n");
    for (; i < j; i++)
      if (shown(&v[i], region))
        print_node(out, k, &v[i], region, depth + 1);
    indent(out, depth);
    mc_strbuf_append(out, "}\n");
  }
}

static const char *space_name(const mc_array *a) {
  switch (a->space) {
  case MC_SPACE_SHARED: return "shared";
  case MC_SPACE_CONSTANT: return "constant";
  default: return "global";
  }
}

void mc_protocol_print(const mc_protocol *p, mc_strbuf *out) {
  const mc_kernel *k = p->kernel;
  mc_strbuf_printf(out, "protocols of kernel %s\n", k->name);
  if (p->failed) {
    mc_strbuf_printf(out, "  none: %s\n", p->failed);
    return;
  }
  for (unsigned i = 0; i < p->npre; i++) {
    const mc_precondition *x = &p->pre[i];
    mc_strbuf_printf(out, "  %s ", mc_fact_kind_name(x->fact->kind));
    if (is_true(x->cond) && x->fact->text) /* all of it narrowed ranges */
      mc_strbuf_printf(out, "%s (as ranges)", x->fact->text);
    else
      mc_expr_print(x->cond, out);
    approx(out, x->approx);
    mc_strbuf_append(out, "\n");
  }
  for (unsigned r = 0; r < k->narrays; r++) {
    if (k->arrays[r].region != (int)r)
      continue; /* printed with the region's first array */
    bool aliased = false;
    for (unsigned i = r; i < k->narrays; i++)
      if (k->arrays[i].region == (int)r) {
        mc_strbuf_printf(out, i == r ? "array %s" : ", %s", k->arrays[i].name);
        aliased |= mc_arrays_aliased(k, (int)r, (int)i);
      }
    bool used = false;
    for (unsigned i = 0; i < p->nnodes && !used; i++)
      used = mc_pnode_touches(&p->nodes[i], (int)r);
    const char *why;
    bool exact = mc_protocol_exact(p, (int)r, &why);
    mc_strbuf_printf(out, " (%s%s): %s", space_name(&k->arrays[r]),
                     k->arrays[r].kind == MC_ARRAY_EXTERN_SHARED ? ", dynamic buffer"
                     : aliased                                   ? ", __mapcost_alias"
                                                                 : "",
                     !used ? "not accessed" : exact ? "exact" : "approximate");
    approx(out, used ? why : NULL);
    mc_strbuf_append(out, "\n");
    if (used)
      print_nodes(out, k, p->nodes, p->nnodes, (int)r, 1);
  }
}
