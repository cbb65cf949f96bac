// The cost differs between warps: warp 0 reads consecutive floats (4),
// warp 1 a column (32). Each access reports its worst warp; the total is
// the worst warp's sum (32), not the sum of the worst (36).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void differ(float *a) {
  if (threadIdx.x < 32)
    a[threadIdx.x] = 0;
  else
    a[threadIdx.x * 32] = 0;
}

// CHECK: kernel differ: {{[0-9]+:[0-9]+}} uncoalesced a = 4 (=) measured 4 ok
// CHECK: kernel differ: {{[0-9]+:[0-9]+}} uncoalesced a = 32 (=) measured 32 ok
// CHECK: kernel differ: total uncoalesced = 32 (=) measured 32 ok
