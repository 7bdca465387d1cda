// Probe: the scalar video instructions (vadd, vsub, vabsdiff, vmin, vmax, vset, vmad, vshl/vshr
// with .sat, selectors and the merge form) through the CUDA Driver API, on the forms and
// operands of a recording of tests/probes/gen_video_scalar.py's CUDA probe: DIR holds
// index.txt (form number, tab, instruction text with %0 = d, %1 = a, %2 = b, %3 = c),
// inputs.bin (the a, b and c words, N of each) and outputs.bin (N words per form, as the GPU
// computed them). Each form becomes one kernel of a hand-written PTX module that runs it as the
// CUDA probe's inline asm did (d starts as c in the merge form, else as 0); the results are
// compared word for word, and the mismatches printed per form (the first few of each).
//   video_scalar DIR            compare with DIR/outputs.bin (ptx2metal's libcuda.so.1)
//   video_scalar DIR --record   write DIR/outputs.bin (NVIDIA's driver: a recording)
// tests/probes/check-video-scalar.py runs it on a recording or on the committed subsample.
#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CHECK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char *s_; cuGetErrorString(r_, &s_); \
  std::printf("%s failed: %s\n", #x, s_); return 1; } } while (0)

namespace {

struct Form {
  int number;
  std::string text;
};

bool readFile(const std::string &path, std::vector<uint32_t> &words) {
  std::ifstream f(path, std::ios::binary);
  if (!f)
    return false;
  std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  words.resize(bytes.size() / 4);
  for (size_t i = 0; i < words.size(); ++i)
    words[i] = static_cast<uint32_t>(static_cast<unsigned char>(bytes[4 * i])) |
               static_cast<uint32_t>(static_cast<unsigned char>(bytes[4 * i + 1])) << 8 |
               static_cast<uint32_t>(static_cast<unsigned char>(bytes[4 * i + 2])) << 16 |
               static_cast<uint32_t>(static_cast<unsigned char>(bytes[4 * i + 3])) << 24;
  return true;
}

// The instruction with the inline asm's %0..%3 as the kernel's registers %r0..%r3.
std::string instruction(const std::string &text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '%' && i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '3')
      out += 'r';
  }
  return out;
}

// In the merge form (a selector on d) d starts as c, as in the CUDA probe.
bool mergeForm(const std::string &text) {
  size_t d = text.find("%0");
  return d != std::string::npos && d + 2 < text.size() && text[d + 2] == '.';
}

std::string modulePtx(const std::vector<Form> &forms) {
  std::ostringstream p;
  p << ".version 7.8\n.target sm_90\n.address_size 64\n";
  for (const Form &f : forms) {
    p << ".visible .entry k" << f.number
      << "(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd, .param .u32 pn)\n{\n"
         "  .reg .pred %p;\n  .reg .b32 %r<4>;\n  .reg .b32 %i<4>;\n  .reg .b64 %rd<6>;\n"
         "  mov.u32 %i0, %ctaid.x;\n  mov.u32 %i1, %ntid.x;\n  mov.u32 %i2, %tid.x;\n"
         "  mad.lo.u32 %i0, %i0, %i1, %i2;\n  ld.param.u32 %i3, [pn];\n"
         "  setp.ge.u32 %p, %i0, %i3;\n  @%p bra DONE;\n  mul.wide.u32 %rd0, %i0, 4;\n"
         "  ld.param.u64 %rd1, [pa];\n  add.u64 %rd1, %rd1, %rd0;\n  ld.global.u32 %r1, [%rd1];\n"
         "  ld.param.u64 %rd2, [pb];\n  add.u64 %rd2, %rd2, %rd0;\n  ld.global.u32 %r2, [%rd2];\n"
         "  ld.param.u64 %rd3, [pc];\n  add.u64 %rd3, %rd3, %rd0;\n  ld.global.u32 %r3, [%rd3];\n"
      << (mergeForm(f.text) ? "  mov.b32 %r0, %r3;\n" : "  mov.b32 %r0, 0;\n") << "  "
      << instruction(f.text) << "\n"
      << "  ld.param.u64 %rd4, [pd];\n  add.u64 %rd4, %rd4, %rd0;\n  st.global.u32 [%rd4], %r0;\n"
         "DONE:\n  ret;\n}\n";
  }
  return p.str();
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: video_scalar DIR [--record]\n");
    return 2;
  }
  std::string dir = argv[1];
  bool record = argc > 2 && std::string(argv[2]) == "--record";
  std::vector<Form> forms;
  {
    std::ifstream idx(dir + "/index.txt");
    std::string line;
    while (std::getline(idx, line)) {
      size_t tab = line.find('\t');
      if (tab != std::string::npos)
        forms.push_back({std::stoi(line.substr(0, tab)), line.substr(tab + 1)});
    }
  }
  std::vector<uint32_t> in, want;
  if (forms.empty() || !readFile(dir + "/inputs.bin", in) || in.size() % 3 != 0 ||
      (!record && !readFile(dir + "/outputs.bin", want))) {
    std::printf("%s: no index.txt, inputs.bin%s\n", dir.c_str(), record ? "" : " or outputs.bin");
    return 1;
  }
  const size_t n = in.size() / 3;
  if (!record && want.size() != n * forms.size()) {
    std::printf("outputs.bin holds %zu words, not %zu forms x %zu\n", want.size(), forms.size(), n);
    return 1;
  }

  CUdevice dev;
  CUcontext ctx;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuCtxCreate(&ctx, nullptr, 0, dev));
  std::string ptx = modulePtx(forms);
  static char log[16384];
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, (void *)sizeof(log)};
  CUmodule mod;
  if (cuModuleLoadDataEx(&mod, ptx.c_str(), 2, opts, vals) != CUDA_SUCCESS) {
    std::printf("load failed: %s\n", log);
    return 1;
  }
  CUdeviceptr buf[4];
  for (int k = 0; k < 4; ++k)
    CHECK(cuMemAlloc(&buf[k], n * 4));
  for (int k = 0; k < 3; ++k)
    CHECK(cuMemcpyHtoD(buf[k], in.data() + k * n, n * 4));
  std::vector<uint32_t> got(n), all;
  unsigned n32 = static_cast<unsigned>(n);
  void *args[] = {&buf[0], &buf[1], &buf[2], &buf[3], &n32};
  size_t failedForms = 0, refused = 0;
  for (size_t f = 0; f < forms.size(); ++f) {
    CUfunction fn;
    CUresult r = cuModuleGetFunction(&fn, mod, ("k" + std::to_string(forms[f].number)).c_str());
    if (r == CUDA_ERROR_NOT_SUPPORTED) {
      std::printf("form %d %s: refused by the translator\n", forms[f].number, forms[f].text.c_str());
      if (record)
        return 1; // a recording holds every form
      ++refused;
      continue;
    }
    CHECK(r);
    CHECK(cuMemsetD32(buf[3], 0xDEADBEEFu, n));
    CHECK(cuLaunchKernel(fn, (n32 + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, args, nullptr));
    CHECK(cuCtxSynchronize());
    CHECK(cuMemcpyDtoH(got.data(), buf[3], n * 4));
    if (record) {
      all.insert(all.end(), got.begin(), got.end());
      continue;
    }
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
      uint32_t w = want[f * n + i];
      if (got[i] == w)
        continue;
      if (bad++ < 3)
        std::printf("form %d %s: a=%08x b=%08x c=%08x: %08x, the GPU %08x\n", forms[f].number,
                    forms[f].text.c_str(), in[i], in[n + i], in[2 * n + i], got[i], w);
    }
    if (bad) {
      std::printf("form %d %s: %zu of %zu differ\n", forms[f].number, forms[f].text.c_str(), bad, n);
      ++failedForms;
    }
  }
  if (record) {
    std::ofstream o(dir + "/outputs.bin", std::ios::binary);
    o.write(reinterpret_cast<const char *>(all.data()), static_cast<std::streamsize>(all.size() * 4));
    std::printf("recorded %zu forms x %zu operand triples\n", forms.size(), n);
    return 0;
  }
  std::printf("%zu forms x %zu operand triples: %zu as recorded, %zu differ, %zu refused\n", forms.size(), n,
              forms.size() - failedForms - refused, failedForms, refused);
  // Forms the translator refuses are located diagnostics, not failures: the checker compares
  // their count with what it expects.
  return failedForms ? 1 : 0;
}
