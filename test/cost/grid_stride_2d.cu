// A grid-stride loop over a 2-D grid of 2-D blocks that reads back what
// it wrote, half the lanes a grid apart (`i % 2 * gsize`). Each lane's trip
// count differs; the warp's is the longest lane's (block 0, lane 0), from
// the loop's test, and the guard in the body says which lanes run each
// iteration, so the costs are exact (they were bounds, the maximum of one
// trip count per lane growing past the formula limit). The row product
// `gridDim.x * gridDim.y` is read as the product it is (never negative).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,4 --grid-dim=2,2 --param n=1000 \
// RUN:   | FileCheck %s --check-prefix=FULL --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32,4 --grid-dim=3,1 --param n=77 \
// RUN:   | FileCheck %s --check-prefix=SHORT --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void stride2d(float *out, const float *in, int n) {
  int tid = threadIdx.y * blockDim.x + threadIdx.x;
  int nt = blockDim.x * blockDim.y;
  int bid = blockIdx.y * gridDim.x + blockIdx.x;
  int gid = bid * nt + tid;
  int gsize = gridDim.x * gridDim.y * nt;
  for (int i = gid; i < n; i += gsize) {
    out[i] = i;
    out[gsize + gid] = bid - out[i % 2 * gsize + gid];
    out[i % 2 * gsize + gid] += in[gid] * 2;
  }
}

// FULL: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// FULL: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// FULL: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// FULL: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced in = 8 (=) measured 8 ok
// FULL: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// FULL: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced out = 16 (=) measured 16 ok
// FULL: kernel stride2d: total uncoalesced = 72 (=) measured 72 ok
// SHORT: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// SHORT: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// SHORT: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// SHORT: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced in = 4 (=) measured 4 ok
// SHORT: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// SHORT: kernel stride2d: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// SHORT: kernel stride2d: total uncoalesced = 36 (=) measured 36 ok
