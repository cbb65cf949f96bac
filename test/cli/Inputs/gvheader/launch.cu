//pass
//--blockDim=64 --gridDim=4 --no-inline --warp-sync=32 --equality-abstraction -DWIDTH=64
// A kernel as GPUVerify's and Faial's test suites start them: the flags line
// above is the launch it is verified for (gpuverify-header.test).
#if WIDTH != 64
#error the header's -DWIDTH=64 did not reach the compile
#endif
__global__ void scale(int *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = WIDTH;
}
