// 2-D blocks of 16x16 with a symbolic row width: a warp is two rows of 16
// floats, width * 4 bytes apart: its cost is a function of width (2 sectors
// when the rows are aligned and adjacent, up to 5), exact.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=16,16 --grid-dim=1 --param width=100 \
// RUN:   | FileCheck %s --check-prefix=W100 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=16,16 --grid-dim=1 --param width=16 \
// RUN:   | FileCheck %s --check-prefix=W16 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=16,16 --grid-dim=1 --param width=0 \
// RUN:   | FileCheck %s --check-prefix=W0 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT

__global__ void rows(float *b, int width) {
  b[threadIdx.y * width + threadIdx.x] = 0;
}

// W100: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced b = 5 (=) measured 5 ok
// W100: kernel rows: total uncoalesced = 5 (=) measured 5 ok
// W16: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced b = 4 (=) measured 4 ok
// W16: kernel rows: total uncoalesced = 4 (=) measured 4 ok
// W0: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced b = 2 (=) measured 2 ok
// W0: kernel rows: total uncoalesced = 2 (=) measured 2 ok
