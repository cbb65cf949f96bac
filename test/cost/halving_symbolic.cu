// A halving loop over a parameter: as many iterations as n has bits (the
// trip count is a sum of n >= 2^i, seed 000's log trip count without a log
// in the formula's syntax), each a coalesced access: exact.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param n=100 \
// RUN:   | FileCheck %s --check-prefix=N100 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param n=0 \
// RUN:   | FileCheck %s --check-prefix=N0 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param n=4294967295 \
// RUN:   | FileCheck %s --check-prefix=NMAX --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void halve(float *a, unsigned n) {
  for (unsigned s = n; s > 0; s >>= 1)
    a[threadIdx.x] += 1.0f;
}

// N100: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 28 (=) measured 28 ok
// N100: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 28 (=) measured 28 ok
// N100: kernel halve: total uncoalesced = 56 (=) measured 56 ok
// N0: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 0 (=) measured 0 ok
// N0: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 0 (=) measured 0 ok
// N0: kernel halve: total uncoalesced = 0 (=) measured 0 ok
// NMAX: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 128 (=) measured 128 ok
// NMAX: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 128 (=) measured 128 ok
// NMAX: kernel halve: total uncoalesced = 256 (=) measured 256 ok
