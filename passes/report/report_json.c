/* report_json.c - stage 7: the per-module report of -mapcost-report.
 *
 * JSON: {"version": 1, "source": ..., "arch": ..., "debug_info": ...,
 *        "kernels": [...]} where each kernel has the shape of CONTRACT §3;
 * scripts/mapcost merges these into its own document.
 */
#include "mapcost/report.h"

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
    mc_strbuf_append(b, ", \"races\": []}");
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
  mc_strbuf_append(b, "], \"costs\": [], \"total_cost\": {}}");
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

/* SARIF 2.1.0 with one result per divergent barrier and per inconclusive
 * kernel; the rules for races and costs come with those analyses. */
static void module_sarif(mc_arena *a, const mc_kernels *ks,
                         const mc_kernel_result *results, mc_strbuf *b) {
  mc_strbuf_append(
      b, "{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", "
         "\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": "
         "{\"name\": \"mapcost\", \"rules\": [{\"id\": \"inconclusive\", "
         "\"shortDescription\": {\"text\": \"The analysis could not decide "
         "whether the kernel is race free\"}}, {\"id\": \"barrier-divergence\", "
         "\"shortDescription\": {\"text\": \"A barrier may be reached by some "
         "threads of a block (or warp) and not others\"}}]}}, \"results\": [");
  bool first = true;
  for (unsigned i = 0; i < ks->nkernels; i++) {
    const mc_kernel_result *r = &results[i];
    for (unsigned j = 0; j < r->ndivergences; j++) {
      const mc_barrier_divergence *d = &r->divergences[j];
      mc_strbuf_append(b, first ? "\n  " : ",\n  ");
      first = false;
      const char *msg = mc_sprintf(a, "barrier divergence in kernel '%s': %s is "
                                      "reached only by threads where %s",
                                   r->kernel->name, d->name, d->condition);
      mc_strbuf_append(b, "{\"ruleId\": \"barrier-divergence\", \"level\": "
                          "\"error\", \"message\": {\"text\": ");
      mc_strbuf_json_string(b, msg);
      mc_strbuf_append(b, "}");
      if (d->file) {
        mc_strbuf_append(b, ", \"locations\": [{\"physicalLocation\": "
                            "{\"artifactLocation\": {\"uri\": ");
        mc_strbuf_json_string(b, d->file);
        mc_strbuf_printf(b, "}, \"region\": {\"startLine\": %u, "
                            "\"startColumn\": %u}}}]",
                         d->line, d->column ? d->column : 1);
      }
      mc_strbuf_append(b, "}");
    }
    for (unsigned j = 0; j < r->nreasons && r->verdict == MC_VERDICT_INCONCLUSIVE; j++) {
      mc_strbuf_append(b, first ? "\n  " : ",\n  ");
      first = false;
      const char *msg = mc_sprintf(a, "kernel '%s' is not checked for data races: %s",
                                   r->kernel->name, r->reasons[j]);
      mc_strbuf_append(b, "{\"ruleId\": \"inconclusive\", \"level\": \"warning\", "
                          "\"message\": {\"text\": ");
      mc_strbuf_json_string(b, msg);
      mc_strbuf_append(b, "}");
      if (r->kernel->file) {
        mc_strbuf_append(b, ", \"locations\": [{\"physicalLocation\": "
                            "{\"artifactLocation\": {\"uri\": ");
        mc_strbuf_json_string(b, r->kernel->file);
        mc_strbuf_printf(b, "}, \"region\": {\"startLine\": %u}}}]",
                         r->kernel->line ? r->kernel->line : 1);
      }
      mc_strbuf_append(b, "}");
    }
  }
  mc_strbuf_append(b, "]}]}\n");
}

void mc_report_module(mc_arena *a, const mc_options *o, const mc_kernels *ks,
                      const mc_kernel_result *results, mc_strbuf *out) {
  if (o->report_format == MC_REPORT_SARIF)
    module_sarif(a, ks, results, out);
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
