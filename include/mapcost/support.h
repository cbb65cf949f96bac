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
