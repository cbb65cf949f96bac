// Shared bins indexed by data: the bank of each thread is unknown, up to
// 31 conflicts (seed 000: RaCUDA's 7 for data % 256 is wrong).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void hist(const unsigned *data, unsigned *bins) {
  __shared__ unsigned s[256];
  s[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&s[data[threadIdx.x] % 256], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], s[threadIdx.x]);
}

// CHECK: kernel hist: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel hist: {{[0-9]+:[0-9]+}} uncoalesced data = 4 (=) measured 4 ok
// CHECK: kernel hist: {{[0-9]+:[0-9]+}} bank-conflicts s = 31 (<=) unpaired
// CHECK: kernel hist: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// CHECK: kernel hist: {{[0-9]+:[0-9]+}} uncoalesced bins = 4 (=) unpaired
// CHECK: kernel hist: total bank-conflicts = 31 (<=) measured 2 ok
// CHECK: kernel hist: total uncoalesced = 8 (=) measured 8 ok
