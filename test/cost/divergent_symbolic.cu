// Seed 000 §6.2 without fixed block dimensions: thread t runs
// (3t % 7) + (5t % 7) iterations, which intervals bound by 12; Z3 finds
// the most any thread runs, 11 (t = 4), and the loop counts every thread
// in each of them (a bound: the threads leave at different times): 11
// iterations of 32 sectors (the twelfth, in which the last thread leaves,
// runs the body in none), where the intervals give 12.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 --symbolic-block \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %mapcost --no-sdk --metric=uncoalesced %s | FileCheck %s --check-prefix=STATIC

__global__ void divergent(float *a) {
  for (unsigned x = 0; x < (threadIdx.x * 3) % 7 + (threadIdx.x * 5) % 7; x++)
    a[threadIdx.x * 32 + x] += 1.0f;
}

// CHECK: kernel divergent: {{[0-9]+:[0-9]+}} uncoalesced a = 352 (<=) measured 190 ok
// CHECK: kernel divergent: {{[0-9]+:[0-9]+}} uncoalesced a = 352 (<=) measured 190 ok
// CHECK: kernel divergent: total uncoalesced = 704 (<=) measured 380 ok
// STATIC: cost uncoalesced of a at {{.*}}: 352 (upper bound)
