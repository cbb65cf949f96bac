// The math library: float and double functions, C++ overloads, min/max,
// and math_constants.h. With the SDK, libdevice's sinf/cosf read a table of
// their own (__cudart_i2opi_f), which shows as one more array; the
// prelude's transcendental functions are opaque calls (libdevice's, when
// clang links it).
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck --check-prefixes=CHECK,PRELUDE %s
// RUN: %if cuda-sdk %{ %sdk_device -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck --check-prefixes=CHECK,SDK %s %}
#include <math_constants.h>

__global__ void functions(const float *x, float *y, const double *dx, double *dy, int *ints, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = x[i];
  y[i] = sqrtf(a) + rsqrtf(a) + sinf(a) * cosf(a) + expf(a) + logf(a) + powf(a, 2.0f) +
         fabsf(a) + floorf(a) + ceilf(a) + fminf(a, 1.0f) + fmaxf(a, 0.0f) + fmaf(a, a, a) +
         tanhf(a) + atan2f(a, 1.0f) + exp2f(a) + log2f(a) + __expf(a) + __sinf(a) +
         sqrt(a) + sin(a) + CUDART_PI_F;
  double d = dx[i];
  dy[i] = sqrt(d) + exp(d) + log(d) + pow(d, 3.0) + fabs(d) + floor(d) + fmin(d, 1.0) + CUDART_PI;
  ints[i] = min(i, n) + max(i, 0) + abs(i - n) + umin((unsigned)i, 7u) + llmax(i, 2) + (int)rintf(a);
}
// CHECK: math.cu:{{[0-9]+}}:1: remark: kernel 'functions' uses {{[56]}} arrays: x (global const float*), y (global float*), dx (global const double*), dy (global double*), ints (global int*)
// PRELUDE-SAME: ; block size any, at most 1024 threads, grid size any
// SDK-SAME: , __cudart_i2opi_f (global i32[6]); block size any, at most 1024 threads, grid size any
