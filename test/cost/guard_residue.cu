// A guard on a residue of the global id, (gid >> 2) % 3 == 1: which lanes
// of a warp run depends on the block's id modulo 3, one case per residue;
// the maximum over blocks takes the blocks of one period that the grid
// has. Also gid ^ 5 and gid ^ 27 with 16-thread blocks: the lane constant
// comes out of the xor (27 reaches above the block's 16 ids), coalesced.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=16 --grid-dim=1 \
// RUN:   | FileCheck %s --check-prefix=G1 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=16 --grid-dim=2 \
// RUN:   | FileCheck %s --check-prefix=G2 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=16 --grid-dim=5 \
// RUN:   | FileCheck %s --check-prefix=G5 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void residue(float *a, const float *b, float *c) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if ((gid >> 2) % 3 == 1)
    a[gid] = 0.0f;
  c[gid ^ 5] = b[gid ^ 27];
}

// G1: kernel residue: {{[0-9]+:[0-9]+}} uncoalesced a = 1 (=) measured 1 ok
// G1: kernel residue: {{[0-9]+:[0-9]+}} uncoalesced b = 2 (=) measured 2 ok
// G1: kernel residue: {{[0-9]+:[0-9]+}} uncoalesced c = 2 (=) measured 2 ok
// G1: kernel residue: total uncoalesced = 5 (=) measured 5 ok
// G2: kernel residue: {{[0-9]+:[0-9]+}} uncoalesced a = 2 (=) measured 2 ok
// G2: kernel residue: {{[0-9]+:[0-9]+}} uncoalesced b = 2 (=) measured 2 ok
// G2: kernel residue: {{[0-9]+:[0-9]+}} uncoalesced c = 2 (=) measured 2 ok
// G2: kernel residue: total uncoalesced = 6 (=) measured 6 ok
// G5: kernel residue: {{[0-9]+:[0-9]+}} uncoalesced a = 2 (=) measured 2 ok
// G5: kernel residue: {{[0-9]+:[0-9]+}} uncoalesced b = 2 (=) measured 2 ok
// G5: kernel residue: {{[0-9]+:[0-9]+}} uncoalesced c = 2 (=) measured 2 ok
// G5: kernel residue: total uncoalesced = 6 (=) measured 6 ok
