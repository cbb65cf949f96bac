// Two bounds on one index: `gid < n && gid + 8 < m` in a block, and a
// grid-stride loop over n that touches only its first m elements
// (`if (i < m)`). Each lane has two thresholds, on different uniform
// values (n and m less the block's or iteration's start), that order the
// lanes alike: the lanes that run are those below the smaller bound, one
// set per lane count, so the guard splits into the thresholds of both.
// Exact; summed over the grid-stride loop's iterations too.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 --param n=20 --param m=40 \
// RUN:   | FileCheck %s --check-prefix=SMALL --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=3 --param n=150 --param m=70 \
// RUN:   | FileCheck %s --check-prefix=MFIRST --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2 --param n=300 --param m=1000 \
// RUN:   | FileCheck %s --check-prefix=NFIRST --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void both(const float *in, float *out, int n, int m) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < n && gid + 8 < m)
    out[gid] = in[gid];
}

__global__ void prefix(const float *in, float *out, int n, int m) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    if (i < m)
      out[i] = in[i];
}

// SMALL: kernel both: {{[0-9]+:[0-9]+}} uncoalesced in = 3 (=) measured 3 ok
// SMALL: kernel both: {{[0-9]+:[0-9]+}} uncoalesced out = 3 (=) measured 3 ok
// SMALL: kernel both: total uncoalesced = 6 (=) measured 6 ok
// SMALL: kernel prefix: {{[0-9]+:[0-9]+}} uncoalesced in = 3 (=) measured 3 ok
// SMALL: kernel prefix: {{[0-9]+:[0-9]+}} uncoalesced out = 3 (=) measured 3 ok
// SMALL: kernel prefix: total uncoalesced = 6 (=) measured 6 ok
// MFIRST: kernel both: {{[0-9]+:[0-9]+}} uncoalesced in = 4 (=) measured 4 ok
// MFIRST: kernel both: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// MFIRST: kernel both: total uncoalesced = 8 (=) measured 8 ok
// MFIRST: kernel prefix: {{[0-9]+:[0-9]+}} uncoalesced in = 4 (=) measured 4 ok
// MFIRST: kernel prefix: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// MFIRST: kernel prefix: total uncoalesced = 8 (=) measured 8 ok
// NFIRST: kernel both: {{[0-9]+:[0-9]+}} uncoalesced in = 4 (=) measured 4 ok
// NFIRST: kernel both: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// NFIRST: kernel both: total uncoalesced = 8 (=) measured 8 ok
// NFIRST: kernel prefix: {{[0-9]+:[0-9]+}} uncoalesced in = 12 (=) measured 12 ok
// NFIRST: kernel prefix: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (=) measured 12 ok
// NFIRST: kernel prefix: total uncoalesced = 24 (=) measured 24 ok
