// The queries print<mapcost-drf> shows: an access is asked against the
// accesses that may share its barrier interval and may touch its bytes in
// another thread; the others (`against K of N`) cannot race with it and are
// not put to the solver. A race within one interval is still found.
//
// RUN: %cuda_device -I %runtime -O2 -g -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-drf>' -disable-output %t.ll \
// RUN:   2>&1 | FileCheck %s
#include <mapcost.h>

// CHECK-LABEL: drf phases
// CHECK:       array s
// Each write shares its interval only with itself (one candidate, asked
// as it is); the read, only with the first write, which a barrier always
// separates from it: not asked.
// CHECK-NEXT:  query block write [[#@LINE+8]]:{{[0-9]+}} against 1 of 3: none
// CHECK-NEXT:  query block read [[#@LINE+9]]:{{[0-9]+}} against 0 of 1: none
// CHECK-NEXT:  query block write [[#@LINE+10]]:{{[0-9]+}} against 1: none
// CHECK-NEXT:  verdict drf
__global__ void phases(int *out) {
  __shared__ int s[256];
  __mapcost_requires(blockDim.x <= 256);
  unsigned t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  int x = s[(t + 1) % blockDim.x];
  __syncthreads();
  s[t] = x;
  out[blockIdx.x * blockDim.x + t] = s[t];
}

// CHECK-LABEL: drf shift
// CHECK:       array s
// Two candidates share the write's interval: s[t] of another thread never
// meets its bytes (dropped by the query over offsets), the neighbour's
// read does.
// CHECK-NEXT:  query block write [[#@LINE+6]]:{{[0-9]+}} against 1 of 2: race with read [[#@LINE+7]]:{{[0-9]+}}
// CHECK-NEXT:  verdict race
__global__ void shift(int *out) {
  __shared__ int s[256];
  __mapcost_requires(blockDim.x <= 256);
  unsigned t = threadIdx.x;
  s[t] = t;
  int x = s[(t + 1) % blockDim.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = x;
}

// A read and a write of one element, under one guard with no barrier
// between them (`a[i] += v`): the write's queries answer for the read's
// (thread 2 meets the read wherever it meets the write), so a racy one is
// one write-write race, not two. A read of another element is asked.
// CHECK-LABEL: drf accumulate
// CHECK:       query block read [[#@LINE+11]]:{{[0-9]+}}: answered by write [[#@LINE+11]]:{{[0-9]+}}
// CHECK-NEXT:  query block write [[#@LINE+10]]:{{[0-9]+}} against 1: race with write [[#@LINE+10]]:{{[0-9]+}}
// CHECK:       query grid read [[#@LINE+9]]:{{[0-9]+}}: answered by write [[#@LINE+9]]:{{[0-9]+}}
// CHECK-NEXT:  query grid write [[#@LINE+8]]:{{[0-9]+}} against 1: race with write [[#@LINE+8]]:{{[0-9]+}}
// CHECK-NEXT:  verdict race
// CHECK:       query block read [[#@LINE+7]]:{{[0-9]+}} against 1: race with write [[#@LINE+7]]:{{[0-9]+}}
// CHECK-NEXT:  query block write [[#@LINE+6]]:{{[0-9]+}} against 1: none
// CHECK:       verdict race
__global__ void accumulate(float *a, float *c, const float *b, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    a[i % 32] += b[i];
    c[i] = c[i + 1] + 1;
  }
}
