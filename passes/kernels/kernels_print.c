/* kernels_print.c - the printer of print<mapcost-kernels>: one stable block
 * per kernel, for FileCheck and for users who want to see what was found. */
#include "mapcost/kernels.h"

#include "mapcost/facts.h"

static void print_dims(mc_strbuf *out, const char *what, const unsigned d[3]) {
  if (d[0])
    mc_strbuf_printf(out, " %s %u,%u,%u", what, d[0], d[1] ? d[1] : 1,
                     d[2] ? d[2] : 1);
}

void mc_kernels_print(const mc_kernels *ks, mc_strbuf *out) {
  mc_arena *a = mc_arena_new();
  if (!a)
    return;
  mc_strbuf_printf(out, "mapcost kernels of %s (%s, %s)\n", ks->source,
                   ks->arch ? ks->arch : "no target-cpu",
                   ks->has_debug_info ? "debug info" : "no debug info");
  for (unsigned i = 0; i < ks->nkernels; i++) {
    const mc_kernel *k = &ks->kernels[i];
    mc_strbuf_printf(out, "kernel %s mangled %s", k->name, k->mangled);
    if (k->file)
      mc_strbuf_printf(out, " at %s:%u", k->file, k->line);
    mc_strbuf_append(out, "\n");
    for (unsigned p = 0; p < k->nparams; p++)
      mc_strbuf_printf(out, "  param %u %s: %s\n", p, k->params[p].name,
                       k->params[p].type);
    for (unsigned r = 0; r < k->narrays; r++) {
      const mc_array *arr = &k->arrays[r];
      mc_strbuf_printf(out, "  array %s: %s %s", arr->name,
                       mc_space_name(arr->space), mc_array_type_text(a, arr));
      if (arr->kind == MC_ARRAY_PARAM)
        mc_strbuf_printf(out, " (param %d)", arr->param_index);
      if (arr->bytes)
        mc_strbuf_printf(out, " %llu bytes", (unsigned long long)arr->bytes);
      mc_strbuf_append(out, "\n");
    }
    const mc_launch_bounds *b = &k->bounds;
    if (b->maxntid[0] || b->reqntid[0] || b->minctasm) {
      mc_strbuf_append(out, "  launch bounds:");
      print_dims(out, "maxntid", b->maxntid);
      print_dims(out, "reqntid", b->reqntid);
      if (b->minctasm)
        mc_strbuf_printf(out, " minctasm %u", b->minctasm);
      mc_strbuf_append(out, "\n");
    }
    mc_facts_print(k, out);
  }
  mc_arena_free(a);
}
