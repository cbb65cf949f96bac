// Atomics with their operation and scope: atomicrmw and cmpxchg (scope from
// their syncscope; the prelude's atomicAdd is system scope), the NVVM
// scoped intrinsics (.cta is block scope, .sys system), atomic loads and
// stores.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-sym>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

// CHECK: mapcost sym of {{.*}}atomics.cu

// CHECK-LABEL: kernel histogram
// CHECK-NEXT: [[@LINE+9]]:22 write local offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+11]]:22 read in offset i size 1
// CHECK-NEXT: [[@LINE+10]]:5 atomic add system local offset 4 * (unsigned char)$load1 size 4
// CHECK-NEXT: [[@LINE+11]]:33 read local offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+10]]:3 atomic add system bins offset 4 * threadIdx.x size 4
// CHECK-NEXT: i: loop variable at [[@LINE+6]]:57
// CHECK-NEXT: $load1: load of in at [[@LINE+6]]:22
__global__ void histogram(const unsigned char *in, unsigned *bins, int n) {
  __shared__ unsigned local[256];
  local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[in[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

// CHECK-LABEL: kernel scoped
// CHECK-NEXT: [[@LINE+8]]:3 atomic add block p offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+8]]:3 atomic add system p offset 4 size 4
// CHECK-NEXT: [[@LINE+8]]:3 atomic fadd system f offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+8]]:3 atomic cas block p offset 8 size 4
// CHECK-NEXT: [[@LINE+8]]:3 atomic cas system flag offset 0 size 4
// CHECK-NEXT: [[@LINE+8]]:3 atomic exch system flag offset 4 size 4
// CHECK-NEXT: [[@LINE+8]]:3 atomic max system p offset 12 size 4
__global__ void scoped(int *p, float *f, int *flag) {
  __nvvm_atom_cta_add_gen_i(p + threadIdx.x, 1);
  __nvvm_atom_sys_add_gen_i(p + 1, 1);
  __nvvm_atom_add_gen_f(f + threadIdx.x, 1.0f);
  __nvvm_atom_cta_cas_gen_i(p + 2, 1, 2);
  atomicCAS(flag, 0, 1);
  atomicExch(flag + 1, 7);
  atomicMax(p + 3, (int)threadIdx.x);
}

// CHECK-LABEL: kernel ordered
// CHECK-NEXT: [[@LINE+3]]:11 atomic load system q offset 4 * threadIdx.x size 4
// CHECK-NEXT: [[@LINE+3]]:3 atomic store system q offset 0 size 4
__global__ void ordered(int *q) {
  int x = __atomic_load_n(q + threadIdx.x, __ATOMIC_ACQUIRE);
  __atomic_store_n(q, x, __ATOMIC_RELEASE);
}
