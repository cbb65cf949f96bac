// A double buffer in shared memory over a symbolic number of rounds, and a
// global access whose alignment alternates with the round's parity: the
// sum over the rounds takes each parity times its count; after the loop the
// buffer last written is the toggle at each thread's last round. Exact.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 --param reps=0 \
// RUN:   | FileCheck %s --check-prefix=R0 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 --param reps=3 \
// RUN:   | FileCheck %s --check-prefix=R3 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 --param reps=4 \
// RUN:   | FileCheck %s --check-prefix=R4 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void pingpong(float *out, float *acc, int reps) {
  __shared__ float s[128];
  int pout = 0;
  s[threadIdx.x] = 0.0f;
  __syncthreads();
  for (int r = 0; r < reps; r++) {
    pout = 1 - pout;
    s[pout * 64 + threadIdx.x] = s[(1 - pout) * 64 + threadIdx.x] + 1.0f;
    acc[threadIdx.x * 2 + r % 2] += 1.0f;
    __syncthreads();
  }
  out[threadIdx.x] = s[pout * 64 + threadIdx.x];
}

// R0: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R0: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R0: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R0: kernel pingpong: {{[0-9]+:[0-9]+}} uncoalesced acc = 0 (=) measured 0 ok
// R0: kernel pingpong: {{[0-9]+:[0-9]+}} uncoalesced acc = 0 (=) measured 0 ok
// R0: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R0: kernel pingpong: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// R0: kernel pingpong: total bank-conflicts = 0 (=) measured 0 ok
// R0: kernel pingpong: total uncoalesced = 4 (=) measured 4 ok
// R3: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R3: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R3: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R3: kernel pingpong: {{[0-9]+:[0-9]+}} uncoalesced acc = 24 (=) measured 24 ok
// R3: kernel pingpong: {{[0-9]+:[0-9]+}} uncoalesced acc = 24 (=) measured 24 ok
// R3: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R3: kernel pingpong: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// R3: kernel pingpong: total bank-conflicts = 0 (=) measured 0 ok
// R3: kernel pingpong: total uncoalesced = 52 (=) measured 52 ok
// R4: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R4: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R4: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R4: kernel pingpong: {{[0-9]+:[0-9]+}} uncoalesced acc = 32 (=) measured 32 ok
// R4: kernel pingpong: {{[0-9]+:[0-9]+}} uncoalesced acc = 32 (=) measured 32 ok
// R4: kernel pingpong: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// R4: kernel pingpong: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// R4: kernel pingpong: total bank-conflicts = 0 (=) measured 0 ok
// R4: kernel pingpong: total uncoalesced = 68 (=) measured 68 ok
