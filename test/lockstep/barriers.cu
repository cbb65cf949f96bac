// Barrier divergence found, or rightly not found, in the lock-step form:
// print<mapcost-lockstep>'s barrier lines (symbolic block size, and
// -mapcost-block-dim=64), the compiler warnings under clang, and the
// per-module JSON report. The expected lines are at the end of the file.
//
// RUN: %cuda_device -O0 -g -fno-discard-value-names -emit-llvm -Xclang -disable-llvm-passes -S -o %t.ll %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-lockstep>' -disable-output %t.ll 2>&1 \
// RUN:   | grep -E '^lockstep|^  barrier ' | FileCheck %s
// RUN: %opt -load-pass-plugin=%plugin -passes='print<mapcost-lockstep>' -mapcost-block-dim=64 \
// RUN:   -disable-output %t.ll 2>&1 | grep -E '^lockstep|^  barrier ' | FileCheck %s --check-prefix=D64
//
// Warnings: one per divergent barrier, at the barrier, at -O2 as at -O0.
// RUN: %cuda_device -g -O2 -S -o /dev/null %load_plugin %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %cuda_device -g -O2 -S -o /dev/null %load_plugin %s 2>&1 | grep -c 'warning: .*barrier divergence' \
// RUN:   | FileCheck %s --check-prefix=COUNT
// RUN: %cuda_device -g -O2 -S -o /dev/null %load_plugin -mllvm -mapcost-warnings=0 %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
//
// The report: verdicts and barrier_divergence entries; SARIF, one result
// per divergent barrier.
// RUN: rm -rf %t.dir && %opt -load-pass-plugin=%plugin -passes=mapcost -mapcost-report=%t.dir \
// RUN:   -mapcost-warnings=0 -disable-output %t.ll
// RUN: cat %t.dir/*.json | FileCheck %s --check-prefix=JSON
// RUN: rm -rf %t.sarif && %opt -load-pass-plugin=%plugin -passes=mapcost -mapcost-report=%t.sarif \
// RUN:   -mapcost-report-format=sarif -mapcost-warnings=0 -disable-output %t.ll
// RUN: cat %t.sarif/*.sarif | grep -c '"ruleId": "barrier-divergence", "ruleIndex": 1, "level": "error"' \
// RUN:   | FileCheck %s --check-prefix=COUNT

__device__ void use(int);

// 1. A barrier under a threadIdx-dependent if.
__global__ void div_if(int *s) {
  s[threadIdx.x] = 1;
  if (threadIdx.x < 16)
    __syncthreads();
}

// 2. A barrier in a loop whose bound depends on threadIdx.
__global__ void div_loop_bound(int *s) {
  for (int i = 0; i < threadIdx.x; ++i) {
    s[i] = 1;
    __syncthreads();
  }
}

// 3. An early return before a barrier.
__global__ void early_return(int *s, int n) {
  if (threadIdx.x >= n)
    return;
  s[threadIdx.x] = 1;
  __syncthreads();
}

// 4. A barrier in a loop over a uniform range: fine.
__global__ void uniform_loop(int *s, int n) {
  for (int i = 0; i < n; ++i) {
    s[threadIdx.x] += i;
    __syncthreads();
  }
}

// 5. A barrier after a data-dependent branch has joined: fine.
__global__ void after_data_branch(int *a) {
  int x;
  if (a[threadIdx.x] > 0) { a[0] = 1; x = 1; } else { a[1] = 1; x = 2; }
  __syncthreads();
  use(x);
}

// 6. A barrier under a condition read from memory: possibly divergent.
__global__ void in_data_branch(int *a) {
  if (a[0] > 0)
    __syncthreads();
}

// 7. A switch on a block-uniform value, barriers in its cases: fine.
__global__ void uniform_switch(int *s) {
  switch (blockIdx.x % 3) {
  case 0: s[threadIdx.x] = 0; __syncthreads(); break;
  case 1: s[threadIdx.x] = 1;
  default: __syncthreads(); s[0] = 2;
  }
}

// 8. __syncthreads_count under a threadIdx-dependent if; __syncthreads_or
// under a blockIdx-dependent one (fine).
__global__ void count_divergent(int *a) {
  if (threadIdx.x < 32)
    a[0] = __syncthreads_count(a[threadIdx.x] > 0);
}

__global__ void or_uniform(int *a) {
  if (blockIdx.x < 32)
    a[0] = __syncthreads_or(a[threadIdx.x] > 0);
}

// 9. Two levels: a uniform if around a divergent one; two uniform loops.
__global__ void nested_divergent(int *s, int n) {
  if (n > 0) {
    s[threadIdx.x] = 1;
    if (threadIdx.y == 0)
      __syncthreads();
  }
}

__global__ void nested_uniform(int *s, int n, int m) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      s[threadIdx.x] = i + j;
      __syncthreads();
    }
}

// 10. Cooperative groups' block sync (__barrier_sync(0), the non-aligned
// barrier) under a blockIdx condition (fine) and a threadIdx one.
__global__ void block_sync(int *s) {
  if (blockIdx.y == 0)
    __nvvm_barrier_sync(0);
  if (threadIdx.z == 0)
    __nvvm_barrier_sync(0);
}

// 11. __syncwarp at warp level: under a lane-dependent branch with the
// full mask (divergent); with the mask of exactly the lanes that reach it
// (fine); under threadIdx.x / 32 == 0 (fine when rows are whole warps).
__global__ void warp_sync(int *s) {
  if (threadIdx.x % 32 < 16)
    __syncwarp();
  if (__nvvm_read_ptx_sreg_laneid() < 16)
    __syncwarp(0xffff);
  if (threadIdx.x / 32 == 0)
    __syncwarp();
}

// 12. A barrier for 64 threads: partial (inconclusive) unless the block has
// 64 threads; a count of blockDim.x * blockDim.y * blockDim.z is the block.
__global__ void partial(int *s) {
  s[threadIdx.x] = 1;
  __nvvm_barrier_sync_cnt(1, 64);
}

__global__ void __launch_bounds__(256) whole_count(int *s) {
  s[threadIdx.x] = 1;
  __nvvm_barrier_sync_cnt(0, blockDim.x * blockDim.y * blockDim.z);
}

// 13. threadIdx.x < 64 is every thread of a 64-thread block; threadIdx.x <
// 32 is whole warps, not the whole block.
__global__ void first_64(int *s) {
  if (threadIdx.x < 64)
    __syncthreads();
  if (threadIdx.x < 32)
    __syncthreads();
}

// 14. An arrive does not wait: no barrier, no divergence.
__global__ void arrive(int *s) {
  if (threadIdx.x < 32)
    asm volatile("bar.arrive 1, 64;");
}

// 15. After a loop that threads leave at different iterations: fine.
__global__ void after_divergent_loop(int *s) {
  for (int i = 0; i < threadIdx.x; ++i)
    s[i] = 0;
  __syncthreads();
}

// 16. In a loop that a thread-dependent break leaves early (B2).
__global__ void break_loop(int *s, int n) {
  for (int i = 0; i < n; ++i) {
    if (s[i] == threadIdx.x)
      break;
    __syncthreads();
  }
}

// 17. A tree reduction in a uniform loop: the divergent ifs inside join
// again before the loop decides whether to go on; all barriers are fine.
__global__ void tree_reduction(int *s, int *out, int reps) {
  int r = 0;
  do {
    s[threadIdx.x] = r;
    __syncthreads();
    for (int st = 1; st < blockDim.x; st *= 2) {
      if (threadIdx.x % (2 * st) == 0)
        s[threadIdx.x] += s[threadIdx.x + st];
      __syncthreads();
    }
    if (threadIdx.x == 0)
      out[r] = s[0];
    __syncthreads();
  } while (++r < reps);
}

// 18. A thread that traps aborts the kernel and one that reaches
// unreachable is undefined: avoiding them is not a divergent decision.
__global__ void trap_paths(int *s, int n) {
  if (s[threadIdx.x] < 0)
    __trap();
  for (int i = 0; i < n; ++i) {
    switch (i % 2) {
    case 0: s[threadIdx.x] += 1; break;
    case 1: s[threadIdx.x] -= 1; break;
    default: __builtin_unreachable();
    }
    __syncthreads();
  }
}

// ---- Expected: the printer (symbolic block size) ----
// CHECK-LABEL: lockstep of kernel 'div_if': 3 blocks, 0 loops, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:35:5 scope block: divergent when threadIdx.x < 16 (threadIdx.x < 16 may differ between the threads of a block: it depends on threadIdx.x)
// CHECK-LABEL: lockstep of kernel 'div_loop_bound': 4 blocks, 1 loop, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:42:5 scope block: divergent when i < threadIdx.x (the threads of a block may leave the loop at {{.*}}barriers.cu:40 at different iterations: its exit depends on threadIdx.x)
// CHECK-LABEL: lockstep of kernel 'early_return': 3 blocks, 0 loops, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:51:3 scope block: divergent when threadIdx.x < n (threadIdx.x < n may differ between the threads of a block: it depends on threadIdx.x)
// CHECK-LABEL: lockstep of kernel 'uniform_loop': 4 blocks, 1 loop, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:58:5 scope block: ok
// CHECK-LABEL: lockstep of kernel 'after_data_branch': 4 blocks, 0 loops, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:66:3 scope block: ok
// CHECK-LABEL: lockstep of kernel 'in_data_branch': 3 blocks, 0 loops, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:73:5 scope block: divergent when a[0] > 0 (a[0] > 0 may differ between the threads of a block: it depends on a value loaded from memory (a[0]) at {{.*}}barriers.cu:72)
// CHECK-LABEL: lockstep of kernel 'uniform_switch': 5 blocks, 0 loops, 2 barriers; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:79:31 scope block: ok
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:81:12 scope block: ok
// CHECK-LABEL: lockstep of kernel 'count_divergent': 3 blocks, 0 loops, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads_count() at {{.*}}barriers.cu:89:12 scope block: divergent when threadIdx.x < 32 (threadIdx.x < 32 may differ between the threads of a block: it depends on threadIdx.x)
// CHECK-LABEL: lockstep of kernel 'or_uniform': 3 blocks, 0 loops, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads_or() at {{.*}}barriers.cu:94:12 scope block: ok
// CHECK-LABEL: lockstep of kernel 'nested_divergent': 4 blocks, 0 loops, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:102:7 scope block: divergent when n > 0 && threadIdx.y == 0 (threadIdx.y == 0 may differ between the threads of a block: it depends on threadIdx.y)
// CHECK-LABEL: lockstep of kernel 'nested_uniform': 7 blocks, 2 loops, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:110:7 scope block: ok
// CHECK-LABEL: lockstep of kernel 'block_sync': 5 blocks, 0 loops, 2 barriers; block size symbolic
// CHECK-NEXT:   barrier barrier.sync (cooperative groups' block sync) at {{.*}}barriers.cu:118:5 scope block: ok
// CHECK-NEXT:   barrier barrier.sync (cooperative groups' block sync) at {{.*}}barriers.cu:120:5 scope block: divergent when threadIdx.z == 0 (threadIdx.z == 0 may differ between the threads of a block: it depends on threadIdx.z)
// CHECK-LABEL: lockstep of kernel 'warp_sync': 7 blocks, 0 loops, 3 barriers; block size symbolic
// CHECK-NEXT:   barrier __syncwarp() at {{.*}}barriers.cu:128:5 scope warp: divergent when (threadIdx.x & 16) == 0 ((threadIdx.x & 16) == 0 may differ between the threads of a warp: it depends on threadIdx.x)
// CHECK-NEXT:   barrier __syncwarp() at {{.*}}barriers.cu:130:5 scope warp: ok
// CHECK-NEXT:   barrier __syncwarp() at {{.*}}barriers.cu:132:5 scope warp: divergent when threadIdx.x < 32 (threadIdx.x < 32 may differ between the threads of a warp: it depends on threadIdx.x)
// CHECK-LABEL: lockstep of kernel 'partial': 1 block, 0 loops, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier barrier.sync(id, count) at {{.*}}barriers.cu:139:3 scope block: inconclusive (barrier.sync(id, count) waits for 64 threads, which is not provably the block size: a partial barrier)
// CHECK-LABEL: lockstep of kernel 'whole_count': 1 block, 0 loops, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier barrier.sync(id, count) at {{.*}}barriers.cu:144:3 scope block: ok
// CHECK-LABEL: lockstep of kernel 'first_64': 5 blocks, 0 loops, 2 barriers; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:151:5 scope block: divergent when threadIdx.x < 64 (threadIdx.x < 64 may differ between the threads of a block: it depends on threadIdx.x)
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:153:5 scope block: divergent when threadIdx.x < 32 (threadIdx.x < 32 may differ between the threads of a block: it depends on threadIdx.x)
// CHECK-LABEL: lockstep of kernel 'arrive': 3 blocks, 0 loops, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier bar.arrive (inline assembly) at {{.*}}barriers.cu:159:5 scope block: not a barrier
// CHECK-LABEL: lockstep of kernel 'after_divergent_loop': 4 blocks, 1 loop, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:166:3 scope block: ok
// CHECK-LABEL: lockstep of kernel 'break_loop': 5 blocks, 1 loop, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:174:5 scope block: divergent when i != max(n, 0) && s[i] != threadIdx.x (the threads of a block may leave the loop at {{.*}}barriers.cu:171 at different iterations: its exit depends on a value loaded from memory (s[i]) at {{.*}}barriers.cu:172)
// CHECK-LABEL: lockstep of kernel 'tree_reduction': 10 blocks, 2 loops, 3 barriers; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:184:5 scope block: ok
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:188:7 scope block: ok
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:192:5 scope block: ok
// CHECK-LABEL: lockstep of kernel 'trap_paths': 10 blocks, 1 loop, 1 barrier; block size symbolic
// CHECK-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:207:5 scope block: ok

// ---- With 64-thread blocks: warp_sync, partial, first_64 change ----
// D64-LABEL: lockstep of kernel 'warp_sync': 7 blocks, 0 loops, 3 barriers; block size 64x1x1
// D64-NEXT:   barrier __syncwarp() at {{.*}}barriers.cu:128:5 scope warp: divergent when (threadIdx.x & 16) == 0 ((threadIdx.x & 16) == 0 may differ between the threads of a warp: it depends on threadIdx.x)
// D64-NEXT:   barrier __syncwarp() at {{.*}}barriers.cu:130:5 scope warp: ok
// D64-NEXT:   barrier __syncwarp() at {{.*}}barriers.cu:132:5 scope warp: ok
// D64-LABEL: lockstep of kernel 'partial': 1 block, 0 loops, 1 barrier; block size 64x1x1
// D64-NEXT:   barrier barrier.sync(id, count) at {{.*}}barriers.cu:139:3 scope block: ok
// D64-LABEL: lockstep of kernel 'whole_count': 1 block, 0 loops, 1 barrier; block size 64x1x1
// D64-NEXT:   barrier barrier.sync(id, count) at {{.*}}barriers.cu:144:3 scope block: ok
// D64-LABEL: lockstep of kernel 'first_64': 5 blocks, 0 loops, 2 barriers; block size 64x1x1
// D64-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:151:5 scope block: ok
// D64-NEXT:   barrier __syncthreads() at {{.*}}barriers.cu:153:5 scope block: divergent when threadIdx.x < 32 (threadIdx.x < 32 may differ between the threads of a block: it depends on threadIdx.x)

// ---- Warnings (clang -O2) ----
// WARN: warning: {{.*}}barriers.cu:35:5: mapcost: barrier divergence in kernel 'div_if': __syncthreads() at {{.*}}barriers.cu:35:5 is reached only by threads where threadIdx.x < 16; move the barrier out of the condition or make the condition the same for the whole block [-Wbackend-plugin]
// WARN: warning: {{.*}}barriers.cu:42:5: mapcost: barrier divergence in kernel 'div_loop_bound': __syncthreads() at {{.*}}barriers.cu:42:5 is reached only by threads where {{.*}} < threadIdx.x; move the barrier out of the condition or make the condition the same for the whole block [-Wbackend-plugin]
// WARN: warning: {{.*}}barriers.cu:51:3: mapcost: barrier divergence in kernel 'early_return': __syncthreads() at {{.*}}barriers.cu:51:3 is reached only by threads where threadIdx.x < {{.*}}; move the barrier out of the condition or make the condition the same for the whole block [-Wbackend-plugin]
// WARN: warning: {{.*}}barriers.cu:73:5: mapcost: barrier divergence in kernel 'in_data_branch': __syncthreads() at {{.*}}barriers.cu:73:5 is reached only by threads where {{.*}}[0] > 0; move the barrier out of the condition or make the condition the same for the whole block [-Wbackend-plugin]
// WARN: warning: {{.*}}barriers.cu:89:12: mapcost: barrier divergence in kernel 'count_divergent': __syncthreads_count() at {{.*}}barriers.cu:89:12 is reached only by threads where threadIdx.x < 32; move the barrier out of the condition or make the condition the same for the whole block [-Wbackend-plugin]
// WARN: warning: {{.*}}barriers.cu:102:7: mapcost: barrier divergence in kernel 'nested_divergent': __syncthreads() at {{.*}}barriers.cu:102:7 is reached only by threads where {{.*}} > 0 && threadIdx.y == 0; move the barrier out of the condition or make the condition the same for the whole block [-Wbackend-plugin]
// WARN: warning: {{.*}}barriers.cu:120:5: mapcost: barrier divergence in kernel 'block_sync': barrier.sync (cooperative groups' block sync) at {{.*}}barriers.cu:120:5 is reached only by threads where threadIdx.z == 0; move the barrier out of the condition or make the condition the same for the whole block [-Wbackend-plugin]
// WARN: warning: {{.*}}barriers.cu:128:5: mapcost: barrier divergence in kernel 'warp_sync': __syncwarp() at {{.*}}barriers.cu:128:5 is reached only by threads where (threadIdx.x & 16) == 0; move the barrier out of the condition or make the condition the same for the whole warp [-Wbackend-plugin]
// WARN: warning: {{.*}}barriers.cu:132:5: mapcost: barrier divergence in kernel 'warp_sync': __syncwarp() at {{.*}}barriers.cu:132:5 is reached only by threads where threadIdx.x < 32; move the barrier out of the condition or make the condition the same for the whole warp [-Wbackend-plugin]
// WARN: warning: {{.*}}barriers.cu:151:5: mapcost: barrier divergence in kernel 'first_64': __syncthreads() at {{.*}}barriers.cu:151:5 is reached only by threads where threadIdx.x < 64; move the barrier out of the condition or make the condition the same for the whole block [-Wbackend-plugin]
// WARN: warning: {{.*}}barriers.cu:153:5: mapcost: barrier divergence in kernel 'first_64': __syncthreads() at {{.*}}barriers.cu:153:5 is reached only by threads where threadIdx.x < 32; move the barrier out of the condition or make the condition the same for the whole block [-Wbackend-plugin]
// WARN: warning: {{.*}}barriers.cu:174:5: mapcost: barrier divergence in kernel 'break_loop': __syncthreads() at {{.*}}barriers.cu:174:5 is reached only by threads where {{.*}} != max({{.*}}, 0) && {{.*}}[{{.*}}] != threadIdx.x; move the barrier out of the condition or make the condition the same for the whole block [-Wbackend-plugin]
// COUNT: 12
// QUIET-NOT: barrier divergence

// ---- The report ----
// JSON: {"name": "div_if", {{[^}]*}}"verdict": "race"
// JSON-SAME: {"line": 35, "column": 5, "condition": "threadIdx.x < 16"
// JSON: {"name": "div_loop_bound", {{[^}]*}}"verdict": "race"
// JSON-SAME: {"line": 42, "column": 5, "condition": "i < threadIdx.x"
// JSON: {"name": "early_return", {{[^}]*}}"verdict": "race"
// JSON-SAME: {"line": 51, "column": 3, "condition": "threadIdx.x < n"
// JSON: {"name": "uniform_loop", {{[^}]*}}"verdict": "race"
// JSON-SAME: "barrier_divergence": []
// JSON: {"name": "after_data_branch", {{[^}]*}}"verdict": "race"
// JSON-SAME: "barrier_divergence": []
// JSON: {"name": "in_data_branch", {{[^}]*}}"verdict": "barrier-divergence"
// JSON-SAME: {"line": 73, "column": 5, "condition": "a[0] > 0"
// JSON: {"name": "uniform_switch", {{[^}]*}}"verdict": "race"
// JSON-SAME: "barrier_divergence": []
// JSON: {"name": "count_divergent", {{[^}]*}}"verdict": "race"
// JSON-SAME: {"line": 89, "column": 12, "condition": "threadIdx.x < 32"
// JSON: {"name": "or_uniform", {{[^}]*}}"verdict": "race"
// JSON-SAME: "barrier_divergence": []
// JSON: {"name": "nested_divergent", {{[^}]*}}"verdict": "race"
// JSON-SAME: {"line": 102, "column": 7, "condition": "n > 0 && threadIdx.y == 0"
// JSON: {"name": "nested_uniform", {{[^}]*}}"verdict": "race"
// JSON-SAME: "barrier_divergence": []
// JSON: {"name": "block_sync", {{[^}]*}}"verdict": "barrier-divergence"
// JSON-SAME: {"line": 120, "column": 5, "condition": "threadIdx.z == 0"
// JSON: {"name": "warp_sync", {{[^}]*}}"verdict": "barrier-divergence"
// JSON-SAME: {"line": 128, "column": 5, "condition": "(threadIdx.x & 16) == 0"
// JSON-SAME: {"line": 132, "column": 5, "condition": "threadIdx.x < 32"
// JSON: {"name": "partial", {{[^}]*}}"verdict": "race"
// JSON-SAME: "reasons": ["barrier.sync(id, count) waits for 64 threads, which is not provably the block size: a partial barrier"]
// JSON-SAME: "barrier_divergence": []
// JSON: {"name": "whole_count", {{[^}]*}}"verdict": "race"
// JSON-SAME: "barrier_divergence": []
// JSON: {"name": "first_64", {{[^}]*}}"verdict": "barrier-divergence"
// JSON-SAME: {"line": 151, "column": 5, "condition": "threadIdx.x < 64"
// JSON-SAME: {"line": 153, "column": 5, "condition": "threadIdx.x < 32"
// JSON: {"name": "arrive", {{[^}]*}}"verdict": "drf"
// JSON-SAME: "barrier_divergence": []
// JSON: {"name": "after_divergent_loop", {{[^}]*}}"verdict": "race"
// JSON-SAME: "barrier_divergence": []
// JSON: {"name": "break_loop", {{[^}]*}}"verdict": "barrier-divergence"
// JSON-SAME: {"line": 174, "column": 5, "condition": "i != max(n, 0) && s[i] != threadIdx.x"
// JSON: {"name": "tree_reduction", {{[^}]*}}"verdict": "race"
// JSON-SAME: "barrier_divergence": []
// JSON: {"name": "trap_paths", {{[^}]*}}"verdict": "race"
// JSON-SAME: "barrier_divergence": []
