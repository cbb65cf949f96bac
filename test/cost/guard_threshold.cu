// Guards that split a warp at a threshold on a uniform value: tid < k (the
// lanes below k), gid >= 40 (all lanes of the blocks past the first, some
// of block 0). Each set of lanes is walked and the costs joined by steps
// on the guard; the maximum over blocks is at block 0 or the last.
// `nested` tests tid < k and gid < k together: the second implies the
// first (gid = 64 * blockIdx.x + tid), so each lane has one threshold, the
// second. Exact.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=3 --param k=0 \
// RUN:   | FileCheck %s --check-prefix=K0 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=1 --param k=5 \
// RUN:   | FileCheck %s --check-prefix=K5 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=3 --param k=17 \
// RUN:   | FileCheck %s --check-prefix=K17 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2 --param k=100 \
// RUN:   | FileCheck %s --check-prefix=K100 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %mapcost --no-sdk --metric=uncoalesced --block-dim=64 %s | FileCheck %s --check-prefix=FORMULA

__global__ void below(float *a, float *b, int k) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < k)
    a[gid] = 0.0f;
  if (gid >= 40)
    b[gid] = 1.0f;
}

__global__ void nested(const float *in, float *out, int k) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < k && gid < k)
    out[gid] = in[gid];
}

// FORMULA: cost uncoalesced of a at {{.*}}: ((unsigned)k > 0 ? 1 : 0) + ((unsigned)k > 8 ? 1 : 0) + ((unsigned)k > 16 ? 1 : 0) + ((unsigned)k > 24 ? 1 : 0) (exact)
// K0: kernel below: {{[0-9]+:[0-9]+}} uncoalesced a = 0 (=) measured 0 ok
// K0: kernel below: {{[0-9]+:[0-9]+}} uncoalesced b = 4 (=) measured 4 ok
// K0: kernel below: total uncoalesced = 4 (=) measured 4 ok
// K5: kernel below: {{[0-9]+:[0-9]+}} uncoalesced a = 1 (=) measured 1 ok
// K5: kernel below: {{[0-9]+:[0-9]+}} uncoalesced b = 3 (=) measured 3 ok
// K5: kernel below: total uncoalesced = 3 (=) measured 3 ok
// K17: kernel below: {{[0-9]+:[0-9]+}} uncoalesced a = 3 (=) measured 3 ok
// K17: kernel below: {{[0-9]+:[0-9]+}} uncoalesced b = 4 (=) measured 4 ok
// K17: kernel below: total uncoalesced = 7 (=) measured 7 ok
// K100: kernel below: {{[0-9]+:[0-9]+}} uncoalesced a = 4 (=) measured 4 ok
// K100: kernel below: {{[0-9]+:[0-9]+}} uncoalesced b = 4 (=) measured 4 ok
// K100: kernel below: total uncoalesced = 8 (=) measured 8 ok
// K0: kernel nested: {{[0-9]+:[0-9]+}} uncoalesced in = 0 (=) measured 0 ok
// K0: kernel nested: {{[0-9]+:[0-9]+}} uncoalesced out = 0 (=) measured 0 ok
// K0: kernel nested: total uncoalesced = 0 (=) measured 0 ok
// K5: kernel nested: {{[0-9]+:[0-9]+}} uncoalesced in = 1 (=) measured 1 ok
// K5: kernel nested: {{[0-9]+:[0-9]+}} uncoalesced out = 1 (=) measured 1 ok
// K5: kernel nested: total uncoalesced = 2 (=) measured 2 ok
// K17: kernel nested: {{[0-9]+:[0-9]+}} uncoalesced in = 3 (=) measured 3 ok
// K17: kernel nested: {{[0-9]+:[0-9]+}} uncoalesced out = 3 (=) measured 3 ok
// K17: kernel nested: total uncoalesced = 6 (=) measured 6 ok
// K100: kernel nested: {{[0-9]+:[0-9]+}} uncoalesced in = 4 (=) measured 4 ok
// K100: kernel nested: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// K100: kernel nested: total uncoalesced = 8 (=) measured 8 ok
