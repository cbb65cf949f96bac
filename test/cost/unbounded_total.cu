// A loop whose threads leave at different iterations and whose count has no
// closed form (a doubling loop that threads below a parameter run to its
// end and the others leave at once) has no formula for its sum: its
// accesses are `unbounded`, and so is the kernel's total, never exact (it
// was once reported `unbounded (=)`).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=128 --grid-dim=1 --param k=40 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND

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

// CHECK: kernel leave: {{[0-9]+:[0-9]+}} uncoalesced in = None (<=) measured {{[0-9]+}} unbounded
// CHECK: kernel leave: total uncoalesced = None (<=) measured {{[0-9]+}} unbounded
