/* wire.c - stage 5: what a child process (child.c) sends back.
 *
 * Numbers are 8 bytes in the machine's order (parent and child are one
 * program); a string is its length + 1 and its bytes (0 for NULL);
 * pointers into memory the child shares with the parent (the IR's
 * instructions, the kernel, string literals) are sent as numbers. Strings
 * are copied into the parent's arena, since the child's arena is gone.
 */
#include "drf_internal.h"

#include <string.h>

void mc_wire_u64(mc_strbuf *b, uint64_t v) { mc_strbuf_appendn(b, (const char *)&v, sizeof v); }

void mc_wire_str(mc_strbuf *b, const char *s) {
  size_t n = s ? strlen(s) : 0;
  mc_wire_u64(b, s ? n + 1 : 0);
  if (s)
    mc_strbuf_appendn(b, s, n);
}

uint64_t mc_unwire_u64(mc_wire *w) {
  uint64_t v = 0;
  if (w->bad || (size_t)(w->end - w->p) < sizeof v) {
    w->bad = true;
    return 0;
  }
  memcpy(&v, w->p, sizeof v);
  w->p += sizeof v;
  return v;
}

const char *mc_unwire_str(mc_wire *w, mc_arena *a) {
  uint64_t n = mc_unwire_u64(w);
  if (!n || w->bad)
    return NULL;
  if (n - 1 > (uint64_t)(w->end - w->p)) {
    w->bad = true;
    return NULL;
  }
  char *s = mc_strndup(a, w->p, (size_t)(n - 1));
  w->p += n - 1;
  w->bad |= !s;
  return s;
}

static void wire_site(mc_strbuf *b, const mc_race_site *s) {
  mc_wire_u64(b, (uintptr_t)s->inst);
  mc_wire_str(b, s->access);
  mc_wire_str(b, s->file);
  mc_wire_u64(b, s->line);
  mc_wire_u64(b, s->column);
}

static void unwire_site(mc_wire *w, mc_arena *a, mc_race_site *s) {
  s->inst = (LLVMValueRef)(uintptr_t)mc_unwire_u64(w);
  s->access = mc_unwire_str(w, a);
  s->file = mc_unwire_str(w, a);
  s->line = (unsigned)mc_unwire_u64(w);
  s->column = (unsigned)mc_unwire_u64(w);
}

static void wire_values(mc_strbuf *b, const mc_witness_value *v, unsigned n) {
  mc_wire_u64(b, n);
  for (unsigned i = 0; i < n; i++) {
    mc_wire_str(b, v[i].name);
    mc_wire_u64(b, (uint64_t)v[i].value);
  }
}

static const mc_witness_value *unwire_values(mc_wire *w, mc_arena *a, unsigned *n) {
  uint64_t k = mc_unwire_u64(w);
  if (k > (uint64_t)(w->end - w->p) / (2 * sizeof k)) { /* more than the reply holds */
    w->bad = true;
    k = 0;
  }
  mc_witness_value *v = k ? mc_alloc(a, k * sizeof *v) : NULL;
  w->bad |= k && !v;
  for (uint64_t i = 0; i < k && !w->bad; i++) {
    v[i].name = mc_unwire_str(w, a);
    v[i].value = (int64_t)mc_unwire_u64(w);
  }
  *n = w->bad ? 0 : (unsigned)k;
  return w->bad ? NULL : v;
}

/* the 3-vectors of a witness, in one order for both directions */
#define WITNESS_DIMS(r) {(r)->tid1, (r)->tid2, (r)->block1, (r)->block2, (r)->block_dim, (r)->grid_dim}

static void wire_race(mc_strbuf *b, const mc_race *r) {
  mc_wire_u64(b, (uint64_t)r->write_write | (uint64_t)r->confirmed << 1 |
                     (uint64_t)r->grid << 2 | (uint64_t)r->suppressed << 3);
  wire_site(b, &r->first);
  wire_site(b, &r->second);
  mc_wire_str(b, r->approximated);
  const unsigned *dims[] = WITNESS_DIMS(r);
  for (unsigned d = 0; d < 6; d++)
    for (unsigned i = 0; i < 3; i++)
      mc_wire_u64(b, dims[d][i]);
  for (unsigned i = 0; i < 3; i++)
    mc_wire_u64(b, (uint64_t)r->index[i]);
  mc_wire_u64(b, r->nindex);
  mc_wire_u64(b, (uint64_t)r->byte_offset);
  wire_values(b, r->iterations, r->niterations);
  wire_values(b, r->params, r->nparams);
  mc_wire_str(b, r->suppress_reason);
}

static void unwire_race(mc_wire *w, mc_arena *a, mc_race *r) {
  uint64_t flags = mc_unwire_u64(w);
  r->write_write = flags & 1;
  r->confirmed = flags >> 1 & 1;
  r->grid = flags >> 2 & 1;
  r->suppressed = flags >> 3 & 1;
  unwire_site(w, a, &r->first);
  unwire_site(w, a, &r->second);
  r->approximated = mc_unwire_str(w, a);
  unsigned *dims[] = WITNESS_DIMS(r);
  for (unsigned d = 0; d < 6; d++)
    for (unsigned i = 0; i < 3; i++)
      dims[d][i] = (unsigned)mc_unwire_u64(w);
  for (unsigned i = 0; i < 3; i++)
    r->index[i] = (int64_t)mc_unwire_u64(w);
  r->nindex = (unsigned)mc_unwire_u64(w);
  r->byte_offset = (int64_t)mc_unwire_u64(w);
  r->iterations = unwire_values(w, a, &r->niterations);
  r->params = unwire_values(w, a, &r->nparams);
  r->suppress_reason = mc_unwire_str(w, a);
}

void mc_wire_budget(mc_strbuf *b, const mc_budget *budget) {
  mc_wire_u64(b, budget ? budget->left : 0);
  mc_wire_u64(b, budget ? budget->used : 0);
  mc_wire_u64(b, budget && budget->spent);
  mc_wire_u64(b, budget ? (uintptr_t)budget->in : 0); /* a string literal */
}

mc_budget mc_unwire_budget(mc_wire *w) {
  mc_budget b = {0};
  b.left = mc_unwire_u64(w);
  b.used = mc_unwire_u64(w);
  b.spent = mc_unwire_u64(w) != 0;
  b.in = (const char *)(uintptr_t)mc_unwire_u64(w);
  return b;
}

void mc_wire_races(mc_strbuf *b, const mc_race *races, unsigned n) {
  mc_wire_u64(b, n);
  for (unsigned j = 0; j < n; j++)
    wire_race(b, &races[j]);
}

void mc_unwire_races(mc_wire *w, mc_arena *a, mc_race **races, unsigned *nraces) {
  uint64_t n = mc_unwire_u64(w);
  if (n > (uint64_t)(w->end - w->p) / sizeof n)
    w->bad = true;
  mc_race *r = n && !w->bad ? mc_alloc(a, n * sizeof *r) : NULL;
  w->bad |= n && !r;
  for (uint64_t j = 0; j < n && !w->bad; j++)
    unwire_race(w, a, &r[j]);
  *races = w->bad ? NULL : r;
  *nraces = w->bad ? 0 : (unsigned)n;
}
