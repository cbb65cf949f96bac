// A triangular nest: the inner loop runs r times in row r, the sum of
// 0..n-1 iterations of 4 sectors: 4 * n * (n - 1) / 2.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param n=6 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void tri(float *a, int n) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < r; c++)
      a[c * 32 + threadIdx.x] += 1.0f;
}

// CHECK: kernel tri: {{[0-9]+:[0-9]+}} uncoalesced a = 60 (=) measured 60 ok
// CHECK: kernel tri: {{[0-9]+:[0-9]+}} uncoalesced a = 60 (=) measured 60 ok
// CHECK: kernel tri: total uncoalesced = 120 (=) measured 120 ok
