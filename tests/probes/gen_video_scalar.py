#!/usr/bin/env python3
"""Writes a CUDA probe (video_scalar.cu) that runs every scalar video form listed below (vadd,
vsub, vabsdiff, vmin, vmax with .sat, the secondary .add/.min/.max, operand byte/half
selectors and the merge form d.bN; vmad with .sat/.shr7/.shr15 and negated operands; vset with
each comparison; vshl/vshr with .sat) on the same 8,192 operand triples (edge values crossed,
then random ones) and writes inputs.bin, outputs.bin (one block of 8,192 words per form) and
index.txt (form number, instruction text). Recorded on an H100 (2026-12-05 and 2026-12-06:
the first 467 forms, all accepted by ptxas and run); the 177 forms after them were added later
and await a recording (ptxas accepts them). check-video-scalar.py compares ptx2metal's lowering
with a recording (docs/gpu-facts.md "Scalar video instructions").
  python3 tests/probes/gen_video_scalar.py /tmp/video_scalar.cu
  nvcc -arch=sm_90 -O2 -o video_probe /tmp/video_scalar.cu && ./video_probe OUTDIR"""
import sys
forms = []
T = ["u32.u32.u32", "s32.s32.s32", "s32.u32.s32", "u32.s32.u32", "s32.s32.u32"]
for op in ["vadd", "vsub", "vabsdiff", "vmin", "vmax"]:
    for t in T:
        for mod, nops in [("", 2), (".sat", 2), (".add", 3), (".min", 3), (".max", 3), (".sat.add", 3), (".sat.min", 3)]:
            forms.append((f"{op}.{t}{mod}", nops, "", "", ""))
    for t in ["u32.u32.u32", "s32.s32.s32"]:
        for sa, sb in [(".b0", ".b1"), (".b3", ".h1"), (".h0", ".h1"), (".h1", ".b2")]:
            forms.append((f"{op}.{t}", 2, sa, sb, ""))
            forms.append((f"{op}.{t}.sat", 2, sa, sb, ""))
            forms.append((f"{op}.{t}.add", 3, sa, sb, ""))
        for dsel in [".b0", ".b2", ".h1"]:
            forms.append((f"{op}.{t}", 3, "", "", dsel))
            forms.append((f"{op}.{t}.sat", 3, ".b1", "", dsel))
for t in ["u32.u32.u32", "s32.s32.s32", "s32.u32.s32", "s32.s32.u32", "u32.s32.s32"]:
    for mod in ["", ".sat", ".shr7", ".shr15", ".sat.shr15"]:
        forms.append((f"vmad.{t}{mod}", 3, "", "", ""))
    forms.append((f"vmad.{t}", 3, ".b1", ".h1", ""))
forms.append(("vmad.s32.s32.s32", 3, "", "", "", ))
for t in ["u32.u32", "s32.s32", "s32.u32", "u32.s32"]:
    for cmp in ["eq", "ne", "lt", "le", "gt", "ge"]:
        forms.append((f"vset.{t}.{cmp}", 2, "", "", ""))
    forms.append((f"vset.{t}.lt.add", 3, "", "", ""))
    forms.append((f"vset.{t}.ge.max", 3, "", "", ""))
    forms.append((f"vset.{t}.gt", 2, ".b2", ".h0", ""))
    forms.append((f"vset.{t}.ne", 3, "", "", ".b1"))
for op in ["vshl", "vshr"]:
    for t in ["u32.u32.u32", "s32.s32.u32", "s32.u32.u32", "u32.s32.u32"]:
        for mod in [".sat.clamp", ".sat.wrap", ".sat.clamp.add", ".clamp.min"]:
            forms.append((f"{op}.{t}{mod}", 3 if mod.endswith(("add", "min")) else 2, "", "", ""))
    forms.append((f"{op}.u32.u32.u32.clamp", 2, ".b1", ".b0", ""))
    forms.append((f"{op}.s32.s32.u32.wrap", 2, ".h1", ".b2", ""))
    forms.append((f"{op}.u32.u32.u32.clamp", 3, "", "", ".h0"))
# vmad negation forms
forms.append(("vmad.s32.s32.s32", 3, "NEGA", "", ""))
forms.append(("vmad.s32.s32.s32", 3, "NEGC", "", ""))
forms.append(("vmad.s32.u32.u32", 3, "NEGB", "", ""))
# Appended after the 2026-12-06 recording (the forms above keep their numbers): the forms the
# translator refuses because no recording covers them (vshl/vshr .sat with .min/.max or a
# merge, vset merging into h1, vmad .sat/.shr with a negated operand or .po), and variants of
# the translated rules the first 467 forms have no instance of (.sat merges into b1, b3, h0
# and mixed types, h1 merges of mixed types, .sat.max, .min/.max after selectors).
for op in ["vadd", "vsub", "vabsdiff", "vmin", "vmax"]:
    for t in ["s32.u32.s32", "u32.s32.u32"]:
        for dsel in [".b1", ".b3", ".h0", ".h1"]:
            forms.append((f"{op}.{t}.sat", 3, "", "", dsel))
        forms.append((f"{op}.{t}", 3, "", "", ".h1"))
        forms.append((f"{op}.{t}.max", 3, ".h1", ".b0", ""))
    for t in T:
        forms.append((f"{op}.{t}.sat.max", 3, "", "", ""))
for op in ["vshl", "vshr"]:
    for t in ["u32.u32.u32", "s32.s32.u32", "s32.u32.u32", "u32.s32.u32"]:
        forms.append((f"{op}.{t}.sat.clamp.min", 3, "", "", ""))
        forms.append((f"{op}.{t}.sat.wrap.max", 3, "", "", ""))
        for dsel in [".b0", ".b3", ".h0", ".h1"]:
            forms.append((f"{op}.{t}.sat.clamp", 3, "", "", dsel))
for t in ["u32.u32", "s32.s32", "s32.u32", "u32.s32"]:
    forms.append((f"vset.{t}.lt", 3, "", "", ".h1"))
    forms.append((f"vset.{t}.ge", 3, "", "", ".b3"))
for t in ["s32.s32.s32", "s32.u32.u32", "u32.u32.u32"]:
    for mod in [".sat", ".shr7", ".sat.shr15"]:
        for neg in ["NEGA", "NEGB", "NEGC"]:
            forms.append((f"vmad.{t}{mod}", 3, neg, "", ""))
        forms.append((f"vmad.{t}.po{mod}", 3, "", "", ""))
out = ['// Probe: scalar video instructions (vadd, vsub, vabsdiff, vmin, vmax, vmad, vset, vshl/vshr',
       '// with .sat) on the GPU: every form below on the same operand triples; writes one file of',
       '// results per form and index.txt (form number, instruction text).',
       '//   nvcc -arch=sm_90 -O2 -o video_probe tests/probes/video_scalar.cu; ./video_probe OUTDIR',
       '#include <cstdio>', '#include <cstdint>', '#include <string>', '#include <vector>', '']
texts = []
for i, (ins, nops, sa, sb, dsel) in enumerate(forms):
    a, b, c = "%1", "%2", "%3"
    pre = ""
    if sa == "NEGA": a = "-%1"; sa = ""
    if sa == "NEGB": b = "-%2"; sa = ""
    if sa == "NEGC": c = "-%3"; sa = ""
    if ins.startswith("vmad") and sa.startswith("NEG"): pass
    d = "%0" + dsel
    if nops == 3:
        txt = f"{ins} {d}, {a}{sa}, {b}{sb}, {c};"
    else:
        txt = f"{ins} {d}, {a}{sa}, {b}{sb};"
    texts.append(txt)
    init = "r = c[i];" if dsel else "r = 0;"
    out.append(f'__global__ void k{i}(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *d, int n) {{')
    out.append(f'  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return; unsigned r; {init}')
    out.append(f'  asm volatile("{txt}" : "+r"(r) : "r"(a[i]), "r"(b[i]), "r"(c[i]));')
    out.append('  d[i] = r;\n}')
out.append('typedef void (*K)(const unsigned *, const unsigned *, const unsigned *, unsigned *, int);')
out.append('static K kernels[] = {' + ", ".join(f"k{i}" for i in range(len(forms))) + '};')
out.append('static const char *texts[] = {' + ", ".join('"' + t + '"' for t in texts) + '};')
out.append(r'''
static uint64_t rs = 12345;
static uint64_t draw() {
  rs += 0x9E3779B97F4A7C15ull; uint64_t z = rs;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull; z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: video_probe OUTDIR\n"); return 2; }
  std::string out = argv[1];
  const unsigned edge[] = {0u, 1u, 2u, 7u, 31u, 32u, 33u, 0x7fu, 0x80u, 0xffu, 0x100u, 0x7fffu, 0x8000u, 0xffffu, 0x10000u,
                           0x7fffffffu, 0x80000000u, 0x80000001u, 0xfffffffeu, 0xffffffffu, 0xff80u, 0x807f80ffu, 0x12345678u, 0xfedcba98u};
  const int ne = sizeof(edge) / sizeof(edge[0]);
  const int n = 8192;
  std::vector<unsigned> A(n), B(n), C(n), D(n);
  for (int i = 0; i < n; ++i) {
    if (i < ne * ne * 8) { A[i] = edge[(i / ne) % ne]; B[i] = edge[i % ne]; C[i] = edge[(i / (ne * ne)) * 3 % ne]; }
    else { int k = (int)(draw() % 4); A[i] = (unsigned)draw(); B[i] = k == 0 ? (unsigned)(draw() % 70) : (unsigned)draw(); C[i] = (unsigned)draw();
      if (k == 1) { A[i] >>= draw() % 32; B[i] >>= draw() % 32; } }
  }
  FILE *f = fopen((out + "/inputs.bin").c_str(), "wb");
  fwrite(A.data(), 4, n, f); fwrite(B.data(), 4, n, f); fwrite(C.data(), 4, n, f); fclose(f);
  unsigned *da, *db, *dc, *dd;
  cudaMalloc(&da, n * 4); cudaMalloc(&db, n * 4); cudaMalloc(&dc, n * 4); cudaMalloc(&dd, n * 4);
  cudaMemcpy(da, A.data(), n * 4, cudaMemcpyHostToDevice); cudaMemcpy(db, B.data(), n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, C.data(), n * 4, cudaMemcpyHostToDevice);
  FILE *idx = fopen((out + "/index.txt").c_str(), "w");
  const int nk = sizeof(kernels) / sizeof(kernels[0]);
  FILE *o = fopen((out + "/outputs.bin").c_str(), "wb");
  for (int k = 0; k < nk; ++k) {
    kernels[k]<<<n / 256, 256>>>(da, db, dc, dd, n);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { fprintf(stderr, "form %d: %s\n", k, cudaGetErrorString(e)); return 1; }
    cudaMemcpy(D.data(), dd, n * 4, cudaMemcpyDeviceToHost);
    fwrite(D.data(), 4, n, o);
    fprintf(idx, "%d\t%s\n", k, texts[k]);
  }
  fclose(o); fclose(idx);
  printf("done %d forms\n", nk);
  return 0;
}''')
open(sys.argv[1] if len(sys.argv) > 1 else "video_scalar.cu", "w").write("\n".join(out) + "\n")
print(len(forms))
