// Seed 000's addSub kernels: a loop over rows of width w with the threads on
// columns (coalesced) and on rows (a column walk).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param w=64 --param h=3 --static-param w=64 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void addSub(float *a, const float *b, int w, int h) {
  for (int r = 0; r < h; r++)
    a[r * w + threadIdx.x] += b[r * w + threadIdx.x];
}
__global__ void addSubT(float *a, int w, int h) {
  for (int r = 0; r < h; r++)
    a[threadIdx.x * w + r] -= 1.0f;
}

// CHECK: kernel addSub: {{[0-9]+:[0-9]+}} uncoalesced b = 12 (=) measured 12 ok
// CHECK: kernel addSub: {{[0-9]+:[0-9]+}} uncoalesced a = 12 (=) measured 12 ok
// CHECK: kernel addSub: {{[0-9]+:[0-9]+}} uncoalesced a = 12 (=) measured 12 ok
// CHECK: kernel addSub: total uncoalesced = 36 (=) measured 36 ok
// CHECK: kernel addSubT: {{[0-9]+:[0-9]+}} uncoalesced a = 96 (=) measured 96 ok
// CHECK: kernel addSubT: {{[0-9]+:[0-9]+}} uncoalesced a = 96 (=) measured 96 ok
// CHECK: kernel addSubT: total uncoalesced = 192 (=) measured 192 ok
