// A uniform loop over rows: 4 sectors per iteration, n iterations, exact.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=128 --grid-dim=1 --param n=5 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void rows(float *a, int n) {
  for (int r = 0; r < n; r++)
    a[r * 128 + threadIdx.x] += 1.0f;
}

// CHECK: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced a = 20 (=) measured 20 ok
// CHECK: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced a = 20 (=) measured 20 ok
// CHECK: kernel rows: total uncoalesced = 40 (=) measured 40 ok
