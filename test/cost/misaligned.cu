// One element off the alignment: 5 sectors. With an offset parameter the
// cost is a function of off modulo 8 (4 when a multiple of 8, else 5),
// exact for every off.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2 --param off=8 \
// RUN:   | FileCheck %s --check-prefix=OFF8 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2 --param off=3 \
// RUN:   | FileCheck %s --check-prefix=OFF3 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void misaligned(const float *a, float *out, int off) {
  out[threadIdx.x] = a[threadIdx.x + 1] + a[threadIdx.x + off];
}

// OFF8: kernel misaligned: {{[0-9]+:[0-9]+}} uncoalesced a = 5 (=) measured 5 ok
// OFF8: kernel misaligned: {{[0-9]+:[0-9]+}} uncoalesced a = 4 (=) measured 4 ok
// OFF8: kernel misaligned: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// OFF8: kernel misaligned: total uncoalesced = 13 (=) measured 13 ok
// OFF3: kernel misaligned: {{[0-9]+:[0-9]+}} uncoalesced a = 5 (=) measured 5 ok
// OFF3: kernel misaligned: {{[0-9]+:[0-9]+}} uncoalesced a = 5 (=) measured 5 ok
// OFF3: kernel misaligned: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// OFF3: kernel misaligned: total uncoalesced = 14 (=) measured 14 ok
