// 8-byte elements: 32 doubles are 256 bytes, 8 sectors; in shared memory a
// double is two 4-byte words, 64 words in 32 banks: 1 conflict.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void doubles(double *a) {
  __shared__ double s[64];
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = s[31 - threadIdx.x] + s[2 * threadIdx.x];
}

// CHECK: kernel doubles: {{[0-9]+:[0-9]+}} uncoalesced a = 8 (=) measured 8 ok
// CHECK: kernel doubles: {{[0-9]+:[0-9]+}} bank-conflicts s = 1 (=) measured 1 ok
// CHECK: kernel doubles: {{[0-9]+:[0-9]+}} bank-conflicts s = 1 (=) measured 1 ok
// CHECK: kernel doubles: {{[0-9]+:[0-9]+}} bank-conflicts s = 3 (=) measured 3 ok
// CHECK: kernel doubles: {{[0-9]+:[0-9]+}} uncoalesced a = 8 (=) measured 8 ok
// CHECK: kernel doubles: total bank-conflicts = 5 (=) measured 5 ok
// CHECK: kernel doubles: total uncoalesced = 16 (=) measured 16 ok
