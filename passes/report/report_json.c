/* report_json.c - stage 7: the per-module report of -mapcost-report.
 *
 * JSON: {"version": 1, "source": ..., "arch": ..., "debug_info": ...,
 *        "kernels": [...]} where each kernel has the shape of CONTRACT §3;
 * scripts/mapcost merges these into its own document.
 */
#include "mapcost/report.h"

#include "mapcost/facts.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *mc_verdict_name(mc_verdict v) {
  switch (v) {
  case MC_VERDICT_DRF: return "drf";
  case MC_VERDICT_RACE: return "race";
  case MC_VERDICT_BARRIER_DIVERGENCE: return "barrier-divergence";
  case MC_VERDICT_INCONCLUSIVE: return "inconclusive";
  }
  return "inconclusive";
}

const char *mc_metric_name(mc_metric m) {
  return m == MC_METRIC_BANK_CONFLICTS ? "bank-conflicts" : "uncoalesced";
}

const char *mc_report_suppressed(const mc_kernel *k, int array,
                                 const mc_race *race) {
  if (race->suppressed)
    return race->suppress_reason ? race->suppress_reason : "";
  for (unsigned i = 0; i < k->nfacts; i++)
    if (k->facts[i].kind == MC_FACT_SUPPRESS && k->facts[i].array == array)
      return k->facts[i].reason ? k->facts[i].reason : "";
  return NULL;
}

static void key(mc_strbuf *b, const char *k) {
  mc_strbuf_json_string(b, k);
  mc_strbuf_append(b, ": ");
}

static void string_list(mc_strbuf *b, const char *const *items, unsigned n) {
  mc_strbuf_append(b, "[");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      mc_strbuf_append(b, ", ");
    mc_strbuf_json_string(b, items[i]);
  }
  mc_strbuf_append(b, "]");
}

static void dims(mc_strbuf *b, const unsigned d[3]) {
  mc_strbuf_printf(b, "[%u, %u, %u]", d[0], d[1], d[2]);
}

void mc_report_kernel_identity(const mc_kernel *k, mc_strbuf *b) {
  key(b, "name");
  mc_strbuf_json_string(b, k->name);
  mc_strbuf_append(b, ", ");
  key(b, "mangled");
  mc_strbuf_json_string(b, k->mangled);
  if (k->file) {
    mc_strbuf_append(b, ", ");
    key(b, "file");
    mc_strbuf_json_string(b, k->file);
    mc_strbuf_printf(b, ", \"line\": %u", k->line);
  }
}

void mc_report_kernel_params(const mc_kernel *k, mc_strbuf *b) {
  key(b, "params");
  mc_strbuf_append(b, "[");
  for (unsigned i = 0; i < k->nparams; i++) {
    mc_strbuf_append(b, i ? ", {" : "{");
    key(b, "name");
    mc_strbuf_json_string(b, k->params[i].name);
    mc_strbuf_append(b, ", ");
    key(b, "type");
    mc_strbuf_json_string(b, k->params[i].type);
    mc_strbuf_append(b, "}");
  }
  mc_strbuf_append(b, "]");
}

static void site(mc_strbuf *b, const mc_race_site *s) {
  mc_strbuf_printf(b, "{\"line\": %u, \"column\": %u, \"access\": ", s->line,
                   s->column);
  mc_strbuf_json_string(b, s->access ? s->access : "read");
  if (s->file) {
    mc_strbuf_append(b, ", \"file\": ");
    mc_strbuf_json_string(b, s->file);
  }
  mc_strbuf_append(b, "}");
}

static void named_values(mc_strbuf *b, const mc_witness_value *v, unsigned n) {
  mc_strbuf_append(b, "{");
  for (unsigned i = 0; i < n; i++) {
    mc_strbuf_append(b, i ? ", " : "");
    key(b, v[i].name);
    mc_strbuf_printf(b, "%lld", (long long)v[i].value);
  }
  mc_strbuf_append(b, "}");
}

/* A race as in CONTRACT §3, with "approximated" for a possible race and
 * "suppressed"/"suppress_reason" for an accepted one. */
static void race_json(const mc_kernel *k, int array, const mc_race *r,
                      mc_strbuf *b) {
  mc_strbuf_printf(b, "{\"kind\": \"%s\", \"certainty\": \"%s\", \"scope\": \"%s\", ",
                   r->write_write ? "write-write" : "read-write",
                   r->confirmed ? "confirmed" : "possible", r->grid ? "grid" : "block");
  key(b, "first");
  site(b, &r->first);
  mc_strbuf_append(b, ", ");
  key(b, "second");
  site(b, &r->second);
  mc_strbuf_append(b, ", \"witness\": {\"tid1\": ");
  dims(b, r->tid1);
  mc_strbuf_append(b, ", \"tid2\": ");
  dims(b, r->tid2);
  mc_strbuf_append(b, ", \"block1\": ");
  dims(b, r->block1);
  mc_strbuf_append(b, ", \"block2\": ");
  dims(b, r->block2);
  mc_strbuf_append(b, ", \"block_dim\": ");
  dims(b, r->block_dim);
  mc_strbuf_append(b, ", \"grid_dim\": ");
  dims(b, r->grid_dim);
  mc_strbuf_append(b, ", \"index\": [");
  for (unsigned i = 0; i < r->nindex && i < 3; i++)
    mc_strbuf_printf(b, "%s%lld", i ? ", " : "", (long long)r->index[i]);
  mc_strbuf_printf(b, "], \"byte_offset\": %lld, \"iterations\": ",
                   (long long)r->byte_offset);
  named_values(b, r->iterations, r->niterations);
  mc_strbuf_append(b, ", \"params\": ");
  named_values(b, r->params, r->nparams);
  mc_strbuf_append(b, "}");
  if (!r->confirmed && r->approximated) {
    mc_strbuf_append(b, ", \"approximated\": ");
    mc_strbuf_json_string(b, r->approximated);
  }
  const char *why = mc_report_suppressed(k, array, r);
  if (why) {
    mc_strbuf_append(b, ", \"suppressed\": true, \"suppress_reason\": ");
    mc_strbuf_json_string(b, why);
  }
  mc_strbuf_append(b, "}");
}

static void cost_json(const mc_kernel *k, const mc_cost *c, mc_strbuf *b) {
  mc_strbuf_append(b, "{\"array\": ");
  mc_strbuf_json_string(b, c->array >= 0 && (unsigned)c->array < k->narrays
                               ? k->arrays[c->array].name : "?");
  mc_strbuf_printf(b, ", \"metric\": \"%s\", \"line\": %u, \"column\": %u, \"cost\": ",
                   mc_metric_name(c->metric), c->line, c->column);
  mc_strbuf_json_string(b, c->cost ? c->cost : "?");
  mc_strbuf_printf(b, ", \"relation\": \"%s\"", c->exact ? "=" : "<=");
  if (c->why) {
    mc_strbuf_append(b, ", \"why\": ");
    mc_strbuf_json_string(b, c->why);
  }
  mc_strbuf_append(b, "}");
}

void mc_report_kernel_json(mc_arena *a, const mc_kernel_result *r,
                           mc_strbuf *b) {
  const mc_kernel *k = r->kernel;
  mc_strbuf_append(b, "{");
  mc_report_kernel_identity(k, b);
  mc_strbuf_append(b, ", ");
  key(b, "verdict");
  mc_strbuf_json_string(b, mc_verdict_name(r->verdict));
  mc_strbuf_printf(b, ", \"checked\": {\"block\": %s, \"grid\": %s}",
                   r->checked_block ? "true" : "false",
                   r->checked_grid ? "true" : "false");
  mc_strbuf_append(b, ", ");
  key(b, "assumptions");
  string_list(b, r->assumptions, r->nassumptions);
  mc_strbuf_append(b, ", ");
  key(b, "reasons");
  string_list(b, r->reasons, r->nreasons);
  mc_strbuf_append(b, ", ");
  mc_report_kernel_params(k, b);
  mc_strbuf_append(b, ", ");
  key(b, "arrays");
  mc_strbuf_append(b, "[");
  for (unsigned i = 0; i < k->narrays; i++) {
    const mc_array *arr = &k->arrays[i];
    mc_strbuf_append(b, i ? ", {" : "{");
    key(b, "name");
    mc_strbuf_json_string(b, arr->name);
    mc_strbuf_append(b, ", ");
    key(b, "space");
    mc_strbuf_json_string(b, mc_space_name(arr->space));
    mc_strbuf_append(b, ", ");
    key(b, "type");
    mc_strbuf_json_string(b, mc_array_type_text(a, arr));
    mc_strbuf_append(b, ", ");
    key(b, "verdict");
    mc_strbuf_json_string(b, mc_verdict_name(r->arrays[i].verdict));
    if (r->arrays[i].verdict == MC_VERDICT_INCONCLUSIVE && r->arrays[i].reason) {
      mc_strbuf_append(b, ", ");
      key(b, "reason");
      mc_strbuf_json_string(b, r->arrays[i].reason);
    }
    mc_strbuf_append(b, ", \"races\": [");
    for (unsigned j = 0; j < r->arrays[i].nraces; j++) {
      mc_strbuf_append(b, j ? ", " : "");
      race_json(k, (int)i, &r->arrays[i].races[j], b);
    }
    mc_strbuf_append(b, "]}");
  }
  mc_strbuf_append(b, "], \"launch_bounds\": {\"maxntid\": ");
  dims(b, k->bounds.maxntid);
  mc_strbuf_append(b, ", \"reqntid\": ");
  dims(b, k->bounds.reqntid);
  mc_strbuf_printf(b, ", \"minctasm\": %u}", k->bounds.minctasm);
  mc_strbuf_append(b, ", \"barrier_divergence\": [");
  for (unsigned i = 0; i < r->ndivergences; i++) {
    const mc_barrier_divergence *d = &r->divergences[i];
    mc_strbuf_printf(b, "%s{\"line\": %u, \"column\": %u, \"condition\": ",
                     i ? ", " : "", d->line, d->column);
    mc_strbuf_json_string(b, d->condition);
    mc_strbuf_append(b, ", \"barrier\": ");
    mc_strbuf_json_string(b, d->name);
    mc_strbuf_printf(b, ", \"scope\": \"%s\", \"reason\": ", d->warp ? "warp" : "block");
    mc_strbuf_json_string(b, d->reason);
    mc_strbuf_append(b, "}");
  }
  mc_strbuf_append(b, "], \"costs\": [");
  for (unsigned i = 0; i < r->ncosts; i++) {
    mc_strbuf_append(b, i ? ", " : "");
    cost_json(k, &r->costs[i], b);
  }
  mc_strbuf_append(b, "], \"total_cost\": {");
  for (unsigned i = 0; i < r->ntotals; i++) {
    const mc_cost *t = &r->totals[i];
    mc_strbuf_printf(b, "%s\"%s\": {\"cost\": ", i ? ", " : "", mc_metric_name(t->metric));
    mc_strbuf_json_string(b, t->cost ? t->cost : "?");
    mc_strbuf_printf(b, ", \"relation\": \"%s\"}", t->exact ? "=" : "<=");
  }
  mc_strbuf_append(b, "}");
  if (r->extra_json)
    mc_strbuf_append(b, r->extra_json);
  mc_strbuf_append(b, "}");
}

static void module_json(mc_arena *a, const mc_kernels *ks,
                        const mc_kernel_result *results, mc_strbuf *b) {
  mc_strbuf_append(b, "{\"version\": 1, ");
  key(b, "source");
  mc_strbuf_json_string(b, ks->source);
  mc_strbuf_append(b, ", ");
  key(b, "arch");
  if (ks->arch)
    mc_strbuf_json_string(b, ks->arch);
  else
    mc_strbuf_append(b, "null");
  mc_strbuf_printf(b, ", \"debug_info\": %s, \"kernels\": [",
                   ks->has_debug_info ? "true" : "false");
  for (unsigned i = 0; i < ks->nkernels; i++) {
    mc_strbuf_append(b, i ? ",\n  " : "\n  ");
    mc_report_kernel_json(a, &results[i], b);
  }
  mc_strbuf_append(b, "]}\n");
}

void mc_report_module(mc_arena *a, const mc_options *o, const mc_kernels *ks,
                      const mc_kernel_result *results, mc_strbuf *out) {
  if (o->report_format == MC_REPORT_SARIF)
    mc_report_module_sarif(a, ks, results, out);
  else
    module_json(a, ks, results, out);
}

/* DIR/<source base>.<arch>.<n>.json, created exclusively: parallel compiles
 * of the same file for the same architecture take different n. */
bool mc_report_write(const mc_options *o, const mc_kernels *ks,
                     const char *text, char *err, size_t errlen) {
  const char *base = strrchr(ks->source, '/');
  base = base ? base + 1 : ks->source;
  if (!*base)
    base = "module";
  const char *ext = o->report_format == MC_REPORT_SARIF ? "sarif" : "json";
  mkdir(o->report_dir, 0777); /* an existing directory is fine */
  char path[8192];
  int fd = -1;
  for (unsigned n = 0; fd < 0 && n < 100000; n++) {
    snprintf(path, sizeof path, "%s/%s.%s.%u.%s", o->report_dir, base,
             ks->arch ? ks->arch : "nvptx", n, ext);
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0 && errno != EEXIST)
      break;
  }
  if (fd < 0) {
    snprintf(err, errlen, "cannot write a report into '%s': %s",
             o->report_dir, strerror(errno));
    return false;
  }
  size_t len = strlen(text), done = 0;
  while (done < len) {
    ssize_t w = write(fd, text + done, len - done);
    if (w <= 0) {
      snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
      close(fd);
      return false;
    }
    done += (size_t)w;
  }
  close(fd);
  return true;
}
