// A block of 20 threads: one partial warp, 20 lanes of a column.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=20 --grid-dim=1 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void partial(float *a) {
  a[threadIdx.x * 64] = 1.0f;
}

// CHECK: kernel partial: {{[0-9]+:[0-9]+}} uncoalesced a = 20 (=) measured 20 ok
// CHECK: kernel partial: total uncoalesced = 20 (=) measured 20 ok
