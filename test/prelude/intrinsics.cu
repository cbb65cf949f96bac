// Integer and float intrinsics and __ldg, written with the builtins that
// the SDK's versions become once libdevice is linked.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %cuda_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s
// RUN: %if cuda-sdk %{ %sdk_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
// RUN: %if cuda-sdk %{ %sdk_device -O1 -S -emit-llvm -o - %s | FileCheck --check-prefix=IR %s %}
// RUN: %if nvcc %{ %cuda_device -O2 -c -o %t.o %s %}

__global__ void bits(const unsigned *in, unsigned *out, const float4 *ro, float *f) {
  unsigned x = __ldg(&in[threadIdx.x]);
  int i = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
  unsigned j = __umul24(x, blockDim.y);
  out[i] = __popc(x) + __clz((int)x) + __ffs((int)x) + __brev(x) + __byte_perm(x, j, 0x3210) +
           __umulhi(x, j) + __float_as_uint(f[0]) + __float2int_rn(f[1]);
  float4 v = __ldg(&ro[i]);
  f[i] = v.x + __int_as_float(i) + __saturatef(v.y) + __fdividef(v.z, v.w);
}
// CHECK: intrinsics.cu:{{[0-9]+}}:1: remark: kernel 'bits' uses 4 arrays: in (global const unsigned int*), out (global unsigned int*), ro (global const float4*), f (global float*); block size any, at most 1024 threads, grid size any

// IR-LABEL: define {{.*}} @_Z4bits
// __mul24 and __umul24: the low 24 bits, multiplied.
// IR-DAG: ashr exact i32 %{{.*}}, 8
// IR-DAG: and i32 %{{.*}}, 16777215
// IR-DAG: call {{.*}}i32 @llvm.ctpop.i32(
// IR-DAG: call {{.*}}i32 @llvm.ctlz.i32(
// IR-DAG: call {{.*}}i32 @llvm.bitreverse.i32(
// IR-DAG: call {{.*}}i32 @llvm.nvvm.prmt(
