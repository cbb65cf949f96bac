/* shadow.c - races observed by the interpreter, from shadow memory.
 *
 * Block scope: for every byte, the last write and two reads by distinct
 * threads in the current barrier interval (entries of older intervals are
 * stale by their stamp, so nothing is cleared at a barrier). Two accesses of
 * one warp race only if no __syncwarp came between them (their epochs are
 * equal). Grid scope, for global memory: the first write and two reads by
 * distinct blocks, over the whole kernel. Atomics race with plain accesses,
 * and with atomics whose scope does not cover both threads.
 */
#include "interp_impl.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_RACES = 64 };

static unsigned warp_of(const interp *in, unsigned thread) {
  return thread / (in->c->lanes ? in->c->lanes : 1);
}

/* Do two accesses conflict, given that at least one writes? */
static bool atomics_cover(uint8_t a, uint8_t b, bool grid) {
  if (!a || !b)
    return false; /* a plain access against anything */
  mc_atomic_scope sa = (mc_atomic_scope)(a - 1), sb = (mc_atomic_scope)(b - 1);
  if (!grid)
    return true; /* every scope covers one block */
  return sa != MC_SCOPE_BLOCK && sb != MC_SCOPE_BLOCK;
}

static void fill_access(interp *in, mc_observed_access *a, const acc *x,
                        bool grid_other, uint32_t block_stamp) {
  a->inst = x->inst ? in->insts[x->inst - 1].inst : NULL;
  a->kind = x->atomic ? MC_ACCESS_ATOMIC
            : LLVMIsAStoreInst(a->inst) || LLVMIsAMemSetInst(a->inst) ||
                    LLVMIsAMemCpyInst(a->inst)
                ? MC_ACCESS_WRITE
                : MC_ACCESS_READ;
  a->scope = x->atomic ? (mc_atomic_scope)(x->atomic - 1) : MC_SCOPE_DEVICE;
  unsigned bx = in->c->block_dim[0], by = in->c->block_dim[1];
  a->tid[0] = x->thread % bx;
  a->tid[1] = (x->thread / bx) % by;
  a->tid[2] = x->thread / (bx * by);
  if (grid_other) {
    uint32_t b = block_stamp - 1;
    unsigned gx = in->c->grid_dim[0], gy = in->c->grid_dim[1];
    a->block[0] = b % gx;
    a->block[1] = (b / gx) % gy;
    a->block[2] = b / (gx * gy);
  } else {
    memcpy(a->block, in->block, sizeof a->block);
  }
}

static void report(interp *in, const object *o, uint64_t off, bool grid,
                   const acc *earlier, uint32_t earlier_block, const acc *now,
                   bool write_write) {
  for (unsigned i = 0; i < in->nraces; i++) { /* one report per pair and array */
    mc_observed_race *r = &in->races[i];
    if (r->grid == grid && r->array == o->array &&
        r->first.inst == in->insts[earlier->inst - 1].inst &&
        r->second.inst == in->insts[now->inst - 1].inst)
      return;
  }
  if (in->nraces == MAX_RACES)
    return;
  if (in->nraces == in->cap_races) {
    in->cap_races = MAX_RACES;
    in->races = mc_alloc(in->arena, MAX_RACES * sizeof *in->races);
    if (!in->races)
      interp_fail(in, "out of memory");
  }
  mc_observed_race *r = &in->races[in->nraces++];
  r->array = o->array;
  r->grid = grid;
  r->write_write = write_write;
  r->byte_offset = off;
  fill_access(in, &r->first, earlier, grid, earlier_block);
  fill_access(in, &r->second, now, false, 0);
}

/* Is the earlier access x by another thread, in this interval, and not
 * ordered before `now` by a __syncwarp? */
static bool concurrent(const interp *in, const acc *x, const acc *now) {
  if (!x->inst || x->stamp != in->stamp || x->thread == now->thread)
    return false;
  if (warp_of(in, x->thread) == warp_of(in, now->thread) && x->epoch != now->epoch)
    return false;
  return true;
}

/* The shadow of byte off of o in *map, allocated as it is first needed. */
static shadow *shadow_at(interp *in, object *o, shadow ***map, uint64_t off) {
  uint64_t pieces = (o->size + SHADOW_PIECE - 1) / SHADOW_PIECE;
  if (!*map && !(*map = calloc(pieces ? pieces : 1, sizeof **map)))
    interp_fail(in, "out of memory for the shadow of '%s'", o->name);
  shadow **piece = &(*map)[off / SHADOW_PIECE];
  if (!*piece && !(*piece = calloc(SHADOW_PIECE, sizeof **piece)))
    interp_fail(in, "out of memory for the shadow of '%s'", o->name);
  return &(*piece)[off % SHADOW_PIECE];
}

static void free_map(shadow **map, uint64_t size) {
  for (uint64_t i = 0; map && i < (size + SHADOW_PIECE - 1) / SHADOW_PIECE; i++)
    free(map[i]);
  free(map);
}

void shadow_free(object *o) {
  free_map(o->block_shadow, o->size);
  free_map(o->grid_shadow, o->size);
  o->block_shadow = o->grid_shadow = NULL;
}

static void block_scope(interp *in, object *o, uint64_t off, const acc *now,
                        bool writes) {
  shadow *s = shadow_at(in, o, &o->block_shadow, off);
  if (concurrent(in, &s->w, now) && !atomics_cover(s->w.atomic, now->atomic, false))
    report(in, o, off, false, &s->w, 0, now, writes);
  if (writes) {
    const acc *rs[2] = {&s->r1, &s->r2};
    for (int i = 0; i < 2; i++)
      if (concurrent(in, rs[i], now) && !atomics_cover(rs[i]->atomic, now->atomic, false))
        report(in, o, off, false, rs[i], 0, now, false);
    s->w = *now;
  }
  if (!writes || now->atomic) {
    /* Keep two readers from distinct threads of this interval. */
    if (s->r1.stamp != in->stamp || s->r1.thread == now->thread)
      s->r1 = *now;
    else if (s->r2.stamp != in->stamp || s->r2.thread == now->thread)
      s->r2 = *now;
  }
}

static void grid_scope(interp *in, object *o, uint64_t off, acc now,
                       bool writes) {
  uint32_t block = in->block[0] + in->c->grid_dim[0] *
                   (in->block[1] + in->c->grid_dim[1] * in->block[2]);
  now.stamp = block + 1;
  shadow *s = shadow_at(in, o, &o->grid_shadow, off);
  if (s->w.inst && s->w.stamp != now.stamp && !atomics_cover(s->w.atomic, now.atomic, true))
    report(in, o, off, true, &s->w, s->w.stamp, &now, writes);
  if (writes) {
    const acc *rs[2] = {&s->r1, &s->r2};
    for (int i = 0; i < 2; i++)
      if (rs[i]->inst && rs[i]->stamp != now.stamp &&
          !atomics_cover(rs[i]->atomic, now.atomic, true))
        report(in, o, off, true, rs[i], rs[i]->stamp, &now, false);
    if (!s->w.inst || s->w.stamp == now.stamp || now.atomic)
      s->w = now;
  }
  if (!writes || now.atomic) {
    if (!s->r1.inst || s->r1.stamp == now.stamp)
      s->r1 = now;
    else if (!s->r2.inst || s->r2.stamp == now.stamp)
      s->r2 = now;
  }
}

void shadow_access(interp *in, thread *t, uint64_t ptr, uint64_t n,
                   mc_access_kind kind, mc_atomic_scope scope, unsigned inst) {
  object *o = obj_of(in, ptr, n, in->insts[inst].inst);
  if (in->c->trace) {
    mc_access_event e = {.interval = in->stamp, .phase = in->stamp - in->block_stamp,
                         .array = o->array,
                         .byte_offset = ptr & PTR_OFFSET_MASK, .bytes = n,
                         .kind = kind, .scope = scope, .inst = in->insts[inst].inst,
                         .active_mask = in->active_mask};
    memcpy(e.block, in->block, sizeof e.block);
    memcpy(e.tid, t->tid, sizeof e.tid);
    in->c->trace(in->c->trace_user, &e);
  }
  if (o->space == OBJ_LOCAL || o->space == OBJ_CONSTANT)
    return;
  LLVMValueRef x = in->insts[inst].inst;
  if (in->c->watch[0] && x != in->c->watch[0] && x != in->c->watch[1])
    return;
  acc now = {.stamp = in->stamp, .inst = inst + 1, .thread = (uint16_t)t->linear,
             .epoch = t->epoch,
             .atomic = kind == MC_ACCESS_ATOMIC ? (uint8_t)(1 + scope) : 0};
  bool writes = kind != MC_ACCESS_READ;
  uint64_t off = ptr & PTR_OFFSET_MASK;
  for (uint64_t i = 0; i < n; i++) {
    block_scope(in, o, off + i, &now, writes);
    if (o->space == OBJ_GLOBAL && in->c->grid_dim[0] * in->c->grid_dim[1] *
                                          in->c->grid_dim[2] > 1)
      grid_scope(in, o, off + i, now, writes);
  }
}
