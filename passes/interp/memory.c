/* memory.c - the interpreter's memory: one byte-addressed object per array
 * (kernel pointer parameters, __device__ globals, __shared__ arrays with all
 * extern __shared__ arrays in one buffer, and allocas), pointers as
 * (object, offset), and the initial contents of CONTRACT §3's --array. */
#include "interp_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t ptr_make(int obj, uint64_t offset) {
  return ((uint64_t)(obj + 1) << PTR_SHIFT) | (offset & PTR_OFFSET_MASK);
}

int obj_new(interp *in, const char *name, int array, obj_space space,
            uint64_t size, uint64_t elem_size) {
  if (in->nobjs == in->cap_objs) {
    unsigned cap = in->cap_objs ? in->cap_objs * 2 : 16;
    object *p = mc_alloc(in->arena, cap * sizeof *p);
    if (!p)
      interp_fail(in, "out of memory");
    if (in->nobjs)
      memcpy(p, in->objs, in->nobjs * sizeof *p);
    in->objs = p;
    in->cap_objs = cap;
  }
  if (size > (UINT64_C(1) << 32))
    interp_fail(in, "array '%s' of %llu bytes is too large to interpret", name,
                (unsigned long long)size);
  object *o = &in->objs[in->nobjs];
  *o = (object){.name = name, .array = array, .space = space, .size = size,
                .elem_size = elem_size ? elem_size : 1};
  o->bytes = calloc(size ? size : 1, 1);
  if (!o->bytes)
    interp_fail(in, "out of memory for array '%s'", name);
  return (int)in->nobjs++;
}

object *obj_of(interp *in, uint64_t ptr, uint64_t bytes, LLVMValueRef at) {
  uint64_t id = ptr >> PTR_SHIFT, off = ptr & PTR_OFFSET_MASK;
  if (id == 0 || id > in->nobjs)
    interp_fail(in, "%s: access through a pointer that points to no array",
                interp_where(in, at));
  object *o = &in->objs[id - 1];
  if (off > o->size || bytes > o->size - off)
    interp_fail(in,
                "%s: access of %llu bytes at byte offset %lld of '%s', which "
                "has %llu bytes (give it room with --array %s=SIZE)",
                interp_where(in, at), (unsigned long long)bytes,
                (long long)off, o->name, (unsigned long long)o->size, o->name);
  return o;
}

void mem_read(interp *in, uint64_t ptr, void *dst, uint64_t n, LLVMValueRef at) {
  object *o = obj_of(in, ptr, n, at);
  memcpy(dst, o->bytes + (ptr & PTR_OFFSET_MASK), n);
}

void mem_write(interp *in, uint64_t ptr, const void *src, uint64_t n,
               LLVMValueRef at) {
  object *o = obj_of(in, ptr, n, at);
  if (o->space == OBJ_CONSTANT)
    interp_fail(in, "%s: write to __constant__ array '%s'",
                interp_where(in, at), o->name);
  memcpy(o->bytes + (ptr & PTR_OFFSET_MASK), src, n);
}

/* splitmix64: small, seedable, good enough for test data and schedules. */
uint64_t interp_random(interp *in) {
  uint64_t z = (in->rng += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static uint64_t hash_bytes(uint64_t h, const uint8_t *p, uint64_t n) {
  for (uint64_t i = 0; i < n; i++)
    h = (h ^ p[i]) * UINT64_C(0x100000001b3);
  return h;
}

static void fill(interp *in, object *o, mc_init_kind kind, int64_t value,
                 uint64_t seed) {
  uint64_t es = o->elem_size;
  if (es != 1 && es != 2 && es != 4 && es != 8)
    es = 1;
  uint64_t saved = in->rng;
  in->rng = seed;
  for (uint64_t i = 0; i + es <= o->size; i += es) {
    int64_t v = kind == MC_INIT_SEQ     ? (int64_t)(i / es)
                : kind == MC_INIT_CONST ? value
                : kind == MC_INIT_RAND  ? (int64_t)(interp_random(in) % 1000)
                                        : 0;
    uint64_t bits = (uint64_t)v;
    if (o->elem_float && es == 4) {
      float f = (float)v;
      uint32_t u;
      memcpy(&u, &f, 4);
      bits = u;
    } else if (o->elem_float && es == 8) {
      double d = (double)v;
      memcpy(&bits, &d, 8);
    }
    memcpy(o->bytes + i, &bits, es); /* little endian, like NVPTX */
  }
  in->rng = saved;
}

static const mc_array_spec *spec_for(const mc_run_config *c, const char *name) {
  for (unsigned i = 0; i < c->narrays; i++)
    if (!strcmp(c->arrays[i].name, name))
      return &c->arrays[i];
  return NULL;
}

/* The size of an element of a pointer parameter: from debug info, else the
 * size most loads and stores through it (and GEPs of it) use. */
static uint64_t param_elem_size(interp *in, const mc_array *arr) {
  uint64_t di = mc_shim_param_pointee_bytes(in->k->fn, (unsigned)arr->param_index);
  if (di)
    return di;
  uint64_t count[17] = {0};
  for (unsigned i = 0; i < in->ninsts; i++) {
    LLVMValueRef I = in->insts[i].inst, p = NULL;
    LLVMTypeRef t = NULL;
    if (LLVMIsALoadInst(I))
      p = LLVMGetOperand(I, 0), t = LLVMTypeOf(I);
    else if (LLVMIsAStoreInst(I))
      p = LLVMGetOperand(I, 1), t = LLVMTypeOf(LLVMGetOperand(I, 0));
    while (p && LLVMIsAGetElementPtrInst(p))
      p = LLVMGetOperand(p, 0);
    if (p == arr->value && t && LLVMTypeIsSized(t)) {
      uint64_t size = LLVMABISizeOfType(in->td, t);
      if (size <= 16)
        count[size]++;
    }
  }
  uint64_t best = 4;
  for (uint64_t s = 1; s <= 16; s++)
    if (count[s] > count[best])
      best = s;
  return best;
}

static bool type_is_float(const char *t) {
  return t && (strstr(t, "float") || strstr(t, "double"));
}

/* Kernel pointer parameters and __device__/__constant__ globals: one
 * object each, for the whole grid. */
void mem_init_arrays(interp *in) {
  const mc_kernel *k = in->k;
  uint64_t threads = (uint64_t)in->c->block_dim[0] * in->c->block_dim[1] *
                     in->c->block_dim[2] * in->c->grid_dim[0] *
                     in->c->grid_dim[1] * in->c->grid_dim[2];
  in->global_obj = mc_alloc(in->arena, (k->narrays + 1) * sizeof(int));
  for (unsigned i = 0; i < k->narrays; i++) {
    const mc_array *arr = &k->arrays[i];
    in->global_obj[i] = -1;
    if (arr->kind == MC_ARRAY_SHARED || arr->kind == MC_ARRAY_EXTERN_SHARED)
      continue;
    const mc_array_spec *s = spec_for(in->c, arr->name);
    bool is_float = type_is_float(arr->elem_type);
    uint64_t es;
    uint64_t size;
    if (arr->kind == MC_ARRAY_PARAM) {
      es = param_elem_size(in, arr);
      uint64_t elems = s && s->elements ? s->elements
                                        : (threads * 4 > 65536 ? threads * 4 : 65536);
      size = elems * es;
    } else {
      size = arr->bytes;
      LLVMTypeRef t = LLVMGlobalGetValueType(arr->value);
      while (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
      es = LLVMTypeIsSized(t) ? LLVMABISizeOfType(in->td, t) : 1;
    }
    int id = obj_new(in, arr->name, (int)i,
                     arr->space == MC_SPACE_CONSTANT ? OBJ_CONSTANT : OBJ_GLOBAL,
                     size, es);
    object *o = &in->objs[id];
    o->elem_float = is_float;
    in->global_obj[i] = id;
    if (arr->kind == MC_ARRAY_PARAM) {
      uint64_t seed = in->c->data_seed * 31 + i + 1;
      fill(in, o, s ? s->init : MC_INIT_RAND, s ? s->value : 0, seed);
    } else {
      /* A global's initializer: constant data, or zero. */
      LLVMValueRef init = LLVMGetInitializer(arr->value);
      if (init && LLVMIsAConstantDataSequential(init)) {
        size_t n;
        const char *raw = LLVMGetAsString(init, &n);
        if (raw && n <= o->size)
          memcpy(o->bytes, raw, n);
      } else if (init && LLVMIsAConstantInt(init) && o->size <= 8) {
        uint64_t v = LLVMConstIntGetZExtValue(init);
        memcpy(o->bytes, &v, o->size);
      }
    }
  }
  in->block_objs_from = in->nobjs;
}

/* A thread's copy of struct parameter `param`, passed by value: the same
 * bytes in every thread (random, from the data seed), in the thread's own
 * memory; gone with the block, as allocas are. */
int mem_new_byval(interp *in, unsigned param) {
  LLVMTypeRef t = in->k->params[param].byval;
  uint64_t size = LLVMTypeIsSized(t) ? LLVMABISizeOfType(in->td, t) : 0;
  int id = obj_new(in, in->k->params[param].name, -1, OBJ_LOCAL, size, 4);
  fill(in, &in->objs[id], MC_INIT_RAND, 0, in->c->data_seed * 31 + 1000 + param);
  return id;
}

/* Shared memory is per block: fresh (zeroed) objects for each block, all
 * extern __shared__ arrays sharing one. */
void mem_init_block(interp *in) {
  for (unsigned i = in->block_objs_from; i < in->nobjs; i++) {
    free(in->objs[i].bytes);
    shadow_free(&in->objs[i]);
  }
  in->nobjs = in->block_objs_from;
  const mc_kernel *k = in->k;
  int dynamic = -1;
  for (unsigned i = 0; i < k->narrays; i++) {
    const mc_array *arr = &k->arrays[i];
    if (arr->kind == MC_ARRAY_SHARED) {
      LLVMTypeRef t = LLVMGlobalGetValueType(arr->value);
      while (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
      in->global_obj[i] = obj_new(in, arr->name, (int)i, OBJ_SHARED, arr->bytes,
                                  LLVMTypeIsSized(t) ? LLVMABISizeOfType(in->td, t) : 1);
    } else if (arr->kind == MC_ARRAY_EXTERN_SHARED) {
      if (dynamic < 0)
        dynamic = obj_new(in, "extern __shared__", (int)i, OBJ_SHARED,
                          in->c->shared_bytes, 1);
      in->global_obj[i] = dynamic;
    }
  }
}

uint64_t mem_hash_globals(interp *in) {
  uint64_t h = UINT64_C(0xcbf29ce484222325);
  for (unsigned i = 0; i < in->block_objs_from; i++)
    if (in->objs[i].space == OBJ_GLOBAL)
      h = hash_bytes(h, in->objs[i].bytes, in->objs[i].size);
  return h;
}

bool mc_parse_array_spec(const char *text, mc_array_spec *spec, char *err,
                         size_t errlen) {
  memset(spec, 0, sizeof *spec);
  const char *eq = text ? strchr(text, '=') : NULL;
  if (!eq || eq == text || (size_t)(eq - text) >= sizeof spec->name) {
    snprintf(err, errlen, "--array needs NAME=SIZE[:INIT], got '%s'",
             text ? text : "");
    return false;
  }
  memcpy(spec->name, text, (size_t)(eq - text));
  const char *p = eq + 1;
  char *end;
  unsigned long long n = strtoull(p, &end, 10);
  if (end == p || n == 0 || n > (UINT64_C(1) << 28) || (*end && *end != ':')) {
    snprintf(err, errlen,
             "--array %s: SIZE must be a number of elements in 1..%llu, got '%s'",
             spec->name, (unsigned long long)(UINT64_C(1) << 28), p);
    return false;
  }
  spec->elements = n;
  spec->init = MC_INIT_RAND;
  if (*end == ':') {
    const char *init = end + 1;
    if (!strcmp(init, "zero"))
      spec->init = MC_INIT_ZERO;
    else if (!strcmp(init, "seq"))
      spec->init = MC_INIT_SEQ;
    else if (!strcmp(init, "rand"))
      spec->init = MC_INIT_RAND;
    else {
      long long v = strtoll(init, &end, 0);
      if (end == init || *end) {
        snprintf(err, errlen,
                 "--array %s: INIT must be zero, seq, rand or an integer, got '%s'",
                 spec->name, init);
        return false;
      }
      spec->init = MC_INIT_CONST;
      spec->value = v;
    }
  }
  return true;
}
