// Probe 2: f64 NaN propagation when several operands are NaN, and per-instruction forms
// written as inline PTX so the compiler cannot fold or reorder them.
#include <cstdio>
#include <cstdint>

#define OP2(name, op) __device__ uint64_t name(uint64_t a, uint64_t b) { double r; \
  asm(op " %0, %1, %2;" : "=d"(r) : "d"(__longlong_as_double(a)), "d"(__longlong_as_double(b))); return __double_as_longlong(r); }
#define OP3(name, op) __device__ uint64_t name(uint64_t a, uint64_t b, uint64_t c) { double r; \
  asm(op " %0, %1, %2, %3;" : "=d"(r) : "d"(__longlong_as_double(a)), "d"(__longlong_as_double(b)), "d"(__longlong_as_double(c))); return __double_as_longlong(r); }
#define OP1(name, op) __device__ uint64_t name(uint64_t a) { double r; \
  asm(op " %0, %1;" : "=d"(r) : "d"(__longlong_as_double(a))); return __double_as_longlong(r); }
OP2(add, "add.rn.f64") OP2(sub, "sub.rn.f64") OP2(mul, "mul.rn.f64") OP2(div, "div.rn.f64")
OP2(mn, "min.f64") OP2(mx, "max.f64") OP3(fma_, "fma.rn.f64") OP1(neg, "neg.f64") OP1(abs_, "abs.f64")
OP1(sqrt_, "sqrt.rn.f64") OP1(rcp, "rcp.rn.f64") OP2(addrz, "add.rz.f64")

__global__ void probe(uint64_t *o) {
  const uint64_t qA = 0x7ff8000000000aaaull, qB = 0xfff8000000000bbbull, qC = 0x7ff8000000000cccull,
                 sA = 0x7ff4000000000aaaull, sB = 0xfff4000000000bbbull, sC = 0x7ff4000000000cccull, one = 0x3ff0000000000000ull;
  int i = 0;
  o[i++] = add(qA, qB); o[i++] = sub(qA, qB); o[i++] = mul(qA, qB); o[i++] = div(qA, qB);
  o[i++] = add(sA, sB); o[i++] = add(qA, sB); o[i++] = mul(qA, sB); o[i++] = div(qA, sB); o[i++] = sub(qA, sB);
  o[i++] = fma_(qA, qB, qC); o[i++] = fma_(one, qB, qC); o[i++] = fma_(qA, one, qC); o[i++] = fma_(qA, qB, one);
  o[i++] = fma_(qA, sB, qC); o[i++] = fma_(qA, qB, sC); o[i++] = fma_(one, sB, qC); o[i++] = fma_(one, qB, sC);
  o[i++] = neg(sB); o[i++] = abs_(sB); o[i++] = sqrt_(sB); o[i++] = mn(qA, qB); o[i++] = mx(qA, qB); o[i++] = mn(qA, sB);
  o[i++] = sub(one, sB); o[i++] = fma_(one, one, sC);
}
int main() {
  uint64_t *d, h[32];
  cudaMalloc(&d, sizeof h);
  probe<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  const char *names[] = {"add(qA,qB)", "sub(qA,qB)", "mul(qA,qB)", "div(qA,qB)", "add(sA,sB)", "add(qA,sB)", "mul(qA,sB)",
    "div(qA,sB)", "sub(qA,sB)", "fma(qA,qB,qC)", "fma(1,qB,qC)", "fma(qA,1,qC)", "fma(qA,qB,1)", "fma(qA,sB,qC)",
    "fma(qA,qB,sC)", "fma(1,sB,qC)", "fma(1,qB,sC)", "neg(sB)", "abs(sB)", "sqrt(sB)", "min(qA,qB)", "max(qA,qB)",
    "min(qA,sB)", "sub(1,sB)", "fma(1,1,sC)"};
  printf("inputs: qA=0x7ff8000000000aaa qB=0xfff8000000000bbb qC=0x7ff8000000000ccc; sX = same with the quiet bit clear\n");
  for (int i = 0; i < 25; ++i) printf("f64 %-16s 0x%016llx\n", names[i], (unsigned long long)h[i]);
}
