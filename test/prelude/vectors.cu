// Vector types with make_* and the helper-math operators and functions.
// helper_math.h comes from runtime/ with the SDK (-I %runtime) and is part
// of the prelude (runtime/include/helper_math.h is the prelude).
// RUN: %cuda_device -I %runtime -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s
// RUN: %if cuda-sdk %{ %sdk_device -I %runtime -O0 -g -S -o /dev/null %load_plugin -Rpass-analysis=mapcost %s 2>&1 | FileCheck %s %}
// RUN: %if nvcc %{ %cuda_device -I %runtime -O2 -c -o %t.o %s %}
#include <helper_math.h>

__global__ void particles(float4 *pos, const float3 *vel, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float3 p = make_float3(pos[i]);
  float3 v = vel[i];
  p += v * dt;
  p = clamp(p, -1.0f, 1.0f);
  float3 dir = normalize(cross(p, v) + make_float3(1e-6f));
  float w = length(p) + dot(p, v) + lerp(0.0f, 1.0f, dt);
  p = fminf(p, dir) + fmaxf(p, -dir) - p / 2.0f;
  pos[i] = make_float4(p, w);
}
// CHECK: vectors.cu:{{[0-9]+}}:1: remark: kernel 'particles' uses 2 arrays: pos (global float4*), vel (global const float3*); block size any, at most 1024 threads, grid size any

__global__ void all_types(char4 *c, uchar2 *uc, short4 *s, ushort3 *us, int2 *i,
                          uint4 *u, long2 *l, ulong1 *ul, longlong2 *ll,
                          ulonglong4 *ull, double2 *d, double3 *d3) {
  int t = threadIdx.x;
  c[t] = make_char4(1, 2, 3, 4);
  uc[t] = make_uchar2(5, 6);
  s[t] = make_short4(7, 8, 9, 10);
  us[t] = make_ushort3(11, 12, 13);
  i[t] = make_int2(t, -t) + make_int2(1);
  u[t] = make_uint4(t, t, t, t) * 2u;
  l[t] = make_long2(14, 15);
  ul[t] = make_ulong1(16);
  ll[t] = make_longlong2(17, 18);
  ull[t] = make_ulonglong4(19, 20, 21, 22);
  d[t] = make_double2(0.5, 1.5);
  d3[t] = make_double3(1, 2, 3);
}
// CHECK: vectors.cu:{{[0-9]+}}:1: remark: kernel 'all_types' uses 12 arrays: c (global char4*), uc (global uchar2*), s (global short4*), us (global ushort3*), i (global int2*), u (global uint4*), l (global long2*), ul (global ulong1*), ll (global longlong2*), ull (global ulonglong4*), d (global double2*), d3 (global double3*); block size any, at most 1024 threads, grid size any
