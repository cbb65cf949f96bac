// One protocol per array, for the constructs of seed 001's language: rd, wr,
// atomic, for, if, sync, syncwarp, assume; approximations shown with `~`.
// The same protocols come out at -O0 and -O2.
//
// RUN: %cuda_device -I %runtime -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O0.ll %s
// RUN: %cuda_device -I %runtime -O2 -g -Xclang -debug-info-kind=constructor -emit-llvm -Xclang -disable-llvm-passes -S -o %t.O2.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-protocols>' -disable-output %t.O0.ll > %t.O0.txt 2>&1
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-protocols>' -disable-output %t.O2.ll > %t.O2.txt 2>&1
// RUN: FileCheck %s < %t.O0.txt
// RUN: diff %t.O0.txt %t.O2.txt

#include <mapcost.h>

// CHECK: mapcost protocols of {{.*}}kernels.cu

__global__ void copy(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

__global__ void tile2d(float *a, int width) {
  __shared__ float t[16][16];
  t[threadIdx.y][threadIdx.x] = a[(blockIdx.y * 16 + threadIdx.y) * width + blockIdx.x * 16 + threadIdx.x];
  __syncthreads();
  a[(blockIdx.y * 16 + threadIdx.y) * width + blockIdx.x * 16 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

#define TILE 16
__global__ void matmul(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float sum = 0;
  for (int t = 0; t < n / TILE; t++) {
    As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = sum;
}

__global__ void transpose(float *out, const float *in, int w, int h) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  if (x < w && y < h)
    tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  if (x < h && y < w)
    out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void reduce(const float *in, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

__global__ void scan(float *data, int n) {
  __shared__ float buf[2 * 256];
  int pout = 0, pin = 1;
  buf[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  for (int off = 1; off < n; off *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (threadIdx.x >= off)
      buf[pout * 256 + threadIdx.x] = buf[pin * 256 + threadIdx.x] + buf[pin * 256 + threadIdx.x - off];
    else
      buf[pout * 256 + threadIdx.x] = buf[pin * 256 + threadIdx.x];
    __syncthreads();
  }
  data[threadIdx.x] = buf[pout * 256 + threadIdx.x];
}

__global__ void histogram(const unsigned char *in, unsigned *bins, int n) {
  __shared__ unsigned h[256];
  h[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&h[in[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], h[threadIdx.x]);
}

__global__ void stencil(const float *in, float *out, int n) {
  __shared__ float s[128 + 2];
  int g = blockIdx.x * 128 + threadIdx.x;
  s[threadIdx.x + 1] = in[g];
  if (threadIdx.x == 0)
    s[0] = g > 0 ? in[g - 1] : 0;
  if (threadIdx.x == 127)
    s[129] = g + 1 < n ? in[g + 1] : 0;
  __syncthreads();
  out[g] = s[threadIdx.x] + s[threadIdx.x + 1] + s[threadIdx.x + 2];
}

__global__ void two_extern(float *a) {
  extern __shared__ float xs[];
  extern __shared__ int ys[];
  xs[threadIdx.x] = a[threadIdx.x];
  ys[blockDim.x + threadIdx.x] = 1;
}

__global__ void gather(float *out, const float *in, const int *idx) {
  out[threadIdx.x] = in[idx[threadIdx.x]];
}

__global__ void wraps(float *a, unsigned base) {
  a[base + threadIdx.x] = 0;
}

__global__ void decreasing(int *a, int n) {
  for (int i = n - 1; i >= 0; i -= 2)
    a[i] = i;
}

__global__ void warps(int *a) {
  __shared__ int w[64];
  w[threadIdx.x] = threadIdx.x;
  __syncwarp(0xffff);
  a[threadIdx.x] = w[threadIdx.x ^ 1];
}

__global__ void vectors(float4 *a, const float4 *b) {
  a[threadIdx.x] = b[threadIdx.x];
}

__device__ void put(float *p, float v) { *p = v; }

__global__ void alias(float *a, float *b, bool first) {
  float *p = a + threadIdx.x;
  put(p, 1.0f);
  float *q = first ? a : b;
  q[threadIdx.x + 32] = 2.0f;
}

__global__ void assumed(int *a, int n) {
  __mapcost_requires(n % 32 == 0);
  for (int i = threadIdx.x; i < n; i += 32) {
    __mapcost_assume(i < 4096);
    a[i] = 0;
  }
}

__global__ void search(const int *a, int *pos, int n) {
  int i = 0;
  while (i < n && a[i] != threadIdx.x)
    i++;
  pos[threadIdx.x] = i;
}

__global__ void cases(int *a, int k) {
  switch (k) {
  case 0:
  case 1:
    a[threadIdx.x] = 1;
    break;
  default:
    a[threadIdx.x + 1] = 2;
  }
}

__global__ void after(int *a) {
  unsigned s = 1;
  while (s < blockDim.x)
    s *= 2;
  int i;
  for (i = 0; i < 10; i++)
    ;
  a[threadIdx.x * s + i] = 0;
}

__global__ void dowhile(int *a, int reps) {
  int r = 0;
  do {
    a[r * 32 + threadIdx.x] = r;
    __syncthreads();
    r++;
  } while (r < reps);
}

__global__ void block_atomic(int *c) {
  atomicAdd_block(&c[blockIdx.x], 1);
}

// The protocols, in kernel order (kept below the kernels so that their lines
// stay put). LLVM 19's instcombine writes `s >> 1 != 0` as `s >= 2` and
// keeps an assumption's 32-bit comparison: both are accepted.
// CHECK-LABEL: protocols of kernel copy
// CHECK-NEXT: array out (global): exact
// CHECK-NEXT:   if ((int)(blockIdx.x * blockDim.x + threadIdx.x) < n) {
// CHECK-NEXT:     wr out[(int)(blockIdx.x * blockDim.x + threadIdx.x)]  @19:12
// CHECK-NEXT:   }
// CHECK-NEXT: array in (global): exact
// CHECK-NEXT:   if ((int)(blockIdx.x * blockDim.x + threadIdx.x) < n) {
// CHECK-NEXT:     rd in[(int)(blockIdx.x * blockDim.x + threadIdx.x)]  @19:14
// CHECK-NEXT:   }
// CHECK-LABEL: protocols of kernel tile2d
// CHECK-NEXT: array a (global): exact
// CHECK-NEXT:   rd a[(unsigned)(16 * blockIdx.y * width + threadIdx.y * width + 16 * blockIdx.x + threadIdx.x)]  @24:33
// CHECK-NEXT:   sync  @25:3
// CHECK-NEXT:   wr a[(unsigned)(16 * blockIdx.y * width + threadIdx.y * width + 16 * blockIdx.x + threadIdx.x)]  @26:78
// CHECK-NEXT: array t (shared): exact
// CHECK-NEXT:   wr t[16 * threadIdx.y + threadIdx.x]  @24:31
// CHECK-NEXT:   sync  @25:3
// CHECK-NEXT:   rd t[threadIdx.y + 16 * threadIdx.x]  @26:80
// CHECK-LABEL: protocols of kernel matmul
// CHECK-NEXT: array A (global): exact
// CHECK-NEXT:   for ($k1: t = 0; t < (int)(n / 16); t = t + 1) {  @34:25 $k1 <= max((int)(n / 16), 0) synchronized
// CHECK-NEXT:     if (t < (int)(n / 16)) {
// CHECK-NEXT:       rd A[(unsigned)(16 * blockIdx.y * n + threadIdx.y * n + threadIdx.x + 16 * t)]  @35:36
// CHECK-NEXT:       sync  @37:5
// CHECK-NEXT:       sync  @40:5
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: array B (global): exact
// CHECK-NEXT:   for ($k1: t = 0; t < (int)(n / 16); t = t + 1) {  @34:25 $k1 <= max((int)(n / 16), 0) synchronized
// CHECK-NEXT:     if (t < (int)(n / 16)) {
// CHECK-NEXT:       rd B[(unsigned)(threadIdx.y * n + 16 * t * n + 16 * blockIdx.x + threadIdx.x)]  @36:36
// CHECK-NEXT:       sync  @37:5
// CHECK-NEXT:       sync  @40:5
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: array C (global): exact
// CHECK-NEXT:   wr C[(int)(16 * blockIdx.y * n + threadIdx.y * n + 16 * blockIdx.x + threadIdx.x)]  @42:20
// CHECK-NEXT: array As (shared): exact
// CHECK-NEXT:   for ($k1: t = 0; t < (int)(n / 16); t = t + 1) {  @34:25 $k1 <= max((int)(n / 16), 0) synchronized
// CHECK-NEXT:     if (t < (int)(n / 16)) {
// CHECK-NEXT:       wr As[16 * threadIdx.y + threadIdx.x]  @35:34
// CHECK-NEXT:       sync  @37:5
// CHECK-NEXT:       for ($k2: k = 0; k != 16; k = k + 1) {  @38:23 $k2 <= 16
// CHECK-NEXT:         if (k != 16) {
// CHECK-NEXT:           rd As[16 * threadIdx.y + k]  @39:14
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:       sync  @40:5
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: array Bs (shared): exact
// CHECK-NEXT:   for ($k1: t = 0; t < (int)(n / 16); t = t + 1) {  @34:25 $k1 <= max((int)(n / 16), 0) synchronized
// CHECK-NEXT:     if (t < (int)(n / 16)) {
// CHECK-NEXT:       wr Bs[16 * threadIdx.y + threadIdx.x]  @36:34
// CHECK-NEXT:       sync  @37:5
// CHECK-NEXT:       for ($k2: k = 0; k != 16; k = k + 1) {  @38:23 $k2 <= 16
// CHECK-NEXT:         if (k != 16) {
// CHECK-NEXT:           rd Bs[threadIdx.x + 16 * k]  @39:35
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:       sync  @40:5
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-LABEL: protocols of kernel transpose
// CHECK-NEXT: array out (global): exact
// CHECK-NEXT:   sync  @50:3
// CHECK-NEXT:   if ((32 * blockIdx.y + threadIdx.x < h) & ((int)(32 * blockIdx.x + threadIdx.y) < w)) {
// CHECK-NEXT:     wr out[(int)(32 * blockIdx.x * h + threadIdx.y * h + 32 * blockIdx.y + threadIdx.x)]  @54:20
// CHECK-NEXT:   }
// CHECK-NEXT: array in (global): exact
// CHECK-NEXT:   if ((32 * blockIdx.y + threadIdx.y < h) & ((int)(32 * blockIdx.x + threadIdx.x) < w)) {
// CHECK-NEXT:     rd in[(int)(32 * blockIdx.y * w + threadIdx.y * w + 32 * blockIdx.x + threadIdx.x)]  @49:38
// CHECK-NEXT:   }
// CHECK-NEXT:   sync  @50:3
// CHECK-NEXT: array tile (shared): exact
// CHECK-NEXT:   if ((32 * blockIdx.y + threadIdx.y < h) & ((int)(32 * blockIdx.x + threadIdx.x) < w)) {
// CHECK-NEXT:     wr tile[33 * threadIdx.y + threadIdx.x]  @49:36
// CHECK-NEXT:   }
// CHECK-NEXT:   sync  @50:3
// CHECK-NEXT:   if ((32 * blockIdx.y + threadIdx.x < h) & ((int)(32 * blockIdx.x + threadIdx.y) < w)) {
// CHECK-NEXT:     rd tile[threadIdx.y + 33 * threadIdx.x]  @54:22
// CHECK-NEXT:   }
// CHECK-LABEL: protocols of kernel reduce
// CHECK-NEXT: array in (global): exact
// CHECK-NEXT:   rd in[(unsigned)(256 * blockIdx.x + threadIdx.x)]  @59:20
// CHECK-NEXT:   sync  @60:3
// CHECK-NEXT: array out (global): exact
// CHECK-NEXT:   sync  @60:3
// CHECK-NEXT:   if (threadIdx.x == 0) {
// CHECK-NEXT:     wr out[blockIdx.x]  @67:21
// CHECK-NEXT:   }
// CHECK-NEXT: array s (shared): exact
// CHECK-NEXT:   wr s[threadIdx.x]  @59:18
// CHECK-NEXT:   sync  @60:3
// CHECK-NEXT:   for ($k1: loop1 = blockDim.x; {{\(unsigned\)loop1 >> 1 != 0|\(unsigned\)loop1 >= 2}}; loop1 = (unsigned)loop1 >> 1) {  @61:0 synchronized
// CHECK-NEXT:     if ((threadIdx.x < (unsigned)loop1 >> 1) & ({{\(unsigned\)loop1 >> 1 != 0|\(unsigned\)loop1 >= 2}})) {
// CHECK-NEXT:       rd s[threadIdx.x + ((unsigned)loop1 >> 1)]  @63:25
// CHECK-NEXT:       rd s[threadIdx.x]  @63:22
// CHECK-NEXT:       wr s[threadIdx.x]  @63:22
// CHECK-NEXT:     }
// CHECK-NEXT:     if ({{\(unsigned\)loop1 >> 1 != 0|\(unsigned\)loop1 >= 2}}) {
// CHECK-NEXT:       sync  @64:5
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   if (threadIdx.x == 0) {
// CHECK-NEXT:     rd s[0]  @67:23
// CHECK-NEXT:   }
// CHECK-LABEL: protocols of kernel scan
// CHECK-NEXT: array data (global): exact
// CHECK-NEXT:   rd data[threadIdx.x]  @73:22
// CHECK-NEXT:   sync  @74:3
// CHECK-NEXT:   wr data[threadIdx.x]  @84:21
// CHECK-NEXT: array buf (shared): exact
// CHECK-NEXT:   wr buf[threadIdx.x]  @73:20
// CHECK-NEXT:   sync  @74:3
// CHECK-NEXT:   for ($k1: pout = 0, off = 1; off < n; pout = 1 - pout, off = 2 * off) {  @75:25 synchronized
// CHECK-NEXT:     if (((unsigned)off <= threadIdx.x) & (off < n)) {
// CHECK-NEXT:       rd buf[(unsigned)(threadIdx.x + 256 * pout)]  @79:39
// CHECK-NEXT:       rd buf[(unsigned)(threadIdx.x + 256 * pout - off)]  @79:70
// CHECK-NEXT:       wr buf[(unsigned)(threadIdx.x - 256 * pout + 256)]  @79:37
// CHECK-NEXT:     }
// CHECK-NEXT:     if ((threadIdx.x < (unsigned)off) & (off < n)) {
// CHECK-NEXT:       rd buf[(unsigned)(threadIdx.x + 256 * pout)]  @81:39
// CHECK-NEXT:       wr buf[(unsigned)(threadIdx.x - 256 * pout + 256)]  @81:37
// CHECK-NEXT:     }
// CHECK-NEXT:     if (off < n) {
// CHECK-NEXT:       sync  @82:5
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   rd buf[threadIdx.x + 256 * (($end1 & 1) == 0 ? 0 : 1)]  @84:23
// CHECK-LABEL: protocols of kernel histogram
// CHECK-NEXT: array in (global): exact
// CHECK-NEXT:   sync  @90:3
// CHECK-NEXT:   for ($k1: i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i = blockDim.x * gridDim.x + i) {  @91:57 divergent-exit (its exit test is not a bound that the loop variable moves towards)
// CHECK-NEXT:     if (i < n) {
// CHECK-NEXT:       rd in[i]  @92:18
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   sync  @93:3
// CHECK-NEXT: array bins (global): exact
// CHECK-NEXT:   sync  @90:3
// CHECK-NEXT:   sync  @93:3
// CHECK-NEXT:   atomic add system bins[threadIdx.x]  @94:3
// CHECK-NEXT: array h (shared): approximate ~ the index depends on $load1 (load of in)
// CHECK-NEXT:   wr h[threadIdx.x]  @89:18
// CHECK-NEXT:   sync  @90:3
// CHECK-NEXT:   for ($k1: i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i = blockDim.x * gridDim.x + i) {  @91:57 divergent-exit (its exit test is not a bound that the loop variable moves towards)
// CHECK-NEXT:     if (i < n) {
// CHECK-NEXT:       atomic add system h[(unsigned char)$load1]  @92:5 ~ the index depends on $load1 (load of in)
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   sync  @93:3
// CHECK-NEXT:   rd h[threadIdx.x]  @94:33
// CHECK-LABEL: protocols of kernel stencil
// CHECK-NEXT: array in (global): exact
// CHECK-NEXT:   rd in[(int)(128 * blockIdx.x + threadIdx.x)]  @100:24
// CHECK-NEXT:   if ((threadIdx.x == 0) & ((int)(128 * blockIdx.x + threadIdx.x) > 0)) {
// CHECK-NEXT:     rd in[(unsigned)(128 * blockIdx.x + threadIdx.x) - 1]  @102:20
// CHECK-NEXT:   }
// CHECK-NEXT:   if ((threadIdx.x == 127) & ((int)(128 * blockIdx.x + threadIdx.x + 1) < n)) {
// CHECK-NEXT:     rd in[(int)(128 * blockIdx.x + threadIdx.x + 1)]  @104:26
// CHECK-NEXT:   }
// CHECK-NEXT:   sync  @105:3
// CHECK-NEXT: array out (global): exact
// CHECK-NEXT:   sync  @105:3
// CHECK-NEXT:   wr out[(int)(128 * blockIdx.x + threadIdx.x)]  @106:10
// CHECK-NEXT: array s (shared): exact
// CHECK-NEXT:   wr s[threadIdx.x + 1]  @100:22
// CHECK-NEXT:   if (threadIdx.x == 0) {
// CHECK-NEXT:     wr s[0]  @102:10
// CHECK-NEXT:   }
// CHECK-NEXT:   if (threadIdx.x == 127) {
// CHECK-NEXT:     wr s[129]  @104:12
// CHECK-NEXT:   }
// CHECK-NEXT:   sync  @105:3
// CHECK-NEXT:   rd s[threadIdx.x]  @106:12
// CHECK-NEXT:   rd s[threadIdx.x + 1]  @106:29
// CHECK-NEXT:   rd s[threadIdx.x + 2]  @106:50
// CHECK-LABEL: protocols of kernel two_extern
// CHECK-NEXT: array a (global): exact
// CHECK-NEXT:   rd a[threadIdx.x]  @112:21
// CHECK-NEXT: array xs, ys (shared, dynamic buffer): exact
// CHECK-NEXT:   wr xs[threadIdx.x]  @112:19
// CHECK-NEXT:   wr ys[blockDim.x + threadIdx.x]  @113:32
// CHECK-LABEL: protocols of kernel gather
// CHECK-NEXT: array out (global): exact
// CHECK-NEXT:   wr out[threadIdx.x]  @117:20
// CHECK-NEXT: array in (global): approximate ~ the index depends on $load1 (load of idx)
// CHECK-NEXT:   rd in[$load1]  @117:22 ~ the index depends on $load1 (load of idx)
// CHECK-NEXT: array idx (global): exact
// CHECK-NEXT:   rd idx[threadIdx.x]  @117:25
// CHECK-LABEL: protocols of kernel wraps
// CHECK-NEXT: array a (global): exact
// CHECK-NEXT:   wr a[(unsigned)(threadIdx.x + base)]  @121:25
// CHECK-LABEL: protocols of kernel decreasing
// CHECK-NEXT: array a (global): exact
// CHECK-NEXT:   for ($k1: i = n - 1; i > -1; i = i - 2) {  @125:25 $k1 <= max(((int)(n - 1) + 2) / 2, 0)
// CHECK-NEXT:     if (i > -1) {
// CHECK-NEXT:       wr a[(unsigned)i]  @126:10
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-LABEL: protocols of kernel warps
// CHECK-NEXT: array a (global): exact
// CHECK-NEXT:   syncwarp(65535)  @132:3
// CHECK-NEXT:   wr a[threadIdx.x]  @133:18
// CHECK-NEXT: array w (shared): exact
// CHECK-NEXT:   wr w[threadIdx.x]  @131:18
// CHECK-NEXT:   syncwarp(65535)  @132:3
// CHECK-NEXT:   rd w[threadIdx.x ^ 1]  @133:20
// CHECK-LABEL: protocols of kernel vectors
// CHECK-NEXT: array a (global): exact
// CHECK-NEXT:   wr a bytes [16 * threadIdx.x, +16) (memcpy)  @137:18
// CHECK-NEXT: array b (global): exact
// CHECK-NEXT:   rd b bytes [16 * threadIdx.x, +16) (memcpy)  @137:18
// CHECK-LABEL: protocols of kernel alias
// CHECK-NEXT: array a (global): exact
// CHECK-NEXT:   wr a[threadIdx.x]  @140:45
// CHECK-NEXT:   if (first) {
// CHECK-NEXT:     wr a[threadIdx.x + 32]  @146:23
// CHECK-NEXT:   }
// CHECK-NEXT: array b (global): exact
// CHECK-NEXT:   if (first ^ 1) {
// CHECK-NEXT:     wr b[threadIdx.x + 32]  @146:23
// CHECK-NEXT:   }
// CHECK-LABEL: protocols of kernel assumed
// CHECK-NEXT:   requires (n & 31) == 0
// CHECK-NEXT: array a (global): exact
// CHECK-NEXT:   for ($k1: i = threadIdx.x; i < n; i = i + 32) {  @151:31 $k1 <= max((31 - threadIdx.x + n) / 32, 0) divergent-exit
// CHECK-NEXT:     if (i < n) {
// CHECK-NEXT:       assume {{(\(unsigned long\))?}}i < 4096  @152:5
// CHECK-NEXT:       wr a[i]  @153:10
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-LABEL: protocols of kernel search
// CHECK-NEXT: array a (global): approximate ~ its exit: the condition depends on $load1 (load of a)
// CHECK-NEXT:   for ($k1: i = 0; (((threadIdx.x == $load1) & (i != max(n, 0))) | (i == max(n, 0))) ^ 1; i = i + 1) {  @159:12 divergent-exit (its exit test is not a bound that the loop variable moves towards) ~ its exit: the condition depends on $load1 (load of a)
// CHECK-NEXT:     if (i != max(n, 0)) {
// CHECK-NEXT:       rd a[i]  @159:19
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: array pos (global): exact
// CHECK-NEXT:   wr pos[threadIdx.x]  @161:20
// CHECK-LABEL: protocols of kernel cases
// CHECK-NEXT: array a (global): exact
// CHECK-NEXT:   if ((k == 0) | (k == 1)) {
// CHECK-NEXT:     wr a[threadIdx.x]  @168:20
// CHECK-NEXT:   }
// CHECK-NEXT:   if (((k == 0) | (k == 1)) ^ 1) {
// CHECK-NEXT:     wr a[threadIdx.x + 1]  @171:24
// CHECK-NEXT:   }
// CHECK-LABEL: protocols of kernel after
// CHECK-NEXT: array a (global): exact
// CHECK-NEXT:   wr a[(unsigned)(threadIdx.x * (1 << min($end1, 32)) + 10)]  @182:26
// CHECK-LABEL: protocols of kernel dowhile
// CHECK-NEXT: array a (global): exact
// CHECK-NEXT:   for ($k1: r = 0; r + 1 != max(reps, 1); r = r + 1) {  @188:9 $k1 <= max(reps, 1) - 1 synchronized
// CHECK-NEXT:     wr a[(unsigned)(threadIdx.x + 32 * r)]  @188:29
// CHECK-NEXT:     sync  @189:5
// CHECK-NEXT:   }
// CHECK-LABEL: protocols of kernel block_atomic
// CHECK-NEXT: array c (global): exact
// CHECK-NEXT:   atomic add block c[blockIdx.x]  @195:3
