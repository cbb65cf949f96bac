// A loop whose sum has no closed form (an inner loop of i³ iterations
// summed over i: a quartic, past the cubes the summation engine knows) has
// no formula: its accesses are `unbounded`, and so is the kernel's total,
// never exact (it was once reported `unbounded (=)`).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=128 --grid-dim=1 --param n=5 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND

__global__ void quartic(float *out, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i * i * i; j++)
      out[threadIdx.x] += 1.0f;
}

// CHECK: kernel quartic: {{[0-9]+:[0-9]+}} uncoalesced out = None (<=) measured {{[0-9]+}} unbounded
// CHECK: kernel quartic: total uncoalesced = None (<=) measured {{[0-9]+}} unbounded
