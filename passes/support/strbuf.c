/* strbuf.c - growable heap strings and JSON string quoting. */
#include "mapcost/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool reserve(mc_strbuf *b, size_t extra) {
  if (b->oom)
    return false;
  if (b->len + extra + 1 <= b->cap)
    return true;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *p = realloc(b->data, cap);
  if (!p) {
    b->oom = true;
    return false;
  }
  b->data = p;
  b->cap = cap;
  return true;
}

void mc_strbuf_appendn(mc_strbuf *b, const char *s, size_t n) {
  if (!reserve(b, n))
    return;
  if (n) /* s may be NULL then */
    memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void mc_strbuf_append(mc_strbuf *b, const char *s) {
  mc_strbuf_appendn(b, s, strlen(s));
}

void mc_strbuf_vprintf(mc_strbuf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  if (n > 0 && reserve(b, (size_t)n)) {
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
    b->len += (size_t)n;
  }
  va_end(ap2);
}

void mc_strbuf_printf(mc_strbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  mc_strbuf_vprintf(b, fmt, ap);
  va_end(ap);
}

const char *mc_strbuf_str(const mc_strbuf *b) { return b->data ? b->data : ""; }

void mc_strbuf_free(mc_strbuf *b) {
  free(b->data);
  *b = (mc_strbuf){0};
}

void mc_strbuf_json_string(mc_strbuf *b, const char *s) {
  mc_strbuf_append(b, "\"");
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    switch (*p) {
    case '"': mc_strbuf_append(b, "\\\""); break;
    case '\\': mc_strbuf_append(b, "\\\\"); break;
    case '\n': mc_strbuf_append(b, "\\n"); break;
    case '\t': mc_strbuf_append(b, "\\t"); break;
    case '\r': mc_strbuf_append(b, "\\r"); break;
    default:
      if (*p < 0x20)
        mc_strbuf_printf(b, "\\u%04x", *p);
      else
        mc_strbuf_appendn(b, (const char *)p, 1);
    }
  }
  mc_strbuf_append(b, "\"");
}

bool mc_holds(const char *s, size_t n, const char *part) {
  size_t w = strlen(part);
  for (size_t i = 0; i + w <= n; i++)
    if (!strncmp(s + i, part, w))
      return true;
  return false;
}
