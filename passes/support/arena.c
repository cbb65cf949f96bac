/* arena.c - bump allocation in chunks, freed all at once, and the step
 * budget of the analysis that allocates from the arena. */
#include "mapcost/support.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct chunk {
  struct chunk *next;
  size_t used, cap;
  max_align_t data[];
} chunk;

struct mc_arena {
  chunk *head;
  mc_budget *budget; /* the steps of the analysis this arena serves */
};

enum { CHUNK_BYTES = 16 * 1024, BYTES_PER_STEP = 32 };

mc_arena *mc_arena_new(void) { return calloc(1, sizeof(mc_arena)); }

void mc_arena_free(mc_arena *a) {
  if (!a)
    return;
  for (chunk *c = a->head, *next; c; c = next) {
    next = c->next;
    free(c);
  }
  free(a);
}

void *mc_alloc(mc_arena *a, size_t size) {
  size_t align = sizeof(max_align_t);
  size = (size + align - 1) / align * align;
  if (size == 0)
    size = align;
  chunk *c = a->head;
  if (!c || c->cap - c->used < size) {
    size_t cap = size > CHUNK_BYTES ? size : CHUNK_BYTES;
    /* Memory is paid in steps too, so that no budget allows gigabytes. */
    if (a->budget && !mc_spend(a, cap / BYTES_PER_STEP, a->budget->in))
      return NULL;
    c = malloc(sizeof(chunk) + cap);
    if (!c)
      return NULL;
    c->cap = cap;
    c->used = 0;
    c->next = a->head;
    a->head = c;
  }
  void *p = (char *)c->data + c->used;
  c->used += size;
  memset(p, 0, size);
  return p;
}

char *mc_strndup(mc_arena *a, const char *s, size_t n) {
  if (!s)
    return NULL;
  char *p = mc_alloc(a, n + 1);
  if (p)
    memcpy(p, s, n);
  return p;
}

char *mc_strdup(mc_arena *a, const char *s) {
  return s ? mc_strndup(a, s, strlen(s)) : NULL;
}

char *mc_sprintf(mc_arena *a, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *p = n < 0 ? NULL : mc_alloc(a, (size_t)n + 1);
  if (p)
    vsnprintf(p, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  return p;
}

void mc_arena_set_budget(mc_arena *a, mc_budget *b) { a->budget = b; }

mc_budget *mc_arena_budget(const mc_arena *a) { return a->budget; }

void mc_arena_start_chunk(mc_arena *a) {
  if (a->head)
    a->head->used = a->head->cap;
}

bool mc_spend(mc_arena *a, uint64_t steps, const char *in) {
  mc_budget *b = a->budget;
  if (!b)
    return true;
  if (b->spent)
    return false;
  b->in = in ? in : "memory";
  if (steps <= b->left) {
    b->left -= steps;
    b->used += steps;
    return true;
  }
  b->spent = true;
  return false;
}
