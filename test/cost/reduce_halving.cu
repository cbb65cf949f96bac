// A halving reduction with sequential addressing (reduce2): no bank
// conflicts; the loop runs log2(256) times, simulated per warp.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=256 --grid-dim=2 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void reduce(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} uncoalesced in = 4 (=) measured 4 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} uncoalesced out = 1 (=) measured 1 ok
// CHECK: kernel reduce: total bank-conflicts = 0 (=) measured 0 ok
// CHECK: kernel reduce: total uncoalesced = 5 (=) measured 5 ok
