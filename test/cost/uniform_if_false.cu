// The same kernel, run with the condition false: the formula gives 0.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param n=3 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void guarded(float *a, int n) {
  if (n > 5)
    a[threadIdx.x] = 0;
}

// CHECK: kernel guarded: {{[0-9]+:[0-9]+}} uncoalesced a = 0 (=) measured 0 ok
// CHECK: kernel guarded: total uncoalesced = 0 (=) measured 0 ok
