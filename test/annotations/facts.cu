// runtime/mapcost.h's annotations become facts that print<mapcost-kernels>
// lists, whatever the -O level the IR was made at, with the prelude and
// with the SDK.
// RUN: %cuda_device -I %runtime -O0 -g -emit-llvm -S -Xclang -disable-llvm-passes -o %t.O0.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>' -disable-output %t.O0.ll 2>&1 | FileCheck --check-prefix=FACTS %s
// RUN: %cuda_device -I %runtime -O2 -g -emit-llvm -S -Xclang -disable-llvm-passes -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>' -disable-output %t.O2.ll 2>&1 | FileCheck --check-prefix=FACTS %s
// RUN: %if cuda-sdk %{ %sdk_device -I %runtime -O0 -g -emit-llvm -S -Xclang -disable-llvm-passes -o %t.sdk.ll %s %}
// RUN: %if cuda-sdk %{ %opt -load-pass-plugin=%plugin -passes='print<mapcost-kernels>' -disable-output %t.sdk.ll 2>&1 | FileCheck --check-prefix=FACTS %s %}
#include <mapcost.h>

__global__ void transpose(float *out, const float *in, int width, int height) {
  __shared__ float tile[32][33];
  __mapcost_requires(blockDim.x == 32 && blockDim.y == 8);
  __mapcost_requires(width % 32 == 0 && height % 32 == 0);
  __mapcost_uniform(width);
  __mapcost_requires(__mapcost_distinct(threadIdx.x + 32 * threadIdx.y));
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) {
    __mapcost_assume(y + j < height);
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  }
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
  __mapcost_assert(x < height);
}
// Without variable debug info (-O2) parameters are named from the IR.
// FACTS-LABEL: kernel transpose
// FACTS:      fact requires (blockDim.x == 32) && (blockDim.y == 8) at {{.*}}facts.cu:14:3
// FACTS-NEXT: fact requires (({{width|arg2}} | {{height|arg3}}) & 31) == 0 at {{.*}}facts.cu:15:3
// FACTS-NEXT: fact uniform {{width|arg2}} at {{.*}}facts.cu:16:3
// FACTS-NEXT: fact distinct threadIdx.x + (threadIdx.y << 5) at {{.*}}facts.cu:17:22
// FACTS-NEXT: fact assume (((blockIdx.y << 5) + threadIdx.y) + indvars.iv) < {{height|arg3}} at {{.*}}facts.cu:20:5
// FACTS-NEXT: fact assert ((blockIdx.y << 5) + threadIdx.x) < {{height|arg3}} (not checked) at {{.*}}facts.cu:28:3

// A device function's annotations are the kernel's once it is inlined; a
// template annotation has one function per type, all recognised.
__device__ void check_row(int row, const int *rows) {
  __mapcost_requires(row < 65536);
  __mapcost_uniform(rows);
}

__global__ void histogram(const int *rows, unsigned *bins, int nbins) {
  __shared__ unsigned local[256];
  check_row(blockIdx.x, rows);
  __mapcost_uniform(nbins);
  __mapcost_uniform(1.5f);
  __mapcost_suppress(local, "the race on local[0] is benign");
  __mapcost_suppress(bins, "updated with atomics elsewhere");
  local[0] = 0;
  __syncthreads();
  atomicAdd(&local[rows[threadIdx.x] % nbins], 1u);
  __syncthreads();
  bins[threadIdx.x] = local[threadIdx.x];
}
// FACTS-LABEL: kernel histogram
// FACTS:      fact requires blockIdx.x {{<|<u}} 65536 at {{.*}}facts.cu:42:3
// FACTS-NEXT: fact uniform {{rows|arg0}} at {{.*}}facts.cu:43:3
// FACTS-NEXT: fact uniform {{nbins|arg2}} at {{.*}}facts.cu:49:3
// FACTS-NEXT: fact uniform 1.5 at {{.*}}facts.cu:50:3
// FACTS-NEXT: fact suppress local "the race on local[0] is benign" at {{.*}}facts.cu:51:3
// FACTS-NEXT: fact suppress {{bins|arg1}} "updated with atomics elsewhere" at {{.*}}facts.cu:52:3
// FACTS-NOT: fact
