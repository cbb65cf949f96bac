// Offsets that depend on the block or the iteration only through a
// remainder: `gid * gid % 384` is a polynomial in blockIdx.x modulo 384, so
// each warp's cost repeats with blockIdx.x (here with period 3) and is a
// table over the residue, exact; `(k + tid) & 127` likewise over k (period
// 8, the sectors), summed over the loop. In `mixed` that table sits beside
// a grid-stride loop whose cost shrinks with the block id: the maximum over
// the blocks is among the first three, each where the grid has it.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=128 --grid-dim=1 --param n=5 \
// RUN:   | FileCheck %s --check-prefix=ONE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=128 --grid-dim=4 --param n=130 \
// RUN:   | FileCheck %s --check-prefix=FOUR --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
//
// With the block not fixed the thread ids are symbolic: a table over the
// one atom of `tidsquare`'s offsets would take threadIdx.x for a value the
// warp shares, so its costs stay bounds.
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=128 --grid-dim=4 --param n=130 --symbolic-block \
// RUN:   | FileCheck %s --check-prefix=SYMBOLIC --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void square(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid * gid % 384];
}

__global__ void ring(const float *in, float *out, int n) {
  int tid = threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; k++)
    acc += in[(k + tid) & 127];
  out[blockIdx.x * blockDim.x + tid] = acc;
}

__global__ void mixed(const float *in, float *out, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = gid; i < n; i += gridDim.x * blockDim.x)
    out[i] = 0;
  out[gid] += in[gid * gid % 384];
}

__global__ void tidsquare(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * threadIdx.x % 64];
}

// ONE: kernel square: {{[0-9]+:[0-9]+}} uncoalesced in = 23 (=) measured 23 ok
// ONE: kernel square: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// ONE: kernel square: total uncoalesced = 27 (=) measured 27 ok
// ONE: kernel ring: {{[0-9]+:[0-9]+}} uncoalesced in = 24 (=) measured 24 ok
// ONE: kernel ring: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// ONE: kernel ring: total uncoalesced = 28 (=) measured 28 ok
// ONE: kernel mixed: {{[0-9]+:[0-9]+}} uncoalesced out = 1 (=) measured 1 ok
// ONE: kernel mixed: {{[0-9]+:[0-9]+}} uncoalesced in = 23 (=) measured 23 ok
// ONE: kernel mixed: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// ONE: kernel mixed: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// ONE: kernel mixed: total uncoalesced = 32 (=) measured 32 ok
// ONE: kernel tidsquare: {{[0-9]+:[0-9]+}} uncoalesced in = 8 (=) measured 8 ok
// ONE: kernel tidsquare: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// ONE: kernel tidsquare: total uncoalesced = 12 (=) measured 12 ok
// FOUR: kernel square: {{[0-9]+:[0-9]+}} uncoalesced in = 23 (=) measured 23 ok
// FOUR: kernel square: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// FOUR: kernel square: total uncoalesced = 27 (=) measured 27 ok
// FOUR: kernel ring: {{[0-9]+:[0-9]+}} uncoalesced in = 633 (=) measured 633 ok
// FOUR: kernel ring: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// FOUR: kernel ring: total uncoalesced = 637 (=) measured 637 ok
// FOUR: kernel mixed: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// FOUR: kernel mixed: {{[0-9]+:[0-9]+}} uncoalesced in = 23 (=) measured 23 ok
// FOUR: kernel mixed: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// FOUR: kernel mixed: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// FOUR: kernel mixed: total uncoalesced = 35 (=) measured 35 ok
// FOUR: kernel tidsquare: {{[0-9]+:[0-9]+}} uncoalesced in = 8 (=) measured 8 ok
// FOUR: kernel tidsquare: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// FOUR: kernel tidsquare: total uncoalesced = 12 (=) measured 12 ok
// SYMBOLIC: kernel square: {{[0-9]+:[0-9]+}} uncoalesced in = 32 (<=) measured 23 ok
// SYMBOLIC: kernel square: total uncoalesced = 64 (<=) measured 27 ok
// SYMBOLIC: kernel tidsquare: {{[0-9]+:[0-9]+}} uncoalesced in = 32 (<=) measured 8 ok
// SYMBOLIC: kernel tidsquare: {{[0-9]+:[0-9]+}} uncoalesced out = 32 (<=) measured 4 ok
// SYMBOLIC: kernel tidsquare: total uncoalesced = 64 (<=) measured 12 ok
