// Interleaved addressing (reduce1): index 2*k*t makes 2-, 4-, ... way
// conflicts as k doubles.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=256 --grid-dim=1 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void reduce(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned k = 1; k < blockDim.x; k *= 2) {
    unsigned i = 2 * k * t;
    if (i < blockDim.x)
      s[i] += s[i + k];
    __syncthreads();
  }
  if (t == 0)
    out[0] = s[0];
}

// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} uncoalesced in = 4 (=) measured 4 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} bank-conflicts s = 29 (=) measured 29 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} bank-conflicts s = 29 (=) measured 29 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} bank-conflicts s = 29 (=) measured 29 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel reduce: {{[0-9]+:[0-9]+}} uncoalesced out = 1 (=) measured 1 ok
// CHECK: kernel reduce: total bank-conflicts = 87 (=) measured 87 ok
// CHECK: kernel reduce: total uncoalesced = 5 (=) measured 5 ok
