// Copies in every cudaMemcpyKind, cudaMemcpyDefault inferring both sides from their
// addresses, pitched 2D and 3D copies and fills, pinned and registered host memory, and
// pointer attributes.
#include "check.h"
#include <cstring>
#include <vector>

int main() {
  const int n = 1000;
  std::vector<int> src(n), dst(n);
  for (int i = 0; i < n; ++i)
    src[i] = i * 3 - 7;
  int *a, *b;
  CUDA_OK(cudaMalloc(&a, n * sizeof(int)));
  CUDA_OK(cudaMalloc(&b, n * sizeof(int)));
  CUDA_OK(cudaMemcpy(a, src.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(b, a, n * sizeof(int), cudaMemcpyDeviceToDevice));
  CUDA_OK(cudaMemcpy(dst.data(), b, n * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(dst == src);
  std::vector<int> dst2(n);
  CUDA_OK(cudaMemcpy(dst2.data(), dst.data(), n * sizeof(int), cudaMemcpyHostToHost));
  CHECK(dst2 == src);
  // cudaMemcpyDefault: unified addressing tells device from host memory.
  CUDA_OK(cudaMemset(b, 0, n * sizeof(int)));
  CUDA_OK(cudaMemcpy(b, src.data(), n * sizeof(int), cudaMemcpyDefault));
  std::fill(dst.begin(), dst.end(), 0);
  CUDA_OK(cudaMemcpy(dst.data(), b, n * sizeof(int), cudaMemcpyDefault));
  CHECK(dst == src);
  CUDA_OK(cudaMemcpyPeer(a, 0, b, 0, n * sizeof(int)));

  // Pitched memory: a 2D copy in, a fill of a sub-rectangle, a 2D copy out.
  const size_t w = 37, h = 11;
  void *pitched;
  size_t pitch = 0;
  CUDA_OK(cudaMallocPitch(&pitched, &pitch, w, h));
  CHECK(pitch >= w);
  std::vector<unsigned char> img(w * h), out(w * h);
  for (size_t i = 0; i < img.size(); ++i)
    img[i] = static_cast<unsigned char>(i * 7);
  CUDA_OK(cudaMemcpy2D(pitched, pitch, img.data(), w, w, h, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemset2D(static_cast<char *>(pitched) + pitch * 2 + 3, pitch, 0xEE, 5, 4));
  CUDA_OK(cudaMemcpy2D(out.data(), w, pitched, pitch, w, h, cudaMemcpyDeviceToHost));
  for (size_t y = 0; y < h; ++y)
    for (size_t x = 0; x < w; ++x) {
      bool filled = y >= 2 && y < 6 && x >= 3 && x < 8;
      CHECK(out[y * w + x] == (filled ? 0xEE : img[y * w + x]));
    }
  CUDA_FAILS(cudaMemcpy2D(out.data(), 4, pitched, pitch, w, h, cudaMemcpyDeviceToHost), cudaErrorInvalidPitchValue);
  cudaGetLastError();

  // 3D: a box out of a pitched volume.
  cudaExtent volume = make_cudaExtent(16, 8, 4);
  cudaPitchedPtr vol;
  CUDA_OK(cudaMalloc3D(&vol, volume));
  CUDA_OK(cudaMemset3D(vol, 9, volume));
  std::vector<unsigned char> box(4 * 3 * 2, 0);
  cudaMemcpy3DParms p{};
  p.srcPtr = vol;
  p.srcPos = make_cudaPos(2, 1, 1);
  p.dstPtr = make_cudaPitchedPtr(box.data(), 4, 4, 3);
  p.extent = make_cudaExtent(4, 3, 2);
  p.kind = cudaMemcpyDeviceToHost;
  CUDA_OK(cudaMemcpy3D(&p));
  for (unsigned char v : box)
    CHECK(v == 9);

  // Pinned, mapped and registered host memory.
  int *pinned;
  CUDA_OK(cudaHostAlloc(&pinned, n * sizeof(int), cudaHostAllocMapped));
  int *mapped;
  CUDA_OK(cudaHostGetDevicePointer(reinterpret_cast<void **>(&mapped), pinned, 0));
  CUDA_OK(cudaMemcpy(mapped, a, n * sizeof(int), cudaMemcpyDeviceToDevice));
  CHECK(std::memcmp(pinned, src.data(), n * sizeof(int)) == 0);
  unsigned flags = 0;
  CUDA_OK(cudaHostGetFlags(&flags, pinned));
  CHECK(flags & cudaHostAllocMapped);
  std::vector<int> registered(n, 0);
  CUDA_OK(cudaHostRegister(registered.data(), n * sizeof(int), cudaHostRegisterDefault));
  CUDA_OK(cudaMemcpyAsync(registered.data(), a, n * sizeof(int), cudaMemcpyDefault, 0));
  CUDA_OK(cudaStreamSynchronize(0));
  CHECK(registered == src);
  CUDA_OK(cudaHostUnregister(registered.data()));

  cudaPointerAttributes attr;
  CUDA_OK(cudaPointerGetAttributes(&attr, a + 10));
  CHECK(attr.type == cudaMemoryTypeDevice && attr.device == 0);
  CUDA_OK(cudaPointerGetAttributes(&attr, pinned));
  CHECK(attr.type == cudaMemoryTypeHost);
  CUDA_OK(cudaPointerGetAttributes(&attr, dst.data()));
  CHECK(attr.type == cudaMemoryTypeUnregistered);

  CUDA_OK(cudaFreeHost(pinned));
  CUDA_OK(cudaFree(vol.ptr));
  CUDA_OK(cudaFree(pitched));
  CUDA_OK(cudaFree(a));
  CUDA_OK(cudaFree(b));
  return pass();
}
