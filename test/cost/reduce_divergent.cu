// Divergent-branch addressing (reduce0): t % (2k) == 0 threads work;
// few active threads, no conflicts (stride 2k words below 32 banks wraps).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=128 --grid-dim=1 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void reduce(const float *in, float *out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned k = 1; k < blockDim.x; k *= 2) {
    if (t % (2 * k) == 0)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    out[0] = s[0];
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
