// Shared strides: 1 word (0), 2 words (1), 32 words (31), 33 words (0),
// the same word (broadcast, 0), two threads per word (0).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void banks(float *out) {
  __shared__ float s[32 * 33];
  float x = s[threadIdx.x] + s[2 * threadIdx.x] + s[32 * threadIdx.x];
  x += s[33 * threadIdx.x] + s[5] + s[threadIdx.x / 2];
  out[threadIdx.x] = x;
}

// CHECK: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 1 (=) measured 1 ok
// CHECK: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 31 (=) measured 31 ok
// CHECK: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel banks: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// CHECK: kernel banks: total bank-conflicts = 32 (=) measured 32 ok
// CHECK: kernel banks: total uncoalesced = 4 (=) measured 4 ok
