// Twelve nested loops, each with a barrier, compiled at -O2 (rotated:
// each loop's test at its end) and left by all threads together (the
// trip count m is the same in every thread): each loop's cost is its
// count times its body's, one walk of the body per loop. Peeling each
// loop's first iteration, as a loop left by a lane-dependent break needs,
// doubled the walk at every level: 2^12 walks spent the kernel's step
// budget and the kernel had no costs.
//
// RUN: %cuda_device -O2 -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -mapcost-races=0 -mapcost-block-dim=64 -passes='print<mapcost-cost>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s --implicit-check-not=budget

__global__ void nest(int *out, int m) {
  __shared__ int s[128];
  unsigned t = threadIdx.x;
  int x = out[blockIdx.x * 64 + t];
  for (int i0 = 0; i0 < m; i0++) {
    s[2 * t] = x + i0;
    __syncthreads();
    for (int i1 = 0; i1 < m; i1++) {
      s[2 * t] = x + i1;
      __syncthreads();
      for (int i2 = 0; i2 < m; i2++) {
        s[2 * t] = x + i2;
        __syncthreads();
        for (int i3 = 0; i3 < m; i3++) {
          s[2 * t] = x + i3;
          __syncthreads();
          for (int i4 = 0; i4 < m; i4++) {
            s[2 * t] = x + i4;
            __syncthreads();
            for (int i5 = 0; i5 < m; i5++) {
              s[2 * t] = x + i5;
              __syncthreads();
              for (int i6 = 0; i6 < m; i6++) {
                s[2 * t] = x + i6;
                __syncthreads();
                for (int i7 = 0; i7 < m; i7++) {
                  s[2 * t] = x + i7;
                  __syncthreads();
                  for (int i8 = 0; i8 < m; i8++) {
                    s[2 * t] = x + i8;
                    __syncthreads();
                    for (int i9 = 0; i9 < m; i9++) {
                      s[2 * t] = x + i9;
                      __syncthreads();
                      for (int i10 = 0; i10 < m; i10++) {
                        s[2 * t] = x + i10;
                        __syncthreads();
                        for (int i11 = 0; i11 < m; i11++) {
                          s[2 * t] = x + i11;
                          __syncthreads();
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  __syncthreads();
  out[blockIdx.x * 64 + t] = x + s[(t + 1) % 64];
}

// CHECK: total uncoalesced: 8 (=)
// CHECK: total bank-conflicts: {{.+}} (=)
