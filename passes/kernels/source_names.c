/* source_names.c - stage 1: parameter names from a kernel's source text.
 *
 * clang keeps only line tables for optimized device code (-O2 -g): the
 * debug info names no parameter, and remarks would say `arg0`. The line
 * tables still say where each kernel is defined; its parameter list is
 * read from the file there. Whatever does not fit is not guessed: no
 * file, no `name(` from that line on, a list that does not balance, a
 * count other than the IR's, and a parameter without a plain name (an
 * unnamed one, a function pointer, a macro) keeps its IR name.
 */
#include "source_names.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { MAX_SOURCE = 16 << 20, MAX_SEARCH = 4096 };

/* The text of a regular file (not a pipe or a device, whatever path the
 * debug info holds) of at most MAX_SOURCE bytes. */
static char *read_file(const char *path, size_t *n) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > MAX_SOURCE)
    return NULL;
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *text = NULL;
  if (fseek(f, 0, SEEK_END) == 0) {
    long size = ftell(f);
    if (size >= 0 && size <= MAX_SOURCE && fseek(f, 0, SEEK_SET) == 0 &&
        (text = malloc((size_t)size + 1))) {
      *n = fread(text, 1, (size_t)size, f);
      text[*n] = 0;
    }
  }
  fclose(f);
  return text;
}

/* Comments and the insides of literals become spaces (newlines kept), so
 * that no comma or parenthesis in them counts. */
static void blank(char *t, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (t[i] == '/' && t[i + 1] == '/') {
      while (i < n && t[i] != '\n')
        t[i++] = ' ';
    } else if (t[i] == '/' && t[i + 1] == '*') {
      t[i] = t[i + 1] = ' ';
      for (i += 2; i < n && !(t[i] == '*' && t[i + 1] == '/'); i++)
        if (t[i] != '\n')
          t[i] = ' ';
      if (i < n)
        t[i] = t[i + 1] = ' ', i++;
    } else if (t[i] == '"' || t[i] == '\'') {
      char q = t[i];
      for (i++; i < n && t[i] != q && t[i] != '\n'; i++) {
        if (t[i] == '\\' && i + 1 < n)
          t[i++] = ' ';
        t[i] = ' ';
      }
    }
  }
}

static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* The name a kernel is declared by: "ns::scale<float>" -> "scale". */
static size_t declared_name(const char *full, const char **start) {
  size_t end = strcspn(full, "<(");
  size_t begin = end;
  while (begin && ident_char(full[begin - 1]))
    begin--;
  *start = full + begin;
  return end - begin;
}

/* Words that are part of a type, never a parameter's name; the first
 * QUALIFIERS of them only qualify a type, they do not name one. */
static const char *const type_words[] = {
    "const", "volatile", "struct", "class", "union", "enum", "typename",
    "restrict", "__restrict__", "__restrict", "unsigned", "signed", "short", "long", "int",
    "char", "float", "double", "bool", "void", "__grid_constant__", "auto"};
enum { QUALIFIERS = 7 };

/* Index of w[0..n) in type_words, or -1. */
static int type_word(const char *w, size_t n) {
  for (size_t i = 0; i < sizeof type_words / sizeof *type_words; i++)
    if (strlen(type_words[i]) == n && !strncmp(type_words[i], w, n))
      return (int)i;
  return -1;
}

/* The name declared by parameter text p[0..n): the last word, when it
 * is an identifier that is not part of the type and something before it
 * is a type. NULL otherwise. */
static char *param_name(const char *p, size_t n) {
  size_t end = n;
  for (size_t i = 0, depth = 0; i < n; i++) { /* a default argument */
    depth += p[i] == '(' || p[i] == '[' || p[i] == '<' || p[i] == '{';
    depth -= depth && (p[i] == ')' || p[i] == ']' || p[i] == '>' || p[i] == '}');
    if (p[i] == '=' && !depth) {
      end = i;
      break;
    }
  }
  for (;;) { /* array bounds: `float a[16]` */
    while (end && isspace((unsigned char)p[end - 1]))
      end--;
    if (!end || p[end - 1] != ']')
      break;
    while (end && p[end - 1] != '[')
      end--;
    if (!end)
      return NULL;
    end--;
  }
  size_t begin = end;
  while (begin && ident_char(p[begin - 1]))
    begin--;
  if (begin == end || isdigit((unsigned char)p[begin]) || type_word(p + begin, end - begin) >= 0)
    return NULL;
  if (memchr(p, '(', begin)) /* a function pointer or a macro */
    return NULL;
  bool type = false; /* a word of the type other than a qualifier, or * & */
  for (size_t i = 0; i < begin && !type;) {
    if (p[i] == '*' || p[i] == '&') {
      type = true;
    } else if (ident_char(p[i])) {
      size_t j = i;
      while (j < begin && ident_char(p[j]))
        j++;
      int w = type_word(p + i, j - i);
      type = w < 0 || w >= QUALIFIERS;
      i = j;
      continue;
    }
    i++;
  }
  if (!type)
    return NULL;
  char *name = malloc(end - begin + 1);
  if (name) {
    memcpy(name, p + begin, end - begin);
    name[end - begin] = 0;
  }
  return name;
}

/* The parameter list starting at t[open] ('('): each parameter's text
 * between top-level commas. False when it does not balance or has not
 * exactly n parameters. */
static bool split_params(const char *t, size_t len, size_t open, unsigned n, size_t *from,
                         size_t *to) {
  unsigned count = 0;
  int paren = 0, angle = 0;
  size_t start = open + 1;
  for (size_t i = open; i < len && i < open + MAX_SEARCH; i++) {
    char c = t[i];
    if (c == '(' || c == '[' || c == '{')
      paren++;
    else if (c == ')' || c == ']' || c == '}')
      paren--;
    else if (c == '<' && i && (ident_char(t[i - 1]) || t[i - 1] == ' '))
      angle++;
    else if (c == '>' && angle)
      angle--;
    if ((c == ',' && paren == 1 && !angle) || paren == 0) {
      bool empty = true;
      for (size_t j = start; j < i && empty; j++)
        empty = isspace((unsigned char)t[j]);
      bool only_void = i - start >= 4 && !strncmp(t + start + strspn(t + start, " \t\n"), "void", 4);
      if (paren == 0 && count == 0 && (empty || (only_void && n == 0)))
        return n == 0;
      if (count == n)
        return false;
      from[count] = start;
      to[count++] = i;
      start = i + 1;
      if (paren == 0)
        return count == n && !angle;
    }
  }
  return false;
}

bool mc_source_param_names(const char *path, unsigned line, const char *function,
                           unsigned n, char **names) {
  for (unsigned i = 0; i < n; i++)
    names[i] = NULL;
  size_t len = 0;
  char *t = path && line ? read_file(path, &len) : NULL;
  if (!t)
    return false;
  blank(t, len);
  size_t at = 0;
  for (unsigned l = 1; l < line && at < len; at++)
    l += t[at] == '\n';
  const char *name;
  size_t nlen = declared_name(function, &name);
  size_t *from = malloc((n + 1) * sizeof *from), *to = malloc((n + 1) * sizeof *to);
  bool found = false;
  for (size_t i = at; from && to && nlen && i + nlen < len && i < at + MAX_SEARCH && !found;
       i++) {
    if (strncmp(t + i, name, nlen) || (i && ident_char(t[i - 1])) || ident_char(t[i + nlen]))
      continue;
    size_t j = i + nlen;
    while (j < len && isspace((unsigned char)t[j]))
      j++;
    if (j < len && t[j] == '<') { /* an explicit specialisation's arguments */
      int depth = 0;
      for (; j < len; j++) {
        depth += (t[j] == '<') - (t[j] == '>');
        if (!depth)
          break;
      }
      for (j++; j < len && isspace((unsigned char)t[j]);)
        j++;
    }
    if (j < len && t[j] == '(' && split_params(t, len, j, n, from, to)) {
      found = true;
      for (unsigned k = 0; k < n; k++)
        names[k] = param_name(t + from[k], to[k] - from[k]);
    }
  }
  free(from);
  free(to);
  free(t);
  return found;
}
