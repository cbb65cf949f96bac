//xfail:BOOGIE_ERROR

//--blockDim=[16,16] --gridDim=[4,2] --no-benign --only-intra-group
//square.cu:5:3: error: (a line of GPUVerify's expected output)
__global__ void square(int *a) {
  a[threadIdx.y * 16 + threadIdx.x] = 1;
}
