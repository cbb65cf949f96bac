// The work-efficient scan of GPU Gems 3 (ch. 39), with and without its
// offsets that avoid bank conflicts, at the launch GPUVerify's and Faial's
// suites give it: one block of n / 2 threads. Its up-sweep halves a signed
// d (`d >>= 1`, an arithmetic shift: its closed form is (n >> 1) >> k), and
// the down-sweep starts from the offset the up-sweep leaves: 1 << its exit
// iteration, which the loop's test pins (the first iteration whose d is 0).
// Without the pin, the offset is any power of two and the write of
// temp[n - 1] after the up-sweep meets the up-sweep's earlier iterations.
// Where n is not a power of two the down-sweep's offset reaches 0 while
// threads still run it, and they all write temp[-1].
//
// RUN: %rc %mapcost --format=text --metric=drf --block-dim=256 --grid-dim=1 --param n=512 %s > %t.txt
// RUN: FileCheck %s < %t.txt
// RUN: %rc %mapcost --format=text --metric=drf --block-dim=3 --grid-dim=1 --param n=6 --kernel=prescan %s > %t.six.txt
// RUN: FileCheck %s --check-prefix=SIX < %t.six.txt
#define CONFLICT_FREE_OFFSET(n) ((n) >> 5)

__global__ void prescan(float *g_odata, float *g_idata, int n) {
  extern __shared__ float temp[];
  int thid = threadIdx.x;
  int offset = 1;
  temp[2 * thid] = g_idata[2 * thid];
  temp[2 * thid + 1] = g_idata[2 * thid + 1];
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (thid == 0)
    temp[n - 1] = 0;
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  g_odata[2 * thid] = temp[2 * thid];
  g_odata[2 * thid + 1] = temp[2 * thid + 1];
}
// CHECK-LABEL: kernel prescan
// CHECK-NEXT:  checked: block, grid scope
// CHECK:       array temp {{.*}} drf
// SIX-LABEL:   kernel prescan
// SIX:         race on temp (shared, block scope): write-write, confirmed
// SIX:         witness: {{.*}} index=[-1] byte_offset=-4

__global__ void prescan_bcao(float *g_odata, float *g_idata, int n) {
  extern __shared__ float temp[];
  int thid = threadIdx.x;
  int offset = 1;
  int ai = thid, bi = thid + (n / 2);
  int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
  int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
  temp[ai + bankOffsetA] = g_idata[ai];
  temp[bi + bankOffsetB] = g_idata[bi];
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      ai += CONFLICT_FREE_OFFSET(ai);
      bi += CONFLICT_FREE_OFFSET(bi);
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (thid == 0)
    temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)] = 0;
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      ai += CONFLICT_FREE_OFFSET(ai);
      bi += CONFLICT_FREE_OFFSET(bi);
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  g_odata[ai] = temp[ai + bankOffsetA];
  g_odata[bi] = temp[bi + bankOffsetB];
}
// CHECK-LABEL: kernel prescan_bcao
// CHECK-NEXT:  checked: block, grid scope
// CHECK:       array temp {{.*}} drf
// CHECK:       summary: 1 file, 2 kernels: 2 drf
// CHECK:       exit status 0
