// Remainders by large moduli in a grid-stride loop, with 1024-thread
// blocks: the residues of the shared sum (i + gid, i + 3 * gid) number in
// the thousands and each would be costed at every guard's lanes in every
// warp; past MAX_SUM_RESIDUES the costs stay bounds, computed at once
// (costing each residue spent the kernel's step budget, and the kernel
// had no costs).
//
// RUN: %cuda_device -O0 -g -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -mapcost-races=0 -mapcost-block-dim=1024 \
// RUN:   -passes='print<mapcost-cost>' -disable-output %t.ll 2>&1 | FileCheck %s --implicit-check-not=budget

__global__ void big(const float *in, float *out, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int gsize = gridDim.x * blockDim.x;
  for (int i = gid; i < n; i += gsize)
    out[(i + gid) % 4093 * gsize + gid] = in[(i + 3 * gid) % 4095];
}

// CHECK: cost uncoalesced of in at 16:{{[0-9]+}}: {{.+}} (<=)
// CHECK: cost uncoalesced of out at 16:{{[0-9]+}}: {{.+}} (<=)
// CHECK: total uncoalesced: {{.+}} (<=)
