// Barriers and fences: __syncthreads and its _count/_and/_or forms,
// __syncwarp, __threadfence*; the same builtins as the SDK's.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %cuda_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s
// RUN: %if cuda-sdk %{ %sdk_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
// RUN: %if cuda-sdk %{ %sdk_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s %}
// RUN: %if nvcc %{ %cuda_device -O2 -c -o %t.o %s %}

__global__ void barriers(const int *flags, int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = flags[threadIdx.x];
  __syncthreads();
  int n = __syncthreads_count(s[threadIdx.x] > 0);
  int all = __syncthreads_and(s[threadIdx.x] > 1);
  int any = __syncthreads_or(s[threadIdx.x] > 2);
  __syncwarp();
  __syncwarp(0x0000ffffu);
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  out[threadIdx.x] = n + all + any;
}
// CHECK: sync.cu:{{[0-9]+}}:1: remark: kernel 'barriers' uses 3 arrays: flags (global const int*), out (global int*), s (shared int[256]); block size any, at most 1024 threads, grid size any

// IR-LABEL: define {{.*}} @_Z8barriersPKiPi(
// IR: call void @llvm.nvvm.{{barrier0|barrier.cta.sync.aligned.all}}(
// IR: call {{.*}}i32 @llvm.nvvm.{{barrier0.popc|barrier.cta.red.popc.aligned.all}}(
// IR: call {{.*}}@llvm.nvvm.{{barrier0.and|barrier.cta.red.and.aligned.all}}(
// IR: call {{.*}}@llvm.nvvm.{{barrier0.or|barrier.cta.red.or.aligned.all}}(
// IR: call void @llvm.nvvm.bar.warp.sync(i32 -1)
// IR: call void @llvm.nvvm.bar.warp.sync(i32 65535)
// IR: call void @llvm.nvvm.{{membar.cta|fence.sc.cta}}()
// IR: call void @llvm.nvvm.{{membar.gl|fence.sc.gpu}}()
// IR: call void @llvm.nvvm.{{membar.sys|fence.sc.sys}}()
