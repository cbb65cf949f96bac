/* protocol_trace.c - -mapcost-run-protocol-trace: a protocol's denotation.
 *
 * For the property test of stage 4 (test/property/protocol.test): the
 * accesses that the protocol of each kernel says the launch makes, in the
 * keys of the interpreter's -mapcost-run-trace, so that a script can check
 * that every access the interpreter observes is one of them, and that they
 * are the same where the protocol is exact:
 *
 *   kernel=K block=0,0,0 tid=3,0,0 phase=1 array=s offset=12 bytes=4
 *   kind=read inst=17 maybe=0 exact=1
 *
 * `phase`, `array` and `offset` are `*` where the protocol allows any;
 * `exact` is whether the array's protocol is exact. A line `error=...`
 * reports a closed form or last iteration that disagrees with iterating.
 * Then the lines of mc_drf_write_together (`together=A,B`), which the
 * script compares with the phases denoted here.
 */
#include "driver.h"

#include "mapcost/drf.h"
#include "mapcost/protocol.h"

#include <string.h>

typedef struct {
  FILE *f;
  const mc_protocol *p;
  const bool *exact; /* per region */
} writer;

static void write_access(void *user, const mc_denoted_access *d) {
  writer *w = user;
  const mc_access *x = d->node->access;
  const mc_kernel *k = w->p->kernel;
  fprintf(w->f, "kernel=%s block=%u,%u,%u tid=%u,%u,%u ", k->name, d->block[0], d->block[1],
          d->block[2], d->tid[0], d->tid[1], d->tid[2]);
  if (d->any_phase)
    fputs("phase=* ", w->f);
  else
    fprintf(w->f, "phase=%llu ", (unsigned long long)d->phase);
  const char *named = mc_access_array_name(k, x);
  fprintf(w->f, "array=%s ", named ? named : "*");
  if (d->any_offset)
    fputs("offset=* bytes=* ", w->f);
  else
    fprintf(w->f, "offset=%llu bytes=%llu ", (unsigned long long)d->offset,
            (unsigned long long)d->bytes);
  fprintf(w->f, "kind=%s inst=%u maybe=%d exact=%d\n", mc_access_kind_name(x->kind),
          mc_inst_ordinal(x->inst), d->maybe,
          x->base == MC_BASE_ARRAY && w->exact[x->region]);
}

bool mc_write_protocol_trace(mc_arena *a, const mc_kernel *k, const mc_options *o,
                             const unsigned block_dim[3], const unsigned grid_dim[3],
                             FILE *f) {
  mc_protocol *p = mc_protocol_build(a, k, o);
  uint64_t *params = mc_alloc(a, (k->nparams + 1) * sizeof *params);
  bool *has = mc_alloc(a, (k->nparams + 1) * sizeof *has);
  bool *exact = mc_alloc(a, (k->narrays + 1) * sizeof *exact);
  if (!p || !params || !has || !exact)
    return false;
  for (unsigned i = 0; i < k->nparams; i++)
    for (size_t j = 0; j < o->nparams; j++)
      if (!strcmp(o->params[j].name, k->params[i].name)) {
        params[i] = (uint64_t)o->params[j].value;
        has[i] = true;
      }
  for (unsigned r = 0; r < k->narrays; r++)
    exact[r] = mc_protocol_exact(p, (int)r, NULL);
  if (p->failed)
    fprintf(f, "kernel=%s error=%s\n", k->name, p->failed);
  writer w = {f, p, exact};
  const char *error;
  if (!mc_protocol_denote(p, block_dim, grid_dim, params, has, o->run_steps, write_access,
                          &w, &error))
    return false;
  if (error)
    fprintf(f, "kernel=%s error=%s\n", k->name, error);
  /* the barrier intervals' encoding, for the same launch */
  mc_strbuf pairs = {0};
  mc_drf_write_together(a, p, o, &pairs);
  fputs(mc_strbuf_str(&pairs), f);
  bool ok = !pairs.oom;
  mc_strbuf_free(&pairs);
  return ok;
}
