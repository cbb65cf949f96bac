// Loops left by a break. `first_few` is a grid-stride loop that stops
// after the element past index 40: a thread runs iteration k + 1 only
// where the loop went on in iteration k (i < n and i < 41 then), a
// condition the loop's test and the break give together; the first
// iteration runs apart and the others under that condition, summed over
// the iterations the longest lane can run. `leave` is a doubling loop that
// threads at k and past leave at once (once `unbounded`). Both exact for
// every launch. `stop_at` breaks at a lane-dependent iteration (lane t
// runs t % 8 + 1 iterations while j < m): bounded by the longest lane's
// count.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 --param n=20 --param m=3 --param k=40 \
// RUN:   | FileCheck %s --check-prefix=SMALL --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2 --param n=500 --param m=12 --param k=0 \
// RUN:   | FileCheck %s --check-prefix=LONG --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=3 --param n=100 --param m=1 --param k=100 \
// RUN:   | FileCheck %s --check-prefix=WIDE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void first_few(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    out[i] = in[i];
    if (i >= 40)
      break;
  }
}

__global__ void stop_at(const float *in, float *out, int m) {
  for (int j = 0; j < m; j++) {
    out[j * blockDim.x + threadIdx.x] = in[j];
    if (j >= threadIdx.x % 8)
      break;
  }
}

__global__ void leave(const int *in, float *out, int k) {
  int tid = threadIdx.x;
  for (int i = 1; i < 16; i *= 2) {
    if (tid < k) {
      out[tid] += (float)in[tid];
    } else {
      if (i >= 1)
        break;
    }
  }
}

// SMALL: kernel first_few: {{[0-9]+:[0-9]+}} uncoalesced in = 3 (=) measured 3 ok
// SMALL: kernel first_few: {{[0-9]+:[0-9]+}} uncoalesced out = 3 (=) measured 3 ok
// SMALL: kernel first_few: total uncoalesced = 6 (=) measured 6 ok
// SMALL: kernel stop_at: {{[0-9]+:[0-9]+}} uncoalesced in = 3 (<=) measured 3 ok
// SMALL: kernel stop_at: {{[0-9]+:[0-9]+}} uncoalesced out = 12 (<=) measured 12 ok
// SMALL: kernel stop_at: total uncoalesced = 15 (<=) measured 15 ok
// SMALL: kernel leave: {{[0-9]+:[0-9]+}} uncoalesced in = 16 (=) measured 16 ok
// SMALL: kernel leave: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// SMALL: kernel leave: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// SMALL: kernel leave: total uncoalesced = 48 (=) measured 48 ok
// LONG: kernel first_few: {{[0-9]+:[0-9]+}} uncoalesced in = 8 (=) measured 8 ok
// LONG: kernel first_few: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// LONG: kernel first_few: total uncoalesced = 16 (=) measured 16 ok
// LONG: kernel stop_at: {{[0-9]+:[0-9]+}} uncoalesced in = 8 (<=) measured 8 ok
// LONG: kernel stop_at: {{[0-9]+:[0-9]+}} uncoalesced out = 32 (<=) measured 32 ok
// LONG: kernel stop_at: total uncoalesced = 40 (<=) measured 40 ok
// LONG: kernel leave: {{[0-9]+:[0-9]+}} uncoalesced in = 0 (=) measured 0 ok
// LONG: kernel leave: {{[0-9]+:[0-9]+}} uncoalesced out = 0 (=) measured 0 ok
// LONG: kernel leave: {{[0-9]+:[0-9]+}} uncoalesced out = 0 (=) measured 0 ok
// LONG: kernel leave: total uncoalesced = 0 (=) measured 0 ok
// WIDE: kernel first_few: {{[0-9]+:[0-9]+}} uncoalesced in = 4 (=) measured 4 ok
// WIDE: kernel first_few: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// WIDE: kernel first_few: total uncoalesced = 8 (=) measured 8 ok
// WIDE: kernel stop_at: {{[0-9]+:[0-9]+}} uncoalesced in = 1 (<=) measured 1 ok
// WIDE: kernel stop_at: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (<=) measured 4 ok
// WIDE: kernel stop_at: total uncoalesced = 5 (<=) measured 5 ok
// WIDE: kernel leave: {{[0-9]+:[0-9]+}} uncoalesced in = 16 (=) measured 16 ok
// WIDE: kernel leave: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// WIDE: kernel leave: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// WIDE: kernel leave: total uncoalesced = 48 (=) measured 48 ok
