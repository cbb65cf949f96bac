// A halving loop over a parameter with a guard on the halved value (the
// reduction pattern with a symbolic size): the trip count is the number of
// bits of m, the guard a threshold (tid < s) summed over the halvings,
// each step a sum of comparisons of m itself. Exact for every m.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param m=0 \
// RUN:   | FileCheck %s --check-prefix=M0 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param m=5 \
// RUN:   | FileCheck %s --check-prefix=M5 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param m=37 \
// RUN:   | FileCheck %s --check-prefix=M37 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=1 --param m=1000 \
// RUN:   | FileCheck %s --check-prefix=M1000 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void halve(float *a, unsigned m) {
  for (unsigned s = m; s > 0; s >>= 1)
    if (threadIdx.x < s)
      a[threadIdx.x] += 1.0f;
}

// M0: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 0 (=) measured 0 ok
// M0: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 0 (=) measured 0 ok
// M0: kernel halve: total uncoalesced = 0 (=) measured 0 ok
// M5: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 3 (=) measured 3 ok
// M5: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 3 (=) measured 3 ok
// M5: kernel halve: total uncoalesced = 6 (=) measured 6 ok
// M37: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 12 (=) measured 12 ok
// M37: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 12 (=) measured 12 ok
// M37: kernel halve: total uncoalesced = 24 (=) measured 24 ok
// M1000: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 29 (=) measured 29 ok
// M1000: kernel halve: {{[0-9]+:[0-9]+}} uncoalesced a = 29 (=) measured 29 ok
// M1000: kernel halve: total uncoalesced = 58 (=) measured 58 ok
