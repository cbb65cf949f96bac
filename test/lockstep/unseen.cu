// A call left after inlining (recursion; a device function defined in
// another file) may contain a barrier the analysis cannot see: the kernel
// says so and stays inconclusive rather than assume there is none.
//
// RUN: %cuda_device -O0 -g -fno-discard-value-names -emit-llvm -Xclang -disable-llvm-passes -S -o %t.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-lockstep>' -disable-output %t.ll 2>&1 \
// RUN:   | FileCheck %s
// RUN: %opt -load-pass-plugin=%plugin -passes=mapcost -pass-remarks-missed=mapcost -disable-output %t.ll 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

__device__ int depth(int *s, int n) {
  if (n <= 0)
    return 0;
  __syncthreads();
  return depth(s, n - 1) + s[n];
}

__device__ void elsewhere(int *s);

__global__ void recursive(int *s, int n) { depth(s, n); }
__global__ void external(int *s) { elsewhere(s); }
__global__ void plain(int *s) { s[threadIdx.x] = 0; __syncthreads(); }

// CHECK-LABEL: lockstep of kernel 'recursive'
// CHECK-NEXT: incomplete: the call to depth at {{.*}}unseen.cu:20 (not inlined) may contain a barrier that is not checked
// CHECK-LABEL: lockstep of kernel 'external'
// CHECK-NEXT: incomplete: the call to elsewhere at {{.*}}unseen.cu:21 (defined elsewhere) may contain a barrier that is not checked
// CHECK-LABEL: lockstep of kernel 'plain'
// CHECK-NOT: incomplete
// CHECK: barrier __syncthreads() at {{.*}}unseen.cu:22:53 scope block: ok

// REMARK: kernel 'recursive' is not checked for data races: the call to depth at {{.*}}unseen.cu:20 (not inlined) may contain a barrier
// REMARK: kernel 'external' is not checked for data races: the call to elsewhere at {{.*}}unseen.cu:21 (defined elsewhere) may contain a barrier
