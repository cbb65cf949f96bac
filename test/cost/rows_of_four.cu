// 4-wide blocks over a row-major matrix: a warp spans eight rows of four
// threads. The rows are `width` elements apart (one uniform value that
// moves the lanes by different multiples), and every lane is moved alike
// by blockIdx.x * 16 bytes, half a sector: the cost is exact for every
// grid, a function of width and of blockIdx.x's alignment, maximised over
// the blocks the grid has (one block column: 4 sectors; more: 8).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=4,8 --grid-dim=1,2 \
// RUN:   | FileCheck %s --check-prefix=ONE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=4,8 --grid-dim=3,2 \
// RUN:   | FileCheck %s --check-prefix=THREE --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void rows4(const float *in, float *out) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int width = gridDim.x * blockDim.x;
  out[row * width + col] = in[row * width + col];
}

// ONE: kernel rows4: {{[0-9]+:[0-9]+}} uncoalesced in = 4 (=) measured 4 ok
// ONE: kernel rows4: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// ONE: kernel rows4: total uncoalesced = 8 (=) measured 8 ok
// THREE: kernel rows4: {{[0-9]+:[0-9]+}} uncoalesced in = 8 (=) measured 8 ok
// THREE: kernel rows4: {{[0-9]+:[0-9]+}} uncoalesced out = 8 (=) measured 8 ok
// THREE: kernel rows4: total uncoalesced = 16 (=) measured 16 ok
