// An offset loaded once at an address every lane of the warp shares
// (`p[0]`, `rowptr[blockIdx.x]`) is one value for the warp: the lanes read
// it together. Their offsets then differ by constants, and the cost is the
// most any alignment of that value gives (5 sectors for 32 consecutive
// floats), a bound (the value is not known statically), instead of one
// sector per lane (32). Read in a loop the value may change from one
// iteration to the next (`drift`, whose loop moves p[0]): there it is not
// one value, and the cost stays per lane.
//
// RUN: %python %S/Inputs/check_cost.py %s --block-dim=64 --grid-dim=2 --param n=3 \
// RUN:   | FileCheck %s --implicit-check-not=UNSOUND

__global__ void offset(const float *in, float *out, const int *p) {
  int o = p[0];
  out[threadIdx.x] = in[threadIdx.x + o];
}

__global__ void rows(const float *in, float *out, const int *rowptr) {
  int start = rowptr[blockIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[start + threadIdx.x];
}

__global__ void drift(const float *in, float *out, int *p, int n) {
  float s = 0;
  for (int k = 0; k < n; k++) {
    s += in[threadIdx.x + p[0]];
    __syncthreads();
    if (threadIdx.x == 0)
      p[0] += 3;
    __syncthreads();
  }
  out[threadIdx.x] = s;
}

// CHECK: kernel offset: {{[0-9]+:[0-9]+}} uncoalesced in = 5 (<=) measured {{[45]}} ok
// CHECK: kernel rows: {{[0-9]+:[0-9]+}} uncoalesced in = 5 (<=) measured {{[45]}} ok
// CHECK: kernel drift: {{[0-9]+:[0-9]+}} uncoalesced in = 96 (<=) measured {{[0-9]+}} ok
