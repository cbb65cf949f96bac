// The interpreter says what stops it: a loop that does not end within the
// step budget, a missing parameter value, an access out of an array's
// bounds; the verdict is then inconclusive (exit 3), never race free.
//
// RUN: not %mapcost run --no-sdk --block-dim=32 --grid-dim=1 --param n=0 --kernel spin %s | FileCheck %s --check-prefix=SPIN
// SPIN: kernel spin ({{.*}}): inconclusive
// SPIN: reason: kernel 'spin': thread (0,0,0) of block (0,0,0) ran more than 200000 instructions (a loop that does not end for these values?)
__global__ void spin(int *a, int n) {
  for (int i = 0; i != 1; i += n)
    a[threadIdx.x] = i;
}

// RUN: not %mapcost run --no-sdk --block-dim=32 --grid-dim=1 --kernel needs_n %s | FileCheck %s --check-prefix=PARAM
// PARAM: reason: kernel 'needs_n': give a value for parameter 'n' (--param n=VALUE)
__global__ void needs_n(int *a, int n) { a[threadIdx.x] = n; }

// RUN: not %mapcost run --no-sdk --block-dim=32 --grid-dim=1 --array a=16 --param n=1 --kernel bounds %s | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: reason: {{.*}}errors.cu:[[@LINE+1]]:{{[0-9]+}}: access of 4 bytes at byte offset 64 of 'a', which has 64 bytes (give it room with --array a=SIZE)
__global__ void bounds(int *a, int n) { a[threadIdx.x] = n; }

// RUN: not %mapcost run --no-sdk --block-dim=32 --grid-dim=1 --param n=1 --kernel asm_clock %s | FileCheck %s --check-prefix=ASM
// ASM: reason: {{.*}}: inline assembly (a texture fetch, a curand call, asm(...)) is not interpreted
__global__ void asm_clock(int *a, int n) {
  int t;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(t));
  a[threadIdx.x] = t;
}
