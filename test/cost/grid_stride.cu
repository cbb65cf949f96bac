// A grid-stride loop: threads of a warp may run different numbers of
// iterations (n not a multiple of the stride). The loop's test is in the
// guard of its body, so the guard alone says which threads run an
// iteration: a threshold on n - 64 * (blockIdx.x + gridDim.x * k), summed
// over k and maximised over the blocks (block 0), exact.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2 --param n=1000 \
// RUN:   | FileCheck %s --check-prefix=N1000 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=3 --param n=77 \
// RUN:   | FileCheck %s --check-prefix=N77 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
//
// With the block not fixed too, thread 0 of block 0 runs the most
// iterations: every warp's count is bounded by its trip count, a formula
// (once `unbounded`, after Z3 spent its budget on the maximum), and in the
// iteration where it leaves no thread runs the body.
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=3 --param n=77 --symbolic-block \
// RUN:   | FileCheck %s --check-prefix=SYMBOLIC --implicit-check-not=UNSOUND
// RUN: %mapcost --no-sdk --metric=uncoalesced %s | FileCheck %s --check-prefix=STATIC

__global__ void stride(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] *= 2.0f;
}

// N1000: kernel stride: {{[0-9]+:[0-9]+}} uncoalesced a = 32 (=) measured 32 ok
// N1000: kernel stride: {{[0-9]+:[0-9]+}} uncoalesced a = 32 (=) measured 32 ok
// N1000: kernel stride: total uncoalesced = 64 (=) measured 64 ok
// N77: kernel stride: {{[0-9]+:[0-9]+}} uncoalesced a = 4 (=) measured 4 ok
// N77: kernel stride: {{[0-9]+:[0-9]+}} uncoalesced a = 4 (=) measured 4 ok
// N77: kernel stride: total uncoalesced = 8 (=) measured 8 ok
// SYMBOLIC: kernel stride: {{[0-9]+:[0-9]+}} uncoalesced a = {{[0-9]+}} (<=) measured 4 ok
// SYMBOLIC: kernel stride: total uncoalesced = {{[0-9]+}} (<=) measured 8 ok
// STATIC: cost uncoalesced of a at {{.*}}: 32 * max((blockDim.x * gridDim.x + n - 1) / (blockDim.x * gridDim.x), 0) (upper bound)
