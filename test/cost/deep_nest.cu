// Fifty nested loops, each with a barrier (bench-drf's sync-loops family
// at N = 50), at -O2: the closed form of the innermost sum is a product of
// fifty sums, whose count of terms when distributed (2^50) wrapped the
// simplifier's 32-bit counter around to 0, under its limit: distribute
// then wrote past a buffer sized for 0 terms (heap corruption; opt aborted
// in malloc). The count saturates now, and the product stays a product.
//
// RUN: %cuda_device -I %runtime -O2 -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -mapcost-races=0 -passes='print<mapcost-cost>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s --implicit-check-not=budget
// CHECK-LABEL: kernel bench
// CHECK: total bank-conflicts: {{.+}} (<=)
#include <mapcost.h>
#define T 64
__global__ void __launch_bounds__(64) bench(int *out, int k, int m) {
  __shared__ int s[T * 52 + 64];
  __mapcost_requires(blockDim.x == T);
  unsigned t = threadIdx.x;
  int x = out[blockIdx.x * T + t];
  for (int i0 = 0; i0 < m; i0++) {
    s[t] = x + i0;
    __syncthreads();
    for (int i1 = 0; i1 < m; i1++) {
      s[t] = x + i1;
      __syncthreads();
      for (int i2 = 0; i2 < m; i2++) {
        s[t] = x + i2;
        __syncthreads();
        for (int i3 = 0; i3 < m; i3++) {
          s[t] = x + i3;
          __syncthreads();
          for (int i4 = 0; i4 < m; i4++) {
            s[t] = x + i4;
            __syncthreads();
            for (int i5 = 0; i5 < m; i5++) {
              s[t] = x + i5;
              __syncthreads();
              for (int i6 = 0; i6 < m; i6++) {
                s[t] = x + i6;
                __syncthreads();
                for (int i7 = 0; i7 < m; i7++) {
                  s[t] = x + i7;
                  __syncthreads();
                  for (int i8 = 0; i8 < m; i8++) {
                    s[t] = x + i8;
                    __syncthreads();
                    for (int i9 = 0; i9 < m; i9++) {
                      s[t] = x + i9;
                      __syncthreads();
                      for (int i10 = 0; i10 < m; i10++) {
                        s[t] = x + i10;
                        __syncthreads();
                        for (int i11 = 0; i11 < m; i11++) {
                          s[t] = x + i11;
                          __syncthreads();
                          for (int i12 = 0; i12 < m; i12++) {
                            s[t] = x + i12;
                            __syncthreads();
                            for (int i13 = 0; i13 < m; i13++) {
                              s[t] = x + i13;
                              __syncthreads();
                              for (int i14 = 0; i14 < m; i14++) {
                                s[t] = x + i14;
                                __syncthreads();
                                for (int i15 = 0; i15 < m; i15++) {
                                  s[t] = x + i15;
                                  __syncthreads();
                                  for (int i16 = 0; i16 < m; i16++) {
                                    s[t] = x + i16;
                                    __syncthreads();
                                    for (int i17 = 0; i17 < m; i17++) {
                                      s[t] = x + i17;
                                      __syncthreads();
                                      for (int i18 = 0; i18 < m; i18++) {
                                        s[t] = x + i18;
                                        __syncthreads();
                                        for (int i19 = 0; i19 < m; i19++) {
                                          s[t] = x + i19;
                                          __syncthreads();
                                          for (int i20 = 0; i20 < m; i20++) {
                                            s[t] = x + i20;
                                            __syncthreads();
                                            for (int i21 = 0; i21 < m; i21++) {
                                              s[t] = x + i21;
                                              __syncthreads();
                                              for (int i22 = 0; i22 < m; i22++) {
                                                s[t] = x + i22;
                                                __syncthreads();
                                                for (int i23 = 0; i23 < m; i23++) {
                                                  s[t] = x + i23;
                                                  __syncthreads();
                                                  for (int i24 = 0; i24 < m; i24++) {
                                                    s[t] = x + i24;
                                                    __syncthreads();
                                                    for (int i25 = 0; i25 < m; i25++) {
                                                      s[t] = x + i25;
                                                      __syncthreads();
                                                      for (int i26 = 0; i26 < m; i26++) {
                                                        s[t] = x + i26;
                                                        __syncthreads();
                                                        for (int i27 = 0; i27 < m; i27++) {
                                                          s[t] = x + i27;
                                                          __syncthreads();
                                                          for (int i28 = 0; i28 < m; i28++) {
                                                            s[t] = x + i28;
                                                            __syncthreads();
                                                            for (int i29 = 0; i29 < m; i29++) {
                                                              s[t] = x + i29;
                                                              __syncthreads();
                                                              for (int i30 = 0; i30 < m; i30++) {
                                                                s[t] = x + i30;
                                                                __syncthreads();
                                                                for (int i31 = 0; i31 < m; i31++) {
                                                                  s[t] = x + i31;
                                                                  __syncthreads();
                                                                  for (int i32 = 0; i32 < m; i32++) {
                                                                    s[t] = x + i32;
                                                                    __syncthreads();
                                                                    for (int i33 = 0; i33 < m; i33++) {
                                                                      s[t] = x + i33;
                                                                      __syncthreads();
                                                                      for (int i34 = 0; i34 < m; i34++) {
                                                                        s[t] = x + i34;
                                                                        __syncthreads();
                                                                        for (int i35 = 0; i35 < m; i35++) {
                                                                          s[t] = x + i35;
                                                                          __syncthreads();
                                                                          for (int i36 = 0; i36 < m; i36++) {
                                                                            s[t] = x + i36;
                                                                            __syncthreads();
                                                                            for (int i37 = 0; i37 < m; i37++) {
                                                                              s[t] = x + i37;
                                                                              __syncthreads();
                                                                              for (int i38 = 0; i38 < m; i38++) {
                                                                                s[t] = x + i38;
                                                                                __syncthreads();
                                                                                for (int i39 = 0; i39 < m; i39++) {
                                                                                  s[t] = x + i39;
                                                                                  __syncthreads();
                                                                                  for (int i40 = 0; i40 < m; i40++) {
                                                                                    s[t] = x + i40;
                                                                                    __syncthreads();
                                                                                    for (int i41 = 0; i41 < m; i41++) {
                                                                                      s[t] = x + i41;
                                                                                      __syncthreads();
                                                                                      for (int i42 = 0; i42 < m; i42++) {
                                                                                        s[t] = x + i42;
                                                                                        __syncthreads();
                                                                                        for (int i43 = 0; i43 < m; i43++) {
                                                                                          s[t] = x + i43;
                                                                                          __syncthreads();
                                                                                          for (int i44 = 0; i44 < m; i44++) {
                                                                                            s[t] = x + i44;
                                                                                            __syncthreads();
                                                                                            for (int i45 = 0; i45 < m; i45++) {
                                                                                              s[t] = x + i45;
                                                                                              __syncthreads();
                                                                                              for (int i46 = 0; i46 < m; i46++) {
                                                                                                s[t] = x + i46;
                                                                                                __syncthreads();
                                                                                                for (int i47 = 0; i47 < m; i47++) {
                                                                                                  s[t] = x + i47;
                                                                                                  __syncthreads();
                                                                                                  for (int i48 = 0; i48 < m; i48++) {
                                                                                                    s[t] = x + i48;
                                                                                                    __syncthreads();
                                                                                                    for (int i49 = 0; i49 < m; i49++) {
                                                                                                      s[t] = x + i49;
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
    }
  }
  __syncthreads();
  out[blockIdx.x * T + t] = x + s[(t + 1) % T];
}
