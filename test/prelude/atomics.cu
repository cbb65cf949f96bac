// Atomics of every width and scope. The scope stays visible in the IR, as
// with the SDK: atomicOp is device scope (atomicrmw / cmpxchg), _block the
// .cta NVVM atomics, _system the .sys ones.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %cuda_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s
// RUN: %if cuda-sdk %{ %sdk_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
// RUN: %if cuda-sdk %{ %sdk_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s %}
// RUN: %if nvcc %{ %cuda_device -O2 -c -o %t.o %s %}

__global__ void widths(int *i, unsigned *u, unsigned long long *ull, long long *ll,
                       float *f, double *d) {
  atomicAdd(i, 1);
  atomicSub(i, 2);
  atomicExch(i, 3);
  atomicMin(i, 4);
  atomicMax(i, 5);
  atomicAnd(i, 6);
  atomicOr(i, 7);
  atomicXor(i, 8);
  atomicCAS(i, 9, 10);
  atomicAdd(u, 1u);
  atomicInc(u, 100u);
  atomicDec(u, 100u);
  atomicMin(u, 4u);
  atomicCAS(u, 1u, 2u);
  atomicAdd(ull, 1ull);
  atomicMax(ull, 2ull);
  atomicCAS(ull, 3ull, 4ull);
  atomicMin(ll, 5ll);
  atomicAdd(f, 1.0f);
  atomicExch(f, 2.0f);
  atomicAdd(d, 1.0);
}
// CHECK: atomics.cu:{{[0-9]+}}:1: remark: kernel 'widths' uses 6 arrays: i (global int*), u (global unsigned int*), ull (global unsigned long long*), ll (global long long*), f (global float*), d (global double*); block size any, at most 1024 threads, grid size any

__global__ void scopes(int *counter, float *sum, unsigned *flag) {
  __shared__ int local;
  atomicAdd(counter, 1);
  atomicAdd_block(&local, 1);
  atomicAdd_system(counter, 1);
  atomicAdd_block(sum, 1.0f);
  atomicExch_system(flag, 1u);
  atomicCAS_block(&local, 0, 1);
  atomicMax_system(counter, 7);
  atomicOr_block(flag, 2u);
}
// CHECK: atomics.cu:{{[0-9]+}}:1: remark: kernel 'scopes' uses 4 arrays: counter (global int*), sum (global float*), flag (global unsigned int*), local (shared int); block size any, at most 1024 threads, grid size any

// IR-LABEL: define {{.*}} @_Z6widths
// IR: atomicrmw add ptr %{{.*}}, i32 1 seq_cst
// IR: atomicrmw add ptr %{{.*}}, i32 -2 seq_cst
// IR: atomicrmw xchg ptr %{{.*}}, i32 3 seq_cst
// IR: atomicrmw min ptr %{{.*}}, i32 4 seq_cst
// IR: atomicrmw max ptr %{{.*}}, i32 5 seq_cst
// IR: atomicrmw and ptr %{{.*}}, i32 6 seq_cst
// IR: atomicrmw or ptr %{{.*}}, i32 7 seq_cst
// IR: atomicrmw xor ptr %{{.*}}, i32 8 seq_cst
// IR: cmpxchg ptr %{{.*}}, i32 9, i32 10 seq_cst seq_cst
// IR: atomicrmw add ptr %{{.*}}, i32 1 seq_cst
// IR: {{atomicrmw uinc_wrap ptr %.*, i32 100 seq_cst|call .*i32 @llvm.nvvm.atomic.load.inc.32.p0\(ptr %.*, i32 100\)}}
// IR: {{atomicrmw udec_wrap ptr %.*, i32 100 seq_cst|call .*i32 @llvm.nvvm.atomic.load.dec.32.p0\(ptr %.*, i32 100\)}}
// IR: atomicrmw umin ptr %{{.*}}, i32 4 seq_cst
// IR: cmpxchg ptr %{{.*}}, i32 1, i32 2 seq_cst seq_cst
// IR: atomicrmw add ptr %{{.*}}, i64 1 seq_cst
// IR: atomicrmw umax ptr %{{.*}}, i64 2 seq_cst
// IR: cmpxchg ptr %{{.*}}, i64 3, i64 4 seq_cst seq_cst
// IR: atomicrmw min ptr %{{.*}}, i64 5 seq_cst
// IR: atomicrmw fadd ptr %{{.*}}, float 1.000000e+00 seq_cst
// IR: atomicrmw xchg ptr %{{.*}}, i32 1073741824 seq_cst
// IR: atomicrmw fadd ptr %{{.*}}, double 1.000000e+00 seq_cst

// IR-LABEL: define {{.*}} @_Z6scopes
// IR: atomicrmw add ptr %{{.*}}, i32 1 seq_cst
// IR: call {{.*}}i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr {{.*}}@_ZZ6scopesPiPfPjE5local{{.*}}, i32 1)
// IR: call {{.*}}i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr %{{.*}}, i32 1)
// IR: call {{.*}}float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(ptr %{{.*}}, float 1.000000e+00)
// IR: call {{.*}}i32 @llvm.nvvm.atomic.exch.gen.i.sys.i32.p0(ptr %{{.*}}, i32 1)
// IR: call {{.*}}i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0(ptr {{.*}}@_ZZ6scopesPiPfPjE5local{{.*}}, i32 0, i32 1)
// IR: call {{.*}}i32 @llvm.nvvm.atomic.max.gen.i.sys.i32.p0(ptr %{{.*}}, i32 7)
// IR: call {{.*}}i32 @llvm.nvvm.atomic.or.gen.i.cta.i32.p0(ptr %{{.*}}, i32 2)
