// Records the reference outputs of the tests/inputs/ptx-cfg kernels on an NVIDIA GPU.
//
//   nvcc -O2 -o record record.cu -lcuda
//   ./record OUTDIR FILE.ptx...      writes OUTDIR/<kernel>.txt for every .entry of each file
//
// Host code only (the CUDA driver API): each PTX file is JIT-compiled with cuModuleLoadDataEx
// and each of its entries launched as kernel(out, in, n) with GRID x BLOCK threads, the input
// array of inputs.py (splitmix64) and an output array filled with 0xA5 bytes. Every kernel is
// launched twice, on freshly filled buffers; the two outputs must agree. Exit status 1 if any
// file fails to load or any launch fails or disagrees.
#include <cuda.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

// Keep in step with inputs.py.
constexpr unsigned kGrid = 2;
constexpr unsigned kBlock = 64;
constexpr unsigned kInWords = 256;
constexpr unsigned kOutWords = 2 * kGrid * kBlock;
constexpr uint64_t kSeed = 0xC0FFEE;

std::vector<uint32_t> input_words() {
    std::vector<uint32_t> w(kInWords);
    uint64_t state = kSeed;
    for (auto &x : w) {
        state += 0x9E3779B97F4A7C15ull;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        x = static_cast<uint32_t>(z ^ (z >> 31));
    }
    return w;
}

bool check(CUresult r, const char *what, const std::string &ctx) {
    if (r == CUDA_SUCCESS) return true;
    const char *name = nullptr;
    cuGetErrorName(r, &name);
    std::fprintf(stderr, "%s: %s failed: %s\n", ctx.c_str(), what, name ? name : "?");
    return false;
}

// The names of the .entry directives of a PTX text (comments stripped first).
std::vector<std::string> entry_names(const std::string &ptx) {
    std::string s;
    for (size_t i = 0; i < ptx.size(); ++i) {
        if (ptx.compare(i, 2, "//") == 0) {
            while (i < ptx.size() && ptx[i] != '\n') ++i;
        } else if (ptx.compare(i, 2, "/*") == 0) {
            size_t e = ptx.find("*/", i + 2);
            i = e == std::string::npos ? ptx.size() : e + 1;
            s += ' ';
            continue;
        }
        if (i < ptx.size()) s += ptx[i];
    }
    std::vector<std::string> names;
    for (size_t p = s.find(".entry"); p != std::string::npos; p = s.find(".entry", p + 6)) {
        size_t i = p + 6;
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        size_t j = i;
        while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_' || s[j] == '$'))
            ++j;
        names.push_back(s.substr(i, j - i));
    }
    return names;
}

bool launch(CUfunction f, CUdeviceptr d_in, CUdeviceptr d_out, std::vector<uint32_t> &out,
            const std::string &ctx) {
    if (!check(cuMemsetD8(d_out, 0xA5, kOutWords * 4), "cuMemsetD8", ctx)) return false;
    unsigned n = kInWords;
    void *args[] = {&d_out, &d_in, &n};
    if (!check(cuLaunchKernel(f, kGrid, 1, 1, kBlock, 1, 1, 0, nullptr, args, nullptr), "cuLaunchKernel", ctx))
        return false;
    if (!check(cuCtxSynchronize(), "cuCtxSynchronize", ctx)) return false;
    out.assign(kOutWords, 0);
    return check(cuMemcpyDtoH(out.data(), d_out, kOutWords * 4), "cuMemcpyDtoH", ctx);
}

std::string basename_of(const std::string &path) {
    size_t s = path.find_last_of('/');
    return s == std::string::npos ? path : path.substr(s + 1);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s OUTDIR FILE.ptx...\n", argv[0]);
        return 2;
    }
    const std::string outdir = argv[1];
    CUdevice dev;
    CUcontext cu_ctx;
    if (!check(cuInit(0), "cuInit", "setup") || !check(cuDeviceGet(&dev, 0), "cuDeviceGet", "setup") ||
        !check(cuCtxCreate(&cu_ctx, nullptr, 0, dev), "cuCtxCreate", "setup"))
        return 1;
    char devname[256] = {};
    cuDeviceGetName(devname, sizeof devname, dev);
    int major = 0, minor = 0, drv = 0;
    cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
    cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
    cuDriverGetVersion(&drv);

    const std::vector<uint32_t> in = input_words();
    CUdeviceptr d_in, d_out;
    if (!check(cuMemAlloc(&d_in, kInWords * 4), "cuMemAlloc", "setup") ||
        !check(cuMemAlloc(&d_out, kOutWords * 4), "cuMemAlloc", "setup") ||
        !check(cuMemcpyHtoD(d_in, in.data(), kInWords * 4), "cuMemcpyHtoD", "setup"))
        return 1;

    int status = 0;
    for (int a = 2; a < argc; ++a) {
        const std::string path = argv[a];
        std::ifstream fin(path);
        std::stringstream ss;
        ss << fin.rdbuf();
        const std::string ptx = ss.str();
        char log[8192] = {};
        CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
        void *vals[] = {log, reinterpret_cast<void *>(sizeof log)};
        CUmodule mod;
        if (!check(cuModuleLoadDataEx(&mod, ptx.c_str(), 2, opts, vals), "cuModuleLoadDataEx", path)) {
            std::fprintf(stderr, "%s\n", log);
            status = 1;
            continue;
        }
        for (const std::string &k : entry_names(ptx)) {
            const std::string ctx = path + ":" + k;
            CUfunction f;
            if (!check(cuModuleGetFunction(&f, mod, k.c_str()), "cuModuleGetFunction", ctx)) {
                status = 1;
                continue;
            }
            int regs = 0;
            cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f);
            std::vector<uint32_t> out1, out2;
            if (!launch(f, d_in, d_out, out1, ctx) || !launch(f, d_in, d_out, out2, ctx)) return 1;
            if (out1 != out2) {
                std::fprintf(stderr, "%s: two launches disagree\n", ctx.c_str());
                status = 1;
            }
            uint32_t seen = 0;
            std::set<uint32_t> distinct;
            unsigned unwritten = 0;
            for (unsigned t = 0; t < kGrid * kBlock; ++t) {
                distinct.insert(out1[2 * t]);
                if (out1[2 * t] == 0xA5A5A5A5u) ++unwritten;
                if (out1[2 * t + 1] != 0xA5A5A5A5u) seen |= out1[2 * t + 1];
            }
            const std::string file = outdir + "/" + k + ".txt";
            FILE *fo = std::fopen(file.c_str(), "w");
            if (!fo) {
                std::fprintf(stderr, "cannot write %s\n", file.c_str());
                return 1;
            }
            std::fprintf(fo, "# %s from %s (see ../README.md)\n", k.c_str(), basename_of(path).c_str());
            std::fprintf(fo, "# launch: grid (%u,1,1) block (%u,1,1), params (out, in, n = %u); in: inputs.py\n",
                         kGrid, kBlock, kInWords);
            std::fprintf(fo, "# out: %u u32 words, 0xa5 bytes before the launch; thread t: [2t] checksum, "
                             "[2t+1] visit mask\n", kOutWords);
            std::fprintf(fo, "# recorded on %s (sm_%d%d), CUDA driver %d, %d registers; two launches agreed\n",
                         devname, major, minor, drv, regs);
            for (unsigned i = 0; i < kOutWords; ++i)
                std::fprintf(fo, "%08x%c", out1[i], i % 8 == 7 ? '\n' : ' ');
            std::fclose(fo);
            std::printf("%-28s regs %3d  distinct checksums %3zu/%u  unwritten %3u  mask OR %08x\n",
                        k.c_str(), regs, distinct.size(), kGrid * kBlock, unwritten, seen);
        }
        cuModuleUnload(mod);
    }
    cuMemFree(d_in);
    cuMemFree(d_out);
    cuCtxDestroy(cu_ctx);
    return status;
}
