// -mapcost-run-trace: every access of every thread, with its barrier
// interval and the lanes of its warp that executed it together.
//
// RUN: %cuda_device -O0 -g -emit-llvm -Xclang -disable-llvm-passes -S -o %t.ll %s
// RUN: env MAPCOST_OPTIONS="-mapcost-run -mapcost-block-dim=64 -mapcost-grid-dim=1 -mapcost-run-trace=%t.trace" %opt -load-pass-plugin=%plugin -passes=mapcost -disable-output %t.ll > /dev/null
// RUN: FileCheck %s < %t.trace
// RUN: grep -c 'array=s' %t.trace | FileCheck %s --check-prefix=COUNT
__global__ void halves(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x % 2 == 0)
    out[threadIdx.x] = s[threadIdx.x + 1];
}
// The first interval: every thread writes s, all 32 lanes together.
// CHECK: kernel=halves seed=0 interval=[[I1:[0-9]+]] block=0,0,0 tid=0,0,0 array=s offset=0 bytes=4 kind=write scope=device line=10 column={{[0-9]+}} mask=0xffffffff
// After the barrier, the even lanes read s and write out.
// CHECK-NOT: interval=[[I1]] {{.*}}kind=read
// CHECK: tid=0,0,0 array=s offset=4 bytes=4 kind=read scope=device line=13 column={{[0-9]+}} mask=0x55555555
// CHECK-NEXT: tid=2,0,0 array=s offset=12 bytes=4 kind=read
// 64 writes and 32 reads of s.
// COUNT: 96
