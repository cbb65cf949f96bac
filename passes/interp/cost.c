/* cost.c - the warp cost model of CONTRACT §5, measured.
 *
 * For one execution of a global access by a warp: the number of distinct
 * line-bytes segments its active threads touch (array bases are taken as
 * aligned to line-bytes). For a shared access: the largest number of
 * distinct bank-bytes words in one bank, minus one (0 with no active
 * thread); an element wider than a word touches each of its words.
 */
#include "interp_impl.h"

#include <stdlib.h>

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Sorts v[0..n), moves its distinct values to the front, returns how many. */
static unsigned distinct(uint64_t *v, unsigned n) {
  qsort(v, n, sizeof *v, cmp_u64);
  unsigned d = 0;
  for (unsigned i = 0; i < n; i++)
    if (d == 0 || v[i] != v[d - 1])
      v[d++] = v[i];
  return d;
}

enum { MAX_UNITS = 32 * 64 }; /* a warp of 32 touching 16-byte elements, with room */

void cost_warp_access(interp *in, warp *w, unsigned inst, const uint64_t *ptrs,
                      unsigned n, uint64_t bytes) {
  if (n == 0)
    return;
  object *o = obj_of(in, ptrs[0], bytes, in->insts[inst].inst);
  if (o->space != OBJ_GLOBAL && o->space != OBJ_SHARED)
    return;
  bool shared = o->space == OBJ_SHARED;
  uint64_t unit = shared ? in->o->bank_bytes : in->o->line_bytes;
  uint64_t units[MAX_UNITS];
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++) {
    /* The object goes into the high bits so two arrays never share a unit. */
    uint64_t obj = ptrs[i] >> PTR_SHIFT, off = ptrs[i] & PTR_OFFSET_MASK;
    for (uint64_t u = off / unit; u <= (off + bytes - 1) / unit && m < MAX_UNITS; u++)
      units[m++] = (obj << PTR_SHIFT) | u;
  }
  uint64_t cost;
  if (!shared) {
    cost = distinct(units, m);
  } else {
    /* Distinct words, then the most words in one bank. */
    unsigned words = distinct(units, m);
    unsigned banks = in->o->banks, worst = 0;
    unsigned *per_bank = calloc(banks, sizeof *per_bank);
    if (!per_bank)
      interp_fail(in, "out of memory");
    for (unsigned i = 0; i < words; i++) {
      unsigned b = (unsigned)((units[i] & PTR_OFFSET_MASK) % banks);
      if (++per_bank[b] > worst)
        worst = per_bank[b];
    }
    free(per_bank);
    cost = worst ? worst - 1 : 0;
  }
  in->cost_shared[inst] = shared;
  w->cost[inst] += cost;
  in->exec_count[(w - in->warps) * (size_t)in->ninsts + inst]++;
}
