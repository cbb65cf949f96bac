/* report_sarif.c - stage 7: the per-module report as SARIF 2.1.0
 * (-mapcost-report-format=sarif), for code review tools.
 *
 * One rule per kind of finding; one result per race (error, the second
 * access as a related location, the witness in the message; a suppressed
 * race carries an inSource suppression), per divergent barrier (error), per
 * inconclusive kernel (warning) and per access with a nonzero cost (note).
 * Paths relative to the working directory use the base %SRCROOT%. Each
 * result has a partial fingerprint that does not depend on line numbers,
 * so code scanning follows a finding across commits; scripts/mapcost
 * computes the same one (fingerprint() there).
 */
#include "mapcost/report.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

/* id, name, level, short description, full description: the same table as
 * RULES in scripts/mapcost. */
static const char *const RULES[][5] = {
    {"data-race", "DataRace", "error",
     "Two threads access the same memory location without synchronisation, "
     "and at least one access writes",
     "A data race: two threads (of one block, or of two blocks for global "
     "memory) may access the same element between two barriers, at least one "
     "of them writing. The witness gives the threads, blocks, dimensions and "
     "parameters that make it happen."},
    {"barrier-divergence", "BarrierDivergence", "error",
     "A barrier may be reached by some threads of a block and not others",
     "Barrier divergence: __syncthreads() (or __syncwarp()) sits under a "
     "condition that differs between threads, which is undefined behaviour."},
    {"inconclusive", "Inconclusive", "warning",
     "The analysis could not decide whether the kernel is free of data races",
     "The kernel was not proven race free: the reasons say what could not be "
     "decided (an unsupported construct, the solver budget, ...)."},
    {"uncoalesced-access", "UncoalescedCost", "note",
     "Global memory access touching more memory segments per warp than needed",
     "The number of distinct line-bytes segments a warp touches per execution "
     "of this global access, summed over its executions."},
    {"bank-conflict", "BankConflictCost", "note",
     "Shared memory access with bank conflicts",
     "The number of extra bank accesses (conflicts) a warp makes per "
     "execution of this shared access, summed over its executions."},
};
enum { RULE_RACE, RULE_DIVERGENCE, RULE_INCONCLUSIVE, RULE_UNCOALESCED, RULE_BANK, NRULES };

typedef struct {
  mc_arena *a;
  mc_strbuf *b;
  const char *cwd; /* "" when unknown */
  bool first;      /* no result written yet */
  /* The fingerprint keys of the kernel's results so far: the ordinal of a
   * result among those with the same key. */
  const char *keys[4096];
  unsigned nkeys;
} writer;

/* s, or "" when an allocation failed (the buffer then says oom anyway). */
static const char *nz(const char *s) { return s ? s : ""; }

static void key(mc_strbuf *b, const char *k) {
  mc_strbuf_json_string(b, k);
  mc_strbuf_append(b, ": ");
}

/* Percent-encoding of a path as Python's urllib.parse.quote does it. */
static const char *uri_encode(mc_arena *a, const char *path) {
  mc_strbuf b = {0};
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
        (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
      mc_strbuf_appendn(&b, (const char *)p, 1);
    else
      mc_strbuf_printf(&b, "%%%02X", *p);
  }
  const char *s = mc_strdup(a, mc_strbuf_str(&b));
  mc_strbuf_free(&b);
  return s ? s : "";
}

/* An artifactLocation: relative to %SRCROOT% (the working directory) where
 * the path lies under it, else a file: URI. */
static void artifact(writer *w, const char *file) {
  size_t n = strlen(w->cwd);
  if (n && !strncmp(file, w->cwd, n) && file[n] == '/')
    file += n + 1;
  mc_strbuf_append(w->b, "{\"uri\": ");
  if (file[0] == '/') {
    mc_strbuf_json_string(w->b, nz(mc_sprintf(w->a, "file://%s", uri_encode(w->a, file))));
  } else {
    mc_strbuf_json_string(w->b, uri_encode(w->a, file));
    mc_strbuf_append(w->b, ", \"uriBaseId\": \"%SRCROOT%\"");
  }
  mc_strbuf_append(w->b, "}");
}

/* A physicalLocation object. */
static void physical(writer *w, const char *file, unsigned line, unsigned column) {
  mc_strbuf_append(w->b, "{\"artifactLocation\": ");
  artifact(w, file);
  if (line) {
    mc_strbuf_printf(w->b, ", \"region\": {\"startLine\": %u", line);
    if (column)
      mc_strbuf_printf(w->b, ", \"startColumn\": %u", column);
    mc_strbuf_append(w->b, "}");
  }
  mc_strbuf_append(w->b, "}");
}

/* FNV-1a, 64 bits: the fingerprint hash of scripts/mapcost too. */
static uint64_t fnv1a(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    h = (h ^ *p) * 0x100000001b3ull;
  return h;
}

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

/* "mapcost/v1|<file name>|<kernel>|<rule>|<array>|<detail>|<ordinal>":
 * no line numbers, so moving code keeps it. */
static const char *fingerprint(writer *w, const mc_kernel *k, unsigned rule,
                               const char *array, const char *detail) {
  const char *prefix =
      mc_sprintf(w->a, "mapcost/v1|%s|%s|%s|%s|%s", base_name(k->file ? k->file : ""),
                 k->mangled ? k->mangled : k->name, RULES[rule][0], array ? array : "",
                 detail ? detail : "");
  unsigned ordinal = 0;
  for (unsigned i = 0; i < w->nkeys; i++)
    ordinal += prefix && w->keys[i] && !strcmp(w->keys[i], prefix);
  if (w->nkeys < sizeof w->keys / sizeof w->keys[0])
    w->keys[w->nkeys++] = prefix;
  return nz(mc_sprintf(w->a, "%016llx", (unsigned long long)fnv1a(nz(
                                               mc_sprintf(w->a, "%s|%u", nz(prefix), ordinal)))));
}

/* Opens a result: rule, level, message, primary location; the caller adds
 * members and closes it with "}". */
static void result(writer *w, const mc_kernel *k, unsigned rule, const char *msg,
                   const char *file, unsigned line, unsigned column, const char *fp) {
  mc_strbuf_append(w->b, w->first ? "\n    " : ",\n    ");
  w->first = false;
  mc_strbuf_printf(w->b, "{\"ruleId\": \"%s\", \"ruleIndex\": %u, \"level\": \"%s\", ",
                   RULES[rule][0], rule, RULES[rule][2]);
  key(w->b, "message");
  mc_strbuf_append(w->b, "{\"text\": ");
  mc_strbuf_json_string(w->b, msg ? msg : "");
  mc_strbuf_append(w->b, "}, \"locations\": [{\"physicalLocation\": ");
  physical(w, file ? file : k->file ? k->file : "", line, column);
  mc_strbuf_append(w->b, "}], \"partialFingerprints\": {\"mapcostFinding/v1\": ");
  mc_strbuf_json_string(w->b, fp);
  mc_strbuf_append(w->b, "}, \"properties\": {\"kernel\": ");
  mc_strbuf_json_string(w->b, k->name);
  mc_strbuf_append(w->b, "}");
}

static void dim_text(mc_strbuf *b, const char *name, const unsigned d[3]) {
  mc_strbuf_printf(b, " %s=(%u,%u,%u)", name, d[0], d[1], d[2]);
}

/* The witness as scripts/mapcost's witness_text writes it. */
static const char *witness_text(mc_arena *a, const mc_race *r) {
  mc_strbuf b = {0};
  dim_text(&b, "tid1", r->tid1);
  dim_text(&b, "tid2", r->tid2);
  dim_text(&b, "block1", r->block1);
  dim_text(&b, "block2", r->block2);
  dim_text(&b, "blockDim", r->block_dim);
  dim_text(&b, "gridDim", r->grid_dim);
  mc_strbuf_append(&b, " index=");
  for (unsigned i = 0; i < r->nindex && i < 3; i++)
    mc_strbuf_printf(&b, "[%lld]", (long long)r->index[i]);
  mc_strbuf_printf(&b, " byte_offset=%lld", (long long)r->byte_offset);
  for (unsigned i = 0; i < r->niterations; i++)
    mc_strbuf_printf(&b, " %s=%lld", r->iterations[i].name, (long long)r->iterations[i].value);
  for (unsigned i = 0; i < r->nparams; i++)
    mc_strbuf_printf(&b, " %s=%lld", r->params[i].name, (long long)r->params[i].value);
  const char *s = mc_strdup(a, mc_strbuf_str(&b) + (b.len > 0));
  mc_strbuf_free(&b);
  return nz(s);
}

static void race(writer *w, const mc_kernel *k, int array, const mc_race *r) {
  const mc_array *arr = &k->arrays[array];
  const char *kind = r->write_write ? "write-write" : "read-write";
  const char *scope = r->grid ? "grid" : "block";
  const char *first = r->first.access ? r->first.access : "read";
  const char *second = r->second.access ? r->second.access : "read";
  const char *msg = mc_sprintf(
      w->a, "%s data race (%s, %s scope) on '%s' in kernel '%s': this %s and the %s at line %u; "
            "witness: %s",
      r->confirmed ? "Confirmed" : "Possible", kind, scope, arr->name, k->name, first,
      second, r->second.line, witness_text(w->a, r));
  const char *fp = fingerprint(w, k, RULE_RACE, arr->name,
                               mc_sprintf(w->a, "%s/%s/%s/%s", kind, first, second, scope));
  result(w, k, RULE_RACE, msg, r->first.file, r->first.line, r->first.column, fp);
  mc_strbuf_append(w->b, ", \"relatedLocations\": [");
  const char *file = r->second.file ? r->second.file : k->file ? k->file : "";
  mc_strbuf_printf(w->b, "{\"id\": 1, \"message\": {\"text\": \"second access (%s)\"}, "
                         "\"physicalLocation\": ", second);
  physical(w, file, r->second.line, r->second.column);
  mc_strbuf_append(w->b, "}]");
  const char *why = mc_report_suppressed(k, array, r);
  if (why) {
    mc_strbuf_append(w->b, ", \"suppressions\": [{\"kind\": \"inSource\", \"justification\": ");
    mc_strbuf_json_string(w->b, why);
    mc_strbuf_append(w->b, "}]");
  }
  mc_strbuf_append(w->b, "}");
}

static void kernel_results(writer *w, const mc_kernel_result *r) {
  const mc_kernel *k = r->kernel;
  w->nkeys = 0;
  for (unsigned i = 0; i < k->narrays; i++)
    for (unsigned j = 0; j < r->arrays[i].nraces; j++)
      race(w, k, (int)i, &r->arrays[i].races[j]);
  for (unsigned i = 0; i < r->ndivergences; i++) {
    const mc_barrier_divergence *d = &r->divergences[i];
    const char *msg = mc_sprintf(w->a, "Barrier divergence in kernel '%s': the barrier is "
                                       "reached only where %s",
                                 k->name, nz(d->condition));
    result(w, k, RULE_DIVERGENCE, msg, d->file, d->line, d->column,
           fingerprint(w, k, RULE_DIVERGENCE, NULL, d->name));
    mc_strbuf_append(w->b, "}");
  }
  if (r->verdict == MC_VERDICT_INCONCLUSIVE) {
    mc_strbuf reasons = {0};
    for (unsigned i = 0; i < r->nreasons; i++)
      mc_strbuf_printf(&reasons, "%s%s", i ? "; " : "", r->reasons[i]);
    const char *msg = mc_sprintf(w->a, "Kernel '%s' is not proven race free: %s", k->name,
                                 r->nreasons ? mc_strbuf_str(&reasons) : "no reason given");
    mc_strbuf_free(&reasons);
    result(w, k, RULE_INCONCLUSIVE, msg, k->file, k->line, 0,
           fingerprint(w, k, RULE_INCONCLUSIVE, NULL, NULL));
    mc_strbuf_append(w->b, "}");
  }
  for (unsigned i = 0; i < r->ncosts; i++) {
    const mc_cost *c = &r->costs[i];
    if (!c->cost || !strcmp(c->cost, "0") || c->array < 0 || (unsigned)c->array >= k->narrays)
      continue;
    unsigned rule = c->metric == MC_METRIC_BANK_CONFLICTS ? RULE_BANK : RULE_UNCOALESCED;
    const char *array = k->arrays[c->array].name;
    const char *msg = mc_sprintf(w->a, "%s cost %s %s for '%s' in kernel '%s'",
                                 mc_metric_name(c->metric), c->exact ? "=" : "<=", c->cost,
                                 array, k->name);
    if (c->why)
      msg = mc_sprintf(w->a, "%s: %s", nz(msg), c->why);
    result(w, k, rule, msg, c->file, c->line, c->column, fingerprint(w, k, rule, array, NULL));
    mc_strbuf_append(w->b, "}");
  }
}

void mc_report_module_sarif(mc_arena *a, const mc_kernels *ks,
                            const mc_kernel_result *results, mc_strbuf *b) {
  writer *w = mc_alloc(a, sizeof *w);
  if (!w) {
    b->oom = true;
    return;
  }
  char cwd[PATH_MAX];
  w->a = a;
  w->b = b;
  w->cwd = getcwd(cwd, sizeof cwd) ? cwd : "";
  w->first = true;
  mc_strbuf_append(b, "{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", "
                      "\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": "
                      "{\"name\": \"mapcost\", \"rules\": [");
  for (unsigned i = 0; i < NRULES; i++) {
    mc_strbuf_printf(b, "%s\n    {\"id\": \"%s\", \"name\": \"%s\", \"shortDescription\": "
                        "{\"text\": ",
                     i ? "," : "", RULES[i][0], RULES[i][1]);
    mc_strbuf_json_string(b, RULES[i][3]);
    mc_strbuf_append(b, "}, \"fullDescription\": {\"text\": ");
    mc_strbuf_json_string(b, RULES[i][4]);
    mc_strbuf_append(b, "}, \"help\": {\"text\": ");
    mc_strbuf_json_string(b, RULES[i][4]);
    mc_strbuf_printf(b, "}, \"defaultConfiguration\": {\"level\": \"%s\"}}", RULES[i][2]);
  }
  mc_strbuf_append(b, "]}}, ");
  if (w->cwd[0]) {
    mc_strbuf_append(b, "\"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": ");
    bool slash = w->cwd[strlen(w->cwd) - 1] == '/';
    mc_strbuf_json_string(b, nz(mc_sprintf(a, "file://%s%s", uri_encode(a, w->cwd), slash ? "" : "/")));
    mc_strbuf_append(b, "}}, ");
  }
  mc_strbuf_append(b, "\"invocations\": [{\"executionSuccessful\": true}], "
                      "\"columnKind\": \"unicodeCodePoints\", \"results\": [");
  for (unsigned i = 0; i < ks->nkernels; i++)
    kernel_results(w, &results[i]);
  mc_strbuf_append(b, "]}]}\n");
}
