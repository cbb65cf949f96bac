/* replay.h - the interpreter as the judge of confirmed races (replay.c).
 *
 * Kept apart from drf_internal.h: interp.h and access.h name their access
 * kinds alike, so no file includes both. */
#ifndef MAPCOST_DRF_REPLAY_H
#define MAPCOST_DRF_REPLAY_H

#include "mapcost/lockstep.h"
#include "mapcost/options.h"
#include "mapcost/report.h"

/* Threads a replay may run (blocks times threads per block). */
enum { MC_DRF_REPLAY_THREADS = 1u << 14 };

/* Runs the kernel of ls with the witness of `race` (its dimensions and
 * parameter values) and says whether the interpreter observes a race
 * between the race's two instructions on array `array`. *ran is false when
 * the run could not be made or stopped (too many threads, a step budget,
 * an instruction it cannot execute): then the answer says nothing. */
bool mc_drf_replay(mc_arena *a, const mc_lockstep *ls, const mc_options *o,
                   int array, const mc_race *race, bool *ran);

#endif
