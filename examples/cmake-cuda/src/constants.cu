#include "physics/device.h"

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace physics {

__constant__ Params c_params;

void check(int status, const char *what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(static_cast<cudaError_t>(status)));
}

void setParams(const Params &params) {
  check(cudaMemcpyToSymbol(c_params, &params, sizeof params), "cudaMemcpyToSymbol");
}

Params getParams() {
  Params params{};
  check(cudaMemcpyFromSymbol(&params, c_params, sizeof params), "cudaMemcpyFromSymbol");
  return params;
}

Particles allocate(std::size_t n) {
  Particles p;
  p.n = n;
  for (float **field : {&p.x, &p.y, &p.vx, &p.vy})
    check(cudaMalloc(field, n * sizeof(float)), "cudaMalloc");
  return p;
}

void release(Particles &p) {
  for (float *field : {p.x, p.y, p.vx, p.vy})
    cudaFree(field);
  p = Particles{};
}

} // namespace physics
