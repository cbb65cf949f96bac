// A stride that is a parameter (seed 000 §6.4 case 2): the lanes' offsets
// differ by multiples of it, so the cost is a function of stride, exact for
// every value: simulated near 0 (1 sector at 0, 4 * stride up to 7), and
// beyond, where no two lanes share a unit, a table over its low bits (32
// sectors; bank conflicts of s[tid * stride] repeat every 32 words: the
// stride's largest power of two dividing 32, minus 1).
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=2 --param stride=0 \
// RUN:   | FileCheck %s --check-prefix=S0 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=2 --param stride=3 \
// RUN:   | FileCheck %s --check-prefix=S3 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=2 --param stride=8 \
// RUN:   | FileCheck %s --check-prefix=S8 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=32 --grid-dim=2 --param stride=12 \
// RUN:   | FileCheck %s --check-prefix=S12 --implicit-check-not=UNSOUND --implicit-check-not=INEXACT
// RUN: %mapcost --no-sdk --metric=uncoalesced --block-dim=32 %s | FileCheck %s --check-prefix=FORMULA

__global__ void strided(const float *a, float *b, int stride) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  b[gid] = a[gid * stride];
}

__global__ void banks(float *out, int stride) {
  __shared__ float s[1024];
  s[threadIdx.x * stride] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// FORMULA: cost uncoalesced of a at {{.*}}: stride < -7 ? 32 : stride > 0 ? stride > 7 ? 32 : 4 * stride : 1 - 4 * stride (exact)
// S0: kernel strided: {{[0-9]+:[0-9]+}} uncoalesced a = 1 (=) measured 1 ok
// S0: kernel strided: {{[0-9]+:[0-9]+}} uncoalesced b = 4 (=) measured 4 ok
// S0: kernel strided: total uncoalesced = 5 (=) measured 5 ok
// S0: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// S0: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// S0: kernel banks: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// S0: kernel banks: total bank-conflicts = 0 (=) measured 0 ok
// S0: kernel banks: total uncoalesced = 4 (=) measured 4 ok
// S3: kernel strided: {{[0-9]+:[0-9]+}} uncoalesced a = 12 (=) measured 12 ok
// S3: kernel strided: {{[0-9]+:[0-9]+}} uncoalesced b = 4 (=) measured 4 ok
// S3: kernel strided: total uncoalesced = 16 (=) measured 16 ok
// S3: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// S3: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// S3: kernel banks: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// S3: kernel banks: total bank-conflicts = 0 (=) measured 0 ok
// S3: kernel banks: total uncoalesced = 4 (=) measured 4 ok
// S8: kernel strided: {{[0-9]+:[0-9]+}} uncoalesced a = 32 (=) measured 32 ok
// S8: kernel strided: {{[0-9]+:[0-9]+}} uncoalesced b = 4 (=) measured 4 ok
// S8: kernel strided: total uncoalesced = 36 (=) measured 36 ok
// S8: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 7 (=) measured 7 ok
// S8: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// S8: kernel banks: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// S8: kernel banks: total bank-conflicts = 7 (=) measured 7 ok
// S8: kernel banks: total uncoalesced = 4 (=) measured 4 ok
// S12: kernel strided: {{[0-9]+:[0-9]+}} uncoalesced a = 32 (=) measured 32 ok
// S12: kernel strided: {{[0-9]+:[0-9]+}} uncoalesced b = 4 (=) measured 4 ok
// S12: kernel strided: total uncoalesced = 36 (=) measured 36 ok
// S12: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 3 (=) measured 3 ok
// S12: kernel banks: {{[0-9]+:[0-9]+}} bank-conflicts s = 0 (=) measured 0 ok
// S12: kernel banks: {{[0-9]+:[0-9]+}} uncoalesced out = 4 (=) measured 4 ok
// S12: kernel banks: total bank-conflicts = 3 (=) measured 3 ok
// S12: kernel banks: total uncoalesced = 4 (=) measured 4 ok
