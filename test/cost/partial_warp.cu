// A block of 40 threads: the second warp has 8 lanes. Stride 8 floats is a
// sector per thread: 32 for the full warp, the maximum.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=40 --grid-dim=2 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void partial(float *a) {
  a[threadIdx.x * 8] = 1.0f;
}

// CHECK: kernel partial: {{[0-9]+:[0-9]+}} uncoalesced a = 32 (=) measured 32 ok
// CHECK: kernel partial: total uncoalesced = 32 (=) measured 32 ok
