/* support.h - arenas and growable strings shared by every stage.
 *
 * Each kernel's analysis allocates from one arena and frees it at once at
 * the end, so no stage needs to track ownership of what it hands forward.
 */
#ifndef MAPCOST_SUPPORT_H
#define MAPCOST_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mc_arena mc_arena;

/* A new, empty arena; NULL when out of memory. */
mc_arena *mc_arena_new(void);
/* Frees the arena and everything allocated from it. NULL is allowed. */
void mc_arena_free(mc_arena *a);
/* Zeroed memory that lives until the arena is freed; NULL when out of memory. */
void *mc_alloc(mc_arena *a, size_t size);
/* Copies of strings, owned by the arena. NULL in gives NULL out. */
char *mc_strdup(mc_arena *a, const char *s);
char *mc_strndup(mc_arena *a, const char *s, size_t n);
char *mc_sprintf(mc_arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Do the n characters at s (not terminated) hold `part`? */
bool mc_holds(const char *s, size_t n, const char *part);

/* ---- Step budgets: bounded work, never clocks ---------------------------
 * A kernel's analysis spends steps from the budget attached to its arena
 * (one step: about one visit of an instruction, a block, an expression node
 * or a pair of accesses, and 32 bytes of arena memory; a solver query
 * spends its own resource limit, -mapcost-rlimit). When the budget is spent, mc_spend returns false and
 * keeps returning false: the stage stops and returns failure, and the
 * driver, seeing `spent`, makes the kernel Inconclusive with the reason
 * instead of reporting an error. Counting steps, not seconds, keeps the
 * verdicts the same on every machine and load. */
typedef struct {
  uint64_t left;  /* steps still allowed */
  uint64_t used;  /* steps spent so far */
  bool spent;     /* a stage asked for more than was left */
  const char *in; /* the stage that spent last ("lockstep", "sym", ...) */
} mc_budget;

/* Attaches b to a (NULL detaches: no limit). */
void mc_arena_set_budget(mc_arena *a, mc_budget *b);
/* The budget attached to a, or NULL. */
mc_budget *mc_arena_budget(const mc_arena *a);
/* Makes a's next allocation open (and pay for) a chunk of its own, so
 * that what a piece of work spends does not depend on what was allocated
 * before it (a solver job in a child that ran others before it). */
void mc_arena_start_chunk(mc_arena *a);
/* Takes `steps` from the arena's budget for stage `in`; false, for good,
 * once the budget cannot pay. Always true without a budget. */
bool mc_spend(mc_arena *a, uint64_t steps, const char *in);

/* A growable string on the heap. */
typedef struct {
  char *data; /* always NUL-terminated once anything was appended */
  size_t len, cap;
  bool oom; /* set when an append failed; the string keeps what fit */
} mc_strbuf;

void mc_strbuf_append(mc_strbuf *b, const char *s);
void mc_strbuf_appendn(mc_strbuf *b, const char *s, size_t n);
void mc_strbuf_printf(mc_strbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void mc_strbuf_vprintf(mc_strbuf *b, const char *fmt, va_list ap);
/* The contents ("" when empty); valid until the next append or free. */
const char *mc_strbuf_str(const mc_strbuf *b);
void mc_strbuf_free(mc_strbuf *b);

/* Appends s as a JSON string literal, quotes included. */
void mc_strbuf_json_string(mc_strbuf *b, const char *s);

#ifdef __cplusplus
}
#endif
#endif
