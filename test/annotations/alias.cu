// __mapcost_alias(p, q) is a fact that print<mapcost-kernels> lists, at
// every -O level, with the prelude and with the SDK; the parameters it
// joins are one memory region, whose protocol lists each array's accesses
// under its own name. Anything but two pointer parameters of the kernel is
// ignored, with a remark.
// RUN: %cuda_device -I %runtime -O0 -g -emit-llvm -S -Xclang -disable-llvm-passes -o %t.O0.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>,print<mapcost-protocols>' -disable-output %t.O0.ll 2>&1 | FileCheck %s
// RUN: %cuda_device -I %runtime -O2 -g -emit-llvm -S -Xclang -disable-llvm-passes -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>,print<mapcost-protocols>' -disable-output %t.O2.ll 2>&1 | FileCheck %s
// RUN: %if cuda-sdk %{ %sdk_device -I %runtime -O0 -g -emit-llvm -S -Xclang -disable-llvm-passes -o %t.sdk.ll %s %}
// RUN: %if cuda-sdk %{ %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>,print<mapcost-protocols>' -disable-output %t.sdk.ll 2>&1 | FileCheck %s %}
// RUN: %cuda_device -I %runtime -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cuda_device -I %runtime -O2 -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck --check-prefix=REMARK %s
#include <mapcost.h>

// Without variable debug info (-O2) parameters are named from the IR.
__global__ void saxpy_in_place(const float *x, float *y, float a, int n) {
  __mapcost_alias(x, y);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
// CHECK-LABEL: kernel saxpy_in_place
// CHECK:      array {{x|arg0}}: global {{.*}} (param 0)
// CHECK-NEXT: array {{y|arg1}}: global {{.*}} (param 1)
// CHECK-NEXT: fact alias {{x|arg0}}, {{y|arg1}} at {{.*}}alias.cu:18:3

// A device function's annotation is the kernel's once it is inlined; the
// order of the two pointers does not matter, nor an offset from one; a
// second call joins a third parameter to the group; d stays apart.
__device__ void may_overlap(const float *p, float *q) { __mapcost_alias(p, q); }

__global__ void group(const float *a, float *b, float *c, float *d) {
  may_overlap(a, b);
  __mapcost_alias(c + 1, b);
  int i = threadIdx.x;
  b[i] = a[i];
  c[i] = 0.0f;
  d[i] = 1.0f;
}
// CHECK-LABEL: kernel group
// CHECK:      fact alias {{a|arg0}}, {{b|arg1}} at {{.*}}alias.cu:31:57
// CHECK-NEXT: fact alias {{c|arg2}}, {{b|arg1}} at {{.*}}alias.cu:35:3

// Not two pointer parameters: ignored, with a remark.
__global__ void not_parameters(float *in) {
  __shared__ float tile[64];
  __mapcost_alias(in, tile);
  tile[threadIdx.x] = in[threadIdx.x];
}
// CHECK-LABEL: kernel not_parameters
// CHECK: fact ignored __mapcost_alias: its arguments are not two pointer parameters of this kernel ({{in|arg0}}, tile) at {{.*}}alias.cu:48:3
// REMARK: alias.cu:48:3: remark: kernel 'not_parameters': __mapcost_alias is ignored: its arguments are not two pointer parameters of this kernel

// The protocols: one per region, its arrays listed together.
// CHECK-LABEL: protocols of kernel saxpy_in_place
// CHECK:      array {{x|arg0}}, {{y|arg1}} (global, __mapcost_alias): exact
// CHECK-NEXT:   if ({{.*}}) {
// CHECK-NEXT:     rd {{x|arg0}}[
// CHECK-NEXT:     rd {{y|arg1}}[
// CHECK-NEXT:     wr {{y|arg1}}[
// CHECK-LABEL: protocols of kernel group
// CHECK:      array {{a|arg0}}, {{b|arg1}}, {{c|arg2}} (global, __mapcost_alias): exact
// CHECK-NEXT:   rd {{a|arg0}}[threadIdx.x]
// CHECK-NEXT:   wr {{b|arg1}}[threadIdx.x]
// CHECK-NEXT:   wr {{c|arg2}}[threadIdx.x]
// CHECK-NEXT: array {{d|arg3}} (global): exact
// CHECK-NEXT:   wr {{d|arg3}}[threadIdx.x]
// CHECK-LABEL: protocols of kernel not_parameters
// CHECK:      array {{in|arg0}} (global): exact
// CHECK:      array tile (shared): exact
