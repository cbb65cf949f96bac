// The race queries of a kernel are tasks, one per array whose accesses may
// conflict, one per scope where both block and grid scope may; they run as
// at most two jobs in child processes, several at once (-mapcost-jobs, by
// default as many as there are processors), the largest task first to the
// job with less so far; a kernel's jobs start before the kernel before it
// has ended. Each job asks its tasks' queries in a fresh Z3 context, and the
// tasks are shared out by their size alone, so what a job finds does not
// depend on the others: every remark, witnesses included, is the same with
// one job at a time and with four. A kernel whose tasks have fewer than 64
// pairs of accesses in all is one job: its queries take less time than a
// second context.
//
// The printer shows the jobs: in 'several', 19 pairs (tile's task: 3
// accesses by 3 of its array, 9 pairs; out's two tasks, 2 by 2; sum's two,
// 1 by 1), one job, in array order; the read-only array 'in' is decided
// after it. In 'many', s's task (16 accesses by 16: 256 pairs) goes to
// job 1, out's two tasks to job 2.
// RUN: %cuda_device -O0 -g -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-drf>' -disable-output %t.ll \
// RUN:   2>&1 | FileCheck %s --check-prefix=JOBS
// JOBS-LABEL: drf several
// JOBS-NEXT:  job 1: out block, out grid, sum block, sum grid, tile block; then the arrays without conflicting accesses
// JOBS-LABEL: drf next
// JOBS-NEXT:  job 1: out block, out grid, s block
// JOBS-NOT:   job 2
// JOBS-LABEL: drf many
// JOBS-NEXT:  job 1: s block
// JOBS-NEXT:  job 2: out block, out grid
//
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -mllvm -mapcost-jobs=1 \
// RUN:   -Rpass=mapcost -Rpass-missed=mapcost -Rpass-analysis=mapcost %s > %t.1 2>&1
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -mllvm -mapcost-jobs=4 \
// RUN:   -Rpass=mapcost -Rpass-missed=mapcost -Rpass-analysis=mapcost %s > %t.4 2>&1
// RUN: diff %t.1 %t.4
// RUN: FileCheck %s < %t.4
//
// The jobs spend from the kernel's step budget together: past it the
// kernel is Inconclusive at any number of jobs.
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -mllvm -mapcost-jobs=1 \
// RUN:   -mllvm -mapcost-kernel-steps=20000 -Rpass-missed=mapcost %s > %t.b1 2>&1
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -mllvm -mapcost-jobs=3 \
// RUN:   -mllvm -mapcost-kernel-steps=20000 -Rpass-missed=mapcost %s > %t.b3 2>&1
// RUN: diff %t.b1 %t.b3
// RUN: FileCheck %s --check-prefix=BUDGET < %t.b3
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -mllvm -mapcost-jobs=1 \
// RUN:   -mllvm -mapcost-module-steps=40000 -Rpass-missed=mapcost %s > %t.m1 2>&1
// RUN: %cuda_device -O0 -g -S -o /dev/null %load_plugin -mllvm -mapcost-jobs=4 \
// RUN:   -mllvm -mapcost-module-steps=40000 -Rpass-missed=mapcost %s > %t.m4 2>&1
// RUN: diff %t.m1 %t.m4
// RUN: FileCheck %s --check-prefix=MODULE < %t.m4
//
// A bad count is refused.
// RUN: not %cuda_device -O2 -S -o /dev/null %load_plugin -mllvm -mapcost-jobs=0 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD

// A shared tile (block scope only), a global array raced on at both scopes
// (thread t writes out[t] and out[t + 1]: threads of one block meet, and
// the last thread of block 0 meets the first of block 1), a global array
// raced on between blocks only, and one only read.
// CHECK: remark: data race on global array 'out' in kernel 'several': write at {{.*}}jobs.cu:[[@LINE+16]]:12 {{.*}}block scope
// CHECK: remark: data race on global array 'out' in kernel 'several': write at {{.*}}jobs.cu:[[@LINE+15]]:12 {{.*}}grid scope
// CHECK: remark: kernel 'several': global array 'in' is free of data races at block and grid scope
// CHECK: remark: data race on global array 'sum' in kernel 'several': {{.*}}grid scope
// CHECK: remark: kernel 'several': shared array 'tile' is free of data races
// BUDGET-NOT: data race
// BUDGET: remark: kernel 'several' is not checked for data races: analysis budget spent: more than 20000 steps for this kernel (in races)
// BUDGET-NOT: in kernel 'several'
// BAD: -mapcost-jobs{{.*}}0
__global__ void several(float *out, const float *in, float *sum) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  if (t < 256)
    tile[t] = in[g];
  __syncthreads();
  if (t < 256) {
    out[g] = tile[(t + 1) % 256];
    out[g + 1] = tile[t];
  }
  if (t == 0)
    sum[blockIdx.x & 1] = 1.0f;
}

// The next kernel's jobs start before the one before ends; a kernel's
// budget is what the module has left, as if one ran after the other.
// CHECK: remark: data race on shared array 's' in kernel 'next'
// MODULE: remark: data race on global array 'out' in kernel 'several'
// MODULE: remark: kernel 'next' is not checked for data races: analysis budget spent: the kernels of this module took more than
__global__ void next(float *out) {
  __shared__ float s[64];
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x % 64] = out[g];
  out[g] = s[0];
}

// Eight rows of a shared tile written and read back after a barrier: 256
// pairs of accesses to s, two jobs.
// CHECK: remark: kernel 'many': global array 'out' is free of data races at block and grid scope
// CHECK: remark: kernel 'many': shared array 's' is free of data races
__global__ void many(float *out) {
  __shared__ float s[8][1024];
  unsigned t = threadIdx.x;
  s[0][t] = 0.0f;
  s[1][t] = 1.0f;
  s[2][t] = 2.0f;
  s[3][t] = 3.0f;
  s[4][t] = 4.0f;
  s[5][t] = 5.0f;
  s[6][t] = 6.0f;
  s[7][t] = 7.0f;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] =
      s[0][t] + s[1][t] + s[2][t] + s[3][t] + s[4][t] + s[5][t] + s[6][t] + s[7][t];
}
