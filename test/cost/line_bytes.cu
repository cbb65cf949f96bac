// The cost model's options: with 128-byte lines a coalesced warp is one
// line; with 16 banks 32 consecutive words are 2 per bank (1 conflict) and
// a stride of 16 words puts all 32 in one bank (31).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --line-bytes=128 --banks=16 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void model(float *a) {
  __shared__ float s[1024];
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = s[16 * threadIdx.x];
}

// CHECK: kernel model: {{[0-9]+:[0-9]+}} uncoalesced a = 1 (=) measured 1 ok
// CHECK: kernel model: {{[0-9]+:[0-9]+}} bank-conflicts s = 1 (=) measured 1 ok
// CHECK: kernel model: {{[0-9]+:[0-9]+}} bank-conflicts s = 31 (=) measured 31 ok
// CHECK: kernel model: {{[0-9]+:[0-9]+}} uncoalesced a = 1 (=) measured 1 ok
// CHECK: kernel model: total bank-conflicts = 32 (=) measured 32 ok
// CHECK: kernel model: total uncoalesced = 2 (=) measured 2 ok
