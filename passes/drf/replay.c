/* replay.c - stage 5: a confirmed race's witness, run by the interpreter.
 *
 * The witness's launch (block and grid dimensions) and parameter values go
 * to mc_run_kernel, threads one at a time (the interleaving semantics);
 * arrays get room enough. Only the two instructions' accesses go to the
 * shadow: it keeps one write per byte, and another write to the byte in
 * between would hide the pair. The race stays confirmed when the run
 * observes a race between the same two instructions in the same memory.
 */
#include "replay.h"

#include "mapcost/interp.h"

#include <string.h>

bool mc_drf_replay(mc_arena *a, const mc_lockstep *ls, const mc_options *o,
                   int array, const mc_race *race, bool *ran) {
  *ran = false;
  uint64_t threads = 1;
  for (unsigned i = 0; i < 3; i++)
    threads *= (uint64_t)race->block_dim[i] * race->grid_dim[i];
  if (!threads || threads > MC_DRF_REPLAY_THREADS)
    return false;
  mc_options *ro = mc_alloc(a, sizeof *ro);
  mc_run_config *c = mc_alloc(a, sizeof *c);
  if (!ro || !c)
    return false;
  *ro = *o;
  for (unsigned i = 0; i < race->nparams; i++) {
    const mc_witness_value *v = &race->params[i];
    size_t j = 0;
    while (j < ro->nparams && strcmp(ro->params[j].name, v->name))
      j++;
    if (j == MC_MAX_PARAMS || strlen(v->name) >= MC_OPTION_TEXT)
      return false;
    if (j == ro->nparams)
      ro->nparams++;
    strcpy(ro->params[j].name, v->name);
    ro->params[j].value = v->value;
  }
  memcpy(c->block_dim, race->block_dim, sizeof c->block_dim);
  memcpy(c->grid_dim, race->grid_dim, sizeof c->grid_dim);
  c->shared_bytes = 48 * 1024;
  c->lanes = 1;
  c->seed = 1;
  c->watch[0] = race->first.inst;
  c->watch[1] = race->second.inst;
  mc_run_result *res = mc_run_kernel(a, ls, ro, c);
  if (!res || !res->ok)
    return false;
  *ran = true;
  /* the arrays of one region (every extern __shared__ array) are one
   * object there, named by one of them */
  const mc_array *arrays = ls->kernel->arrays;
  for (unsigned i = 0; i < res->nraces; i++) {
    const mc_observed_race *r = &res->races[i];
    LLVMValueRef x = r->first.inst, y = r->second.inst;
    if (r->array >= 0 && arrays[r->array].region == arrays[array].region &&
        r->grid == race->grid &&
        ((x == race->first.inst && y == race->second.inst) ||
         (y == race->first.inst && x == race->second.inst)))
      return true;
  }
  return false;
}
