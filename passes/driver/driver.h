/* driver.h - what the driver's files share. */
#ifndef MAPCOST_DRIVER_H
#define MAPCOST_DRIVER_H

#include "mapcost/kernels.h"
#include "mapcost/options.h"
#include "mapcost/support.h"

#include <stdio.h>

/* -mapcost-run-protocol-trace: the accesses the protocol of k denotes for
 * the launch (protocol_trace.c), one line per access of one thread, in the
 * keys of -mapcost-run-trace. False when out of memory. */
bool mc_write_protocol_trace(mc_arena *a, const mc_kernel *k, const mc_options *o,
                             const unsigned block_dim[3], const unsigned grid_dim[3],
                             FILE *f);

#endif
