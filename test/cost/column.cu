// A column of a row-major matrix 32 floats wide: one sector per thread.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=2 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void column(float *m, float *out) {
  out[threadIdx.x] = m[threadIdx.x * 32 + blockIdx.x];
}

// CHECK: kernel column: {{[0-9]+:[0-9]+}} uncoalesced m = 32 (=) measured 32 ok
// CHECK: kernel column: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// CHECK: kernel column: total uncoalesced = 36 (=) measured 36 ok
