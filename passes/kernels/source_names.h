/* source_names.h - parameter names read from a kernel's source text
 * (source_names.c), where debug info has line tables only. */
#ifndef MAPCOST_SOURCE_NAMES_H
#define MAPCOST_SOURCE_NAMES_H

#include <stdbool.h>

/* The names of the n parameters of `function` (its demangled name),
 * defined at `line` of the file at `path`: names[i] gets a malloc'd name,
 * or NULL where parameter i has none to read. False (and all NULL) when
 * the file cannot be read or the definition is not found with n
 * parameters. */
bool mc_source_param_names(const char *path, unsigned line, const char *function,
                           unsigned n, char **names);

#endif
