/* options.c - parsing and validation of the plugin's options (CONTRACT §1). */
#include "mapcost/options.h"

#include <ctype.h>
#include <stdarg.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* CUDA's limits on launch dimensions (compute capability 7.5 and newer). */
static const unsigned BLOCK_LIMIT[3] = {1024, 1024, 64};
static const unsigned GRID_LIMIT[3] = {2147483647u, 65535, 65535};
enum { MAX_THREADS_PER_BLOCK = 1024 };

void mc_options_init(mc_options *o) {
  memset(o, 0, sizeof *o);
  o->warp_size = 32;
  o->line_bytes = 32;
  o->banks = 32;
  o->bank_bytes = 4;
  o->report_format = MC_REPORT_JSON;
  o->warnings = true;
  o->races = true;
  o->costs = true;
  o->run_orders = 1;
  o->kernel_steps = MC_DEFAULT_KERNEL_STEPS;
  o->module_steps = MC_DEFAULT_MODULE_STEPS;
}

static bool fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(char *err, size_t errlen, const char *fmt, ...) {
  if (err && errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return false;
}

/* A decimal integer that fills the whole of [s, end); no sign, no spaces. */
static bool parse_u64(const char *s, size_t n, uint64_t *out) {
  if (n == 0 || n > 19)
    return false;
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if (!isdigit((unsigned char)s[i]))
      return false;
    v = v * 10 + (uint64_t)(s[i] - '0');
  }
  *out = v;
  return true;
}

static bool parse_i64(const char *s, int64_t *out) {
  if (!*s)
    return false;
  errno = 0;
  char *end;
  long long v = strtoll(s, &end, 0);
  if (errno || *end || isspace((unsigned char)*s))
    return false;
  *out = v;
  return true;
}

bool mc_parse_dim3(const char *text, const unsigned limit[3],
                   uint64_t total_limit, unsigned dim[3], char *err,
                   size_t errlen) {
  static const char axis[3] = {'x', 'y', 'z'};
  unsigned d[3] = {1, 1, 1};
  const char *p = text ? text : "";
  int i = 0;
  for (;; i++) {
    if (i == 3)
      return fail(err, errlen, "'%s' has more than three dimensions", text);
    const char *comma = strchr(p, ',');
    size_t n = comma ? (size_t)(comma - p) : strlen(p);
    uint64_t v;
    if (!parse_u64(p, n, &v))
      return fail(err, errlen,
                  "'%s' is not X[,Y[,Z]] with positive integers", text);
    if (v == 0 || v > limit[i])
      return fail(err, errlen, "%c = %" PRIu64 " in '%s' is outside 1..%u",
                  axis[i], v, text, limit[i]);
    d[i] = (unsigned)v;
    if (!comma)
      break;
    p = comma + 1;
  }
  uint64_t total = (uint64_t)d[0] * d[1] * d[2];
  if (total_limit && total > total_limit)
    return fail(err, errlen,
                "'%s' has %" PRIu64 " threads; a block has at most %" PRIu64,
                text, total, total_limit);
  memcpy(dim, d, sizeof d);
  return true;
}

static bool parse_uint_in(const char *name, const char *value, uint64_t lo,
                          uint64_t hi, uint64_t *out, char *err, size_t errlen) {
  uint64_t v;
  if (!value || !parse_u64(value, strlen(value), &v) || v < lo || v > hi)
    return fail(err, errlen,
                "-mapcost-%s needs an integer in %" PRIu64 "..%" PRIu64
                ", got '%s'",
                name, lo, hi, value ? value : "");
  *out = v;
  return true;
}

static bool parse_bool(const char *name, const char *value, bool *out,
                       char *err, size_t errlen) {
  if (!value || !strcmp(value, "1") || !strcmp(value, "true"))
    *out = true;
  else if (!strcmp(value, "0") || !strcmp(value, "false"))
    *out = false;
  else
    return fail(err, errlen, "-mapcost-%s needs 0 or 1, got '%s'", name,
                value);
  return true;
}

static bool is_power_of_two(uint64_t v) { return v && !(v & (v - 1)); }

static bool set_param(mc_options *o, const char *value, char *err,
                      size_t errlen) {
  const char *eq = value ? strchr(value, '=') : NULL;
  if (!eq || eq == value)
    return fail(err, errlen, "-mapcost-param needs NAME=VALUE, got '%s'",
                value ? value : "");
  size_t n = (size_t)(eq - value);
  if (n >= MC_OPTION_TEXT)
    return fail(err, errlen, "-mapcost-param: name too long in '%s'", value);
  for (size_t i = 0; i < n; i++)
    if (!(isalnum((unsigned char)value[i]) || value[i] == '_'))
      return fail(err, errlen,
                  "-mapcost-param: '%.*s' is not a parameter name", (int)n,
                  value);
  int64_t v;
  if (!parse_i64(eq + 1, &v))
    return fail(err, errlen, "-mapcost-param: '%s' is not an integer in '%s'",
                eq + 1, value);
  mc_param_fact *f = NULL;
  for (size_t i = 0; i < o->nparams; i++)
    if (strlen(o->params[i].name) == n && !strncmp(o->params[i].name, value, n))
      f = &o->params[i]; /* a later value for the same name wins */
  if (!f) {
    if (o->nparams == MC_MAX_PARAMS)
      return fail(err, errlen, "-mapcost-param: at most %d parameters",
                  MC_MAX_PARAMS);
    f = &o->params[o->nparams++];
  }
  memcpy(f->name, value, n);
  f->name[n] = '\0';
  f->value = v;
  return true;
}

bool mc_options_set(mc_options *o, const char *name, const char *value,
                    char *err, size_t errlen) {
  uint64_t v;
  char sub[MC_OPTION_TEXT];
  if (!strcmp(name, "block-dim") || !strcmp(name, "grid-dim")) {
    bool block = name[0] == 'b';
    if (!mc_parse_dim3(value, block ? BLOCK_LIMIT : GRID_LIMIT,
                       block ? MAX_THREADS_PER_BLOCK : 0,
                       block ? o->block_dim : o->grid_dim, sub, sizeof sub))
      return fail(err, errlen, "-mapcost-%s: %s", name, sub);
    return true;
  }
  if (!strcmp(name, "param"))
    return set_param(o, value, err, errlen);
  if (!strcmp(name, "only-intra-group"))
    return parse_bool(name, value, &o->only_intra_group, err, errlen);
  if (!strcmp(name, "wrap-around"))
    return parse_bool(name, value, &o->wrap_around, err, errlen);
  if (!strcmp(name, "warnings"))
    return parse_bool(name, value, &o->warnings, err, errlen);
  if (!strcmp(name, "races"))
    return parse_bool(name, value, &o->races, err, errlen);
  if (!strcmp(name, "costs"))
    return parse_bool(name, value, &o->costs, err, errlen);
  if (!strcmp(name, "warp-size") || !strcmp(name, "line-bytes") ||
      !strcmp(name, "banks") || !strcmp(name, "bank-bytes")) {
    if (!parse_uint_in(name, value, 1, 4096, &v, err, errlen))
      return false;
    if (!is_power_of_two(v))
      return fail(err, errlen, "-mapcost-%s must be a power of two, got '%s'",
                  name, value);
    unsigned *field = !strcmp(name, "warp-size")    ? &o->warp_size
                      : !strcmp(name, "line-bytes") ? &o->line_bytes
                      : !strcmp(name, "banks")      ? &o->banks
                                                    : &o->bank_bytes;
    *field = (unsigned)v;
    return true;
  }
  if (!strcmp(name, "rlimit")) {
    if (!parse_uint_in(name, value, 1, UINT64_C(1000000000000), &v, err,
                       errlen))
      return false;
    o->rlimit = v;
    return true;
  }
  if (!strcmp(name, "kernel-steps"))
    return parse_uint_in(name, value, 1, UINT64_C(1) << 50, &o->kernel_steps, err, errlen);
  if (!strcmp(name, "jobs"))
    return parse_uint_in(name, value, 1, 1024, &o->jobs, err, errlen);
  if (!strcmp(name, "module-steps"))
    return parse_uint_in(name, value, 1, UINT64_C(1) << 50, &o->module_steps, err, errlen);
  if (!strcmp(name, "report")) {
    if (!value || !*value)
      return fail(err, errlen, "-mapcost-report needs a directory");
    if (strlen(value) >= sizeof o->report_dir)
      return fail(err, errlen, "-mapcost-report: path too long");
    strcpy(o->report_dir, value);
    return true;
  }
  if (!strcmp(name, "report-format")) {
    if (value && !strcmp(value, "json"))
      o->report_format = MC_REPORT_JSON;
    else if (value && !strcmp(value, "sarif"))
      o->report_format = MC_REPORT_SARIF;
    else
      return fail(err, errlen,
                  "-mapcost-report-format needs json or sarif, got '%s'",
                  value ? value : "");
    return true;
  }
  if (!strcmp(name, "run"))
    return parse_bool(name, value, &o->run, err, errlen);
  if (!strcmp(name, "run-array")) {
    const char *eq = value ? strchr(value, '=') : NULL;
    if (!eq || eq == value || strlen(value) >= MC_OPTION_TEXT)
      return fail(err, errlen, "-mapcost-run-array needs NAME=SIZE[:INIT], got '%s'",
                  value ? value : "");
    if (o->nrun_arrays == MC_MAX_PARAMS)
      return fail(err, errlen, "-mapcost-run-array: at most %d arrays", MC_MAX_PARAMS);
    strcpy(o->run_arrays[o->nrun_arrays++], value);
    return true;
  }
  if (!strcmp(name, "run-shared-bytes"))
    return parse_uint_in(name, value, 0, UINT64_C(1) << 30, &o->run_shared_bytes,
                         err, errlen);
  if (!strcmp(name, "run-seed"))
    return parse_uint_in(name, value, 0, UINT64_C(1) << 62, &o->run_seed, err, errlen);
  if (!strcmp(name, "run-orders")) {
    if (!parse_uint_in(name, value, 1, 1000, &v, err, errlen))
      return false;
    o->run_orders = (unsigned)v;
    return true;
  }
  if (!strcmp(name, "run-mode")) {
    if (value && !strcmp(value, "lockstep"))
      o->run_interleave = false;
    else if (value && !strcmp(value, "interleave"))
      o->run_interleave = true;
    else
      return fail(err, errlen, "-mapcost-run-mode needs lockstep or interleave, got '%s'",
                  value ? value : "");
    return true;
  }
  if (!strcmp(name, "run-trace") || !strcmp(name, "run-protocol-trace") ||
      !strcmp(name, "solver-log")) {
    char *dst = name[0] == 's'    ? o->solver_log
                : name[4] == 't' ? o->run_trace
                                 : o->run_protocol_trace;
    if (!value || !*value || strlen(value) >= sizeof o->run_trace)
      return fail(err, errlen, "-mapcost-%s needs a file name", name);
    strcpy(dst, value);
    return true;
  }
  if (!strcmp(name, "run-steps"))
    return parse_uint_in(name, value, 1, UINT64_C(1) << 40, &o->run_steps, err, errlen);
  return fail(err, errlen, "unknown option -mapcost-%s", name);
}

bool mc_options_parse_env(mc_options *o, const char *text, char *err,
                          size_t errlen) {
  const char *p = text ? text : "";
  char word[4096 + MC_OPTION_TEXT];
  while (*p) {
    while (isspace((unsigned char)*p))
      p++;
    if (!*p)
      break;
    size_t n = 0;
    while (p[n] && !isspace((unsigned char)p[n]))
      n++;
    if (n >= sizeof word)
      return fail(err, errlen, "MAPCOST_OPTIONS: option too long");
    memcpy(word, p, n);
    word[n] = '\0';
    p += n;
    const char *w = word;
    if (!strncmp(w, "--", 2))
      w++;
    if (strncmp(w, "-mapcost-", 9))
      return fail(err, errlen,
                  "MAPCOST_OPTIONS: '%s' is not a -mapcost-NAME=VALUE option",
                  word);
    char *name = (char *)w + 9;
    char *eq = strchr(name, '=');
    if (eq)
      *eq = '\0';
    char sub[512];
    if (!mc_options_set(o, name, eq ? eq + 1 : NULL, sub, sizeof sub))
      return fail(err, errlen, "MAPCOST_OPTIONS: %s", sub);
  }
  return true;
}

const mc_param_fact *mc_options_param(const mc_options *o, const char *name) {
  for (size_t i = 0; i < o->nparams; i++)
    if (!strcmp(o->params[i].name, name))
      return &o->params[i];
  return NULL;
}
