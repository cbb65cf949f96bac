// print<mapcost-drf> shows each access's barrier interval. Inside nested
// synchronized loops that may each run zero times (here at -O0) the name
// shares its parts (the end of each loop's previous iteration); it is
// printed with lets, not as a tree that doubles with each loop.
//
// RUN: %cuda_device -I %runtime -O0 -g -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-drf>' -disable-output %t.ll \
// RUN:   2>&1 | FileCheck %s
#include <mapcost.h>

// CHECK-LABEL: drf nested
// CHECK:       interval write [[#@LINE+11]]:{{[0-9]+}}: (let ((a!1
// CHECK:       array s
// CHECK:       verdict drf
__global__ void nested(int *out, int n) {
  __shared__ int s[256];
  __mapcost_requires(blockDim.x <= 256);
  unsigned t = threadIdx.x;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        for (int l = 0; l < n; l++) {
          s[t] += l;
          __syncthreads();
        }
  out[blockIdx.x * blockDim.x + t] = s[t];
}
