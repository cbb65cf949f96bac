// -mapcost-solver-log=FILE (README, "Reporting a solver crash or hang"):
// each race query is written into FILE in SMT-LIB 2 just before it is
// checked, so the file keeps the compile's last one, and once checked the
// answer the analysis got, in a last comment (`; answer: sat`); z3
// replays it to that answer: unsat for the last query of a race-free
// array (over the integers, with products abstracted), sat for a race's
// (bit-vectors).
//
// RUN: rm -f %t.drf.smt2 %t.race.smt2 %t.again.smt2
// RUN: env MAPCOST_OPTIONS=-mapcost-solver-log=%t.drf.smt2 %mapcost --no-sdk %s | FileCheck %s --check-prefix=DRF
// RUN: FileCheck %s --check-prefix=DRF-QUERY < %t.drf.smt2
// RUN: z3 %t.drf.smt2 | FileCheck %s --check-prefix=UNSAT
// RUN: env MAPCOST_OPTIONS=-mapcost-solver-log=%t.race.smt2 not %mapcost --no-sdk %s -- -DRACY | FileCheck %s --check-prefix=RACE
// RUN: FileCheck %s --check-prefix=RACE-QUERY < %t.race.smt2
// RUN: z3 %t.race.smt2 | FileCheck %s --check-prefix=SAT
// With a log the race jobs run one at a time, so the last query is the
// same in every compile (two jobs at once wrote the file together):
// RUN: env MAPCOST_OPTIONS=-mapcost-solver-log=%t.again.smt2 not %mapcost --no-sdk %s -- -DRACY > /dev/null
// RUN: cmp %t.race.smt2 %t.again.smt2
// RUN: env MAPCOST_OPTIONS=-mapcost-solver-log= not %mapcost --no-sdk %s 2>&1 | FileCheck %s --check-prefix=BAD

#ifndef RACY
__global__ void scale(float *a, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * s;
}
// DRF: array a global float* drf
// DRF-QUERY: (set-option :rlimit {{[0-9]+}})
// DRF-QUERY: (set-logic QF_UFLIA)
// DRF-QUERY: (declare-fun threadIdx.x@1 () Int)
// DRF-QUERY: (declare-fun threadIdx.x@2 () Int)
// DRF-QUERY: (assert
// DRF-QUERY: (check-sat)
// DRF-QUERY-NEXT: ; answer: unsat
// UNSAT: {{^unsat$}}
#else

__global__ void racy(int *a) { a[threadIdx.x % 7] = threadIdx.x; }
// RACE: race on a (global, block scope): write-write, confirmed
// RACE-QUERY: (set-option :rlimit {{[0-9]+}})
// RACE-QUERY: (set-logic QF_BV)
// RACE-QUERY: (declare-fun threadIdx.x@1 () (_ BitVec
// RACE-QUERY: (check-sat)
// RACE-QUERY-NEXT: ; answer: sat
// SAT: {{^sat$}}
#endif

// BAD: error: {{.*}}-mapcost-solver-log needs a file name
