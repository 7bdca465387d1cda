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
  const uint64_t A = 0x7ff4000000000aaaull, B = 0xfff8000000000bbbull, C = 0x7ff8000000000cccull, one = 0x3ff0000000000000ull;
  int i = 0;
  o[i++] = add(A, B); o[i++] = add(B, A); o[i++] = add(one, B); o[i++] = sub(A, B); o[i++] = sub(one, B);
  o[i++] = mul(A, B); o[i++] = mul(B, A); o[i++] = div(A, B); o[i++] = div(one, B);
  o[i++] = fma_(A, B, C); o[i++] = fma_(one, B, C); o[i++] = fma_(one, one, C); o[i++] = fma_(C, B, A);
  o[i++] = neg(B); o[i++] = abs_(B); o[i++] = neg(one); o[i++] = sqrt_(B); o[i++] = rcp(B);
  o[i++] = mn(A, B); o[i++] = mx(B, C); o[i++] = addrz(A, one);
}
int main() {
  uint64_t *d, h[32];
  cudaMalloc(&d, sizeof h);
  probe<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  const char *names[] = {"add(sA,qB)", "add(qB,sA)", "add(1,qB)", "sub(sA,qB)", "sub(1,qB)", "mul(sA,qB)", "mul(qB,sA)",
    "div(sA,qB)", "div(1,qB)", "fma(sA,qB,qC)", "fma(1,qB,qC)", "fma(1,1,qC)", "fma(qC,qB,sA)", "neg(qB)", "abs(qB)",
    "neg(1)", "sqrt(qB)", "rcp(qB)", "min(sA,qB)", "max(qB,qC)", "add.rz(sA,1)"};
  printf("inputs: sA=0x7ff4000000000aaa (signalling) qB=0xfff8000000000bbb qC=0x7ff8000000000ccc\n");
  for (int i = 0; i < 21; ++i) printf("f64 %-16s 0x%016llx\n", names[i], (unsigned long long)h[i]);
}
