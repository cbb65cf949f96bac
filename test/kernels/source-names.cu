// At -O2 -g clang keeps only line tables for device code: no parameter
// has a name in the debug info, and the plugin reads them from the
// kernel's definition in this file. What cannot be read keeps its IR name
// (argN): an unnamed parameter, a list a macro writes.
//
// RUN: %cuda_device -I %runtime -O2 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost -Rpass-missed=mapcost %s 2>&1 | FileCheck %s
// Without -g too: -Rpass makes clang track locations.
// RUN: %cuda_device -I %runtime -O2 -S -o /dev/null %load_plugin -Rpass-analysis=mapcost -Rpass-missed=mapcost %s 2>&1 | FileCheck %s
#include <mapcost.h>

// CHECK: remark: the debug info has no variables: parameters are named from the source text, loop variables from the IR

/* a comment that names race_at(int *fake) */ __global__ void
race_at(int *out, // the output
        int /* int *decoy, */ k,
        int n) {
  __shared__ int s[64];
  s[threadIdx.x] = k;
  s[threadIdx.x + (n == 3 ? 1 : 0)] = k;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
// CHECK: kernel 'race_at' uses 2 arrays: out (global int*), s (shared
// CHECK: data race on shared array 's' in kernel 'race_at': {{.*}} when n = 3

template <typename T>
__global__ void __launch_bounds__(128) scale(T *__restrict__ dst, const T *src, int,
                                             T factor = T(2)) {
  dst[threadIdx.x] = src[threadIdx.x] * factor;
}
template __global__ void scale<float>(float *, const float *, int, float);
// CHECK: kernel 'scale<float>' uses 2 arrays: dst (global float*), src (global const float*)

#define KERNEL_ARGS float *a, float *b
__global__ void by_macro(KERNEL_ARGS) { a[threadIdx.x] = b[threadIdx.x]; }
// CHECK: kernel 'by_macro' uses 2 arrays: arg0 (global float*), arg1 (global float*)
