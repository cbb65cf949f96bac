//pass
//--blockDim=[16,x] --gridDim=4
__global__ void bad(int *a) {
  a[threadIdx.x] = 1;
}
