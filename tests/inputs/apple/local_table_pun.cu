// A local table filled as integers and read as floats at a run-time index: nvcc keeps it in
// .local memory, fills it with st.local.v4.u32 and reads it with ld.local.f32. Under strict
// aliasing (Apple's Metal compiler, Clang -O2) a frame accessed through typed pointers loses
// those stores; the generated MSL must stay right there.
//   nvcc -arch=sm_90 -O3 -ptx local_table_pun.cu -o local_table_pun.nvcc.sm_90.O3.ptx
union Bits { unsigned u; float f; };
extern "C" __global__ void local_table_pun(const unsigned *in, const int *idx, float *out) {
  Bits t[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) t[i].u = in[i] ^ (threadIdx.x << 3);
  out[blockIdx.x * blockDim.x + threadIdx.x] = t[idx[threadIdx.x] & 15].f;
}
