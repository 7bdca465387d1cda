// The execution suite's launcher, written only against NVIDIA's cuda.h: it runs the cases
// that run-exec-driver.py describes through whatever libcuda.so.1 it is linked with
// (ptx2metal's shim in the test; NVIDIA's driver would run it unchanged) and writes each
// case's outputs for the script to check.
//
// usage: exec_driver_runner DESCRIPTION OUTPUT-DIRECTORY
//
// The description is line-based text, one case after another, all for one PTX file:
//   ptx PATH                                   first line
//   case NAME                                  starts a case
//   kernel NAME | grid X Y Z | block X Y Z | shared BYTES | cluster X Y Z (cuLaunchKernelEx)
//   buffer BYTES fill BYTE | buffer BYTES file PATH OFFSET   a device buffer parameter
//   value HEX                                  a by-value parameter's bytes
//   image texture|surface array|linear|pitch2d FORMAT CHANNELS W H D FLAGS PITCH BYTES PATH OFFSET
//                                              a texture or surface object (its 64-bit handle)
//                                              over texels read from the input blob; FORMAT a
//                                              CUarray_format, FLAGS CUDA_ARRAY3D_* (arrays)
//   sampler AM0 AM1 AM2 FILTER FLAGS B0 B1 B2 B3   the last image's texture description
//                                              (CU_TRSF_* flags, border colour bit patterns)
//   global_in NAME HEX                         written with cuModuleGetGlobal + cuMemcpyHtoD
//   read_param INDEX BYTES | read_global NAME BYTES    outputs, in order (an image parameter:
//                                              its array's texels, packed)
//   expect_error                               the launch must fail (a trap)
//   stdout                                     capture the device's printf/assert text
//   end                                        runs the case
// For each case one line goes to stdout: "result NAME CUDA_SUCCESS|CUDA_ERROR_... [where]",
// and on success OUTPUT-DIRECTORY/NAME.out holds the outputs concatenated. With `stdout`,
// whatever the process writes to its standard output during the launch and the
// synchronization (where CUDA prints device text) goes to OUTPUT-DIRECTORY/NAME.stdout.
#include <cuda.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Param {
  bool buffer = false;
  size_t bytes = 0;
  int fill = -1;           // buffer: fill byte, or -1 when read from a file
  std::string file;        // buffer: the input blob
  size_t fileOffset = 0;
  std::vector<uint8_t> value; // by-value bytes
  // A texture or surface object over an array, linear or pitch-2D memory (`image`).
  bool image = false;
  bool surface = false;
  std::string resource;
  unsigned format = 0, channels = 0, flags = 0;
  size_t extent[3] = {0, 0, 0};
  size_t pitch = 0;
  CUDA_TEXTURE_DESC sampler{};
};

struct Read {
  bool global = false;
  size_t param = 0;
  std::string name;
  size_t bytes = 0;
};

struct Case {
  std::string name, kernel;
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1}, cluster[3] = {0, 0, 0};
  unsigned shared = 0;
  std::vector<Param> params;
  std::vector<std::pair<std::string, std::vector<uint8_t>>> globalsIn;
  std::vector<Read> reads;
  bool expectError = false;
  bool captureStdout = false;
};

// Sends file descriptor 1 to a file while it lives: device printf goes to the process's stdout.
class StdoutToFile {
public:
  explicit StdoutToFile(const std::string &path) {
    std::fflush(stdout);
    int file = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    saved_ = file < 0 ? -1 : dup(1);
    if (saved_ >= 0)
      dup2(file, 1);
    if (file >= 0)
      close(file);
  }
  ~StdoutToFile() {
    std::fflush(stdout);
    if (saved_ >= 0) {
      dup2(saved_, 1);
      close(saved_);
    }
  }
  StdoutToFile(const StdoutToFile &) = delete;
  StdoutToFile &operator=(const StdoutToFile &) = delete;

private:
  int saved_ = -1;
};

std::vector<uint8_t> fromHex(const std::string &hex) {
  std::vector<uint8_t> bytes;
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    bytes.push_back(uint8_t(std::stoul(hex.substr(i, 2), nullptr, 16)));
  return bytes;
}

std::string errorName(CUresult r) {
  const char *name = nullptr;
  return cuGetErrorName(r, &name) == CUDA_SUCCESS && name ? name : "CUDA_ERROR_" + std::to_string(int(r));
}

size_t formatBytes(unsigned format) {
  switch (format) {
  case CU_AD_FORMAT_UNSIGNED_INT8:
  case CU_AD_FORMAT_SIGNED_INT8: return 1;
  case CU_AD_FORMAT_UNSIGNED_INT16:
  case CU_AD_FORMAT_SIGNED_INT16:
  case CU_AD_FORMAT_HALF: return 2;
  default: return 4;
  }
}

// A host image <-> array copy of a whole image parameter.
CUDA_MEMCPY3D imageCopy(const Param &p, CUarray array, void *host, bool toArray) {
  size_t row = p.extent[0] * p.channels * formatBytes(p.format);
  CUDA_MEMCPY3D c{};
  if (toArray) {
    c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = host, c.srcPitch = row;
    c.srcHeight = p.extent[1] ? p.extent[1] : 1;
    c.dstMemoryType = CU_MEMORYTYPE_ARRAY, c.dstArray = array;
  } else {
    c.dstMemoryType = CU_MEMORYTYPE_HOST, c.dstHost = host, c.dstPitch = row;
    c.dstHeight = p.extent[1] ? p.extent[1] : 1;
    c.srcMemoryType = CU_MEMORYTYPE_ARRAY, c.srcArray = array;
  }
  c.WidthInBytes = row;
  c.Height = p.extent[1] ? p.extent[1] : 1;
  c.Depth = p.extent[2] ? p.extent[2] : 1;
  return c;
}

// The object of an image parameter over `texels`: its handle in *handle, what it holds in
// *array or *memory (to free).
CUresult createImage(const Param &p, const std::vector<uint8_t> &texels, unsigned long long *handle, CUarray *array,
                     CUdeviceptr *memory, std::string *where) {
  CUDA_RESOURCE_DESC resource{};
  size_t row = p.extent[0] * p.channels * formatBytes(p.format);
  if (p.resource == "array") {
    CUDA_ARRAY3D_DESCRIPTOR d{};
    d.Width = p.extent[0], d.Height = p.extent[1], d.Depth = p.extent[2];
    d.Format = CUarray_format(p.format);
    d.NumChannels = p.channels;
    d.Flags = p.flags;
    if (CUresult e = cuArray3DCreate(array, &d)) {
      *where = "cuArray3DCreate";
      return e;
    }
    CUDA_MEMCPY3D copy = imageCopy(p, *array, const_cast<uint8_t *>(texels.data()), true);
    if (CUresult e = cuMemcpy3D(&copy)) {
      *where = "cuMemcpy3D (image)";
      return e;
    }
    resource.resType = CU_RESOURCE_TYPE_ARRAY;
    resource.res.array.hArray = *array;
  } else {
    bool pitched = p.resource == "pitch2d";
    size_t rows = pitched ? (p.extent[1] ? p.extent[1] : 1) : 1, pitch = pitched ? p.pitch : texels.size();
    std::vector<uint8_t> image(pitch * rows, 0);
    for (size_t r = 0; r < rows; ++r)
      std::memcpy(image.data() + r * pitch, texels.data() + r * (pitched ? row : 0), pitched ? row : texels.size());
    if (CUresult e = cuMemAlloc(memory, image.size() ? image.size() : 1)) {
      *where = "cuMemAlloc (image)";
      return e;
    }
    if (CUresult e = cuMemcpyHtoD(*memory, image.data(), image.size())) {
      *where = "cuMemcpyHtoD (image)";
      return e;
    }
    if (pitched) {
      resource.resType = CU_RESOURCE_TYPE_PITCH2D;
      resource.res.pitch2D = {*memory, CUarray_format(p.format), p.channels, p.extent[0], rows, pitch};
    } else {
      resource.resType = CU_RESOURCE_TYPE_LINEAR;
      resource.res.linear = {*memory, CUarray_format(p.format), p.channels, texels.size()};
    }
  }
  CUresult e = p.surface ? cuSurfObjectCreate(handle, &resource) : cuTexObjectCreate(handle, &resource, &p.sampler, nullptr);
  if (e != CUDA_SUCCESS)
    *where = p.surface ? "cuSurfObjectCreate" : "cuTexObjectCreate";
  return e;
}

// Runs one case in a fresh context (a trap leaves its context unusable); "" or the failing call.
CUresult runCase(const std::string &ptx, const Case &c, const std::string &outDir, std::string *where) {
  CUcontext context = nullptr;
  CUresult r = cuCtxCreate(&context, nullptr, 0, 0);
  if (r != CUDA_SUCCESS) {
    *where = "cuCtxCreate";
    return r;
  }
  std::vector<CUdeviceptr> allocations;
  std::vector<CUarray> arrays(c.params.size(), nullptr);
  std::vector<unsigned long long> handles(c.params.size(), 0);
  CUmodule module = nullptr;
  auto step = [&](CUresult result, const char *call) {
    if (result != CUDA_SUCCESS && where->empty())
      *where = call;
    return result;
  };
  r = [&]() -> CUresult {
    if (CUresult e = step(cuModuleLoadData(&module, ptx.c_str()), "cuModuleLoadData"))
      return e;
    CUfunction f = nullptr;
    if (CUresult e = step(cuModuleGetFunction(&f, module, c.kernel.c_str()), "cuModuleGetFunction"))
      return e;
    if (c.shared > 48 * 1024)
      if (CUresult e = step(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(c.shared)),
                            "cuFuncSetAttribute"))
        return e;
    std::vector<CUdeviceptr> pointers(c.params.size());
    std::vector<void *> args;
    for (size_t i = 0; i < c.params.size(); ++i) {
      const Param &p = c.params[i];
      if (p.image) {
        std::vector<uint8_t> texels(p.bytes);
        std::ifstream in(p.file, std::ios::binary);
        in.seekg(std::streamoff(p.fileOffset));
        in.read(reinterpret_cast<char *>(texels.data()), std::streamsize(p.bytes));
        if (!in) {
          *where = "reading " + p.file;
          return CUDA_ERROR_FILE_NOT_FOUND;
        }
        CUresult e = createImage(p, texels, &handles[i], &arrays[i], &pointers[i], where);
        if (pointers[i])
          allocations.push_back(pointers[i]);
        if (e != CUDA_SUCCESS)
          return e;
        args.push_back(&handles[i]);
        continue;
      }
      if (!p.buffer) {
        args.push_back(const_cast<uint8_t *>(p.value.data()));
        continue;
      }
      if (CUresult e = step(cuMemAlloc(&pointers[i], p.bytes ? p.bytes : 1), "cuMemAlloc"))
        return e;
      allocations.push_back(pointers[i]);
      if (p.fill >= 0) {
        if (CUresult e = step(cuMemsetD8(pointers[i], (unsigned char)p.fill, p.bytes), "cuMemsetD8"))
          return e;
      } else {
        std::vector<uint8_t> data(p.bytes);
        std::ifstream in(p.file, std::ios::binary);
        in.seekg(std::streamoff(p.fileOffset));
        in.read(reinterpret_cast<char *>(data.data()), std::streamsize(p.bytes));
        if (!in) {
          *where = "reading " + p.file;
          return CUDA_ERROR_FILE_NOT_FOUND;
        }
        if (CUresult e = step(cuMemcpyHtoD(pointers[i], data.data(), p.bytes), "cuMemcpyHtoD"))
          return e;
      }
      args.push_back(&pointers[i]);
    }
    for (const auto &[name, bytes] : c.globalsIn) {
      CUdeviceptr address = 0;
      size_t size = 0;
      if (CUresult e = step(cuModuleGetGlobal(&address, &size, module, name.c_str()), "cuModuleGetGlobal"))
        return e;
      if (bytes.size() > size) {
        *where = "global " + name + " is smaller than its values";
        return CUDA_ERROR_INVALID_VALUE;
      }
      if (CUresult e = step(cuMemcpyHtoD(address, bytes.data(), bytes.size()), "cuMemcpyHtoD (global)"))
        return e;
    }
    std::optional<StdoutToFile> capture;
    if (c.captureStdout)
      capture.emplace(outDir + "/" + c.name + ".stdout");
    CUresult launched;
    if (c.cluster[0]) {
      CUlaunchAttribute attribute{};
      attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
      attribute.value.clusterDim.x = c.cluster[0];
      attribute.value.clusterDim.y = c.cluster[1];
      attribute.value.clusterDim.z = c.cluster[2];
      CUlaunchConfig config{};
      config.gridDimX = c.grid[0], config.gridDimY = c.grid[1], config.gridDimZ = c.grid[2];
      config.blockDimX = c.block[0], config.blockDimY = c.block[1], config.blockDimZ = c.block[2];
      config.sharedMemBytes = c.shared;
      config.attrs = &attribute;
      config.numAttrs = 1;
      launched = step(cuLaunchKernelEx(&config, f, args.data(), nullptr), "cuLaunchKernelEx");
    } else {
      launched = step(cuLaunchKernel(f, c.grid[0], c.grid[1], c.grid[2], c.block[0], c.block[1], c.block[2],
                                     c.shared, nullptr, args.data(), nullptr),
                      "cuLaunchKernel");
    }
    if (launched == CUDA_SUCCESS)
      launched = step(cuCtxSynchronize(), "cuCtxSynchronize");
    capture.reset();
    if (launched != CUDA_SUCCESS || c.expectError)
      return launched;
    std::vector<uint8_t> out;
    for (const Read &read : c.reads) {
      CUdeviceptr source = 0;
      if (read.global) {
        size_t size = 0;
        if (CUresult e = step(cuModuleGetGlobal(&source, &size, module, read.name.c_str()), "cuModuleGetGlobal"))
          return e;
      } else if (c.params.at(read.param).image) {
        size_t at = out.size();
        out.resize(at + read.bytes);
        CUDA_MEMCPY3D copy = imageCopy(c.params[read.param], arrays.at(read.param), out.data() + at, false);
        if (CUresult e = step(cuMemcpy3D(&copy), "cuMemcpy3D (image read)"))
          return e;
        continue;
      } else {
        source = pointers.at(read.param);
      }
      size_t at = out.size();
      out.resize(at + read.bytes);
      if (CUresult e = step(cuMemcpyDtoH(out.data() + at, source, read.bytes), "cuMemcpyDtoH"))
        return e;
    }
    std::ofstream file(outDir + "/" + c.name + ".out", std::ios::binary);
    file.write(reinterpret_cast<const char *>(out.data()), std::streamsize(out.size()));
    return CUDA_SUCCESS;
  }();
  // A broken context refuses the frees; destroying it releases everything anyway.
  for (size_t i = 0; i < c.params.size(); ++i) {
    if (handles[i])
      (void)(c.params[i].surface ? cuSurfObjectDestroy(handles[i]) : cuTexObjectDestroy(handles[i]));
    if (arrays[i])
      (void)cuArrayDestroy(arrays[i]);
  }
  for (CUdeviceptr p : allocations)
    (void)cuMemFree(p);
  if (module)
    (void)cuModuleUnload(module);
  (void)cuCtxDestroy(context);
  return r;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s DESCRIPTION OUTPUT-DIRECTORY\n", argv[0]);
    return 2;
  }
  std::ifstream description(argv[1]);
  std::string line, ptx;
  if (CUresult r = cuInit(0)) {
    std::fprintf(stderr, "cuInit: %s\n", errorName(r).c_str());
    return 1;
  }
  Case c;
  while (std::getline(description, line)) {
    std::istringstream in(line);
    std::string key;
    in >> key;
    if (key == "ptx") {
      std::string path;
      in >> path;
      std::ifstream file(path);
      std::stringstream text;
      text << file.rdbuf();
      ptx = text.str();
    } else if (key == "case") {
      c = Case{};
      in >> c.name;
    } else if (key == "kernel") {
      in >> c.kernel;
    } else if (key == "grid") {
      in >> c.grid[0] >> c.grid[1] >> c.grid[2];
    } else if (key == "block") {
      in >> c.block[0] >> c.block[1] >> c.block[2];
    } else if (key == "cluster") {
      in >> c.cluster[0] >> c.cluster[1] >> c.cluster[2];
    } else if (key == "shared") {
      in >> c.shared;
    } else if (key == "buffer") {
      Param p;
      p.buffer = true;
      std::string source;
      in >> p.bytes >> source;
      if (source == "fill")
        in >> p.fill;
      else
        in >> p.file >> p.fileOffset;
      c.params.push_back(p);
    } else if (key == "image") {
      Param p;
      p.image = true;
      std::string kind;
      in >> kind >> p.resource >> p.format >> p.channels >> p.extent[0] >> p.extent[1] >> p.extent[2] >> p.flags >>
          p.pitch >> p.bytes >> p.file >> p.fileOffset;
      p.surface = kind == "surface";
      c.params.push_back(p);
    } else if (key == "sampler" && !c.params.empty()) {
      CUDA_TEXTURE_DESC &t = c.params.back().sampler;
      unsigned modes[3] = {}, filter = 0;
      in >> modes[0] >> modes[1] >> modes[2] >> filter >> t.flags;
      for (int k = 0; k < 3; ++k)
        t.addressMode[k] = CUaddress_mode(modes[k]);
      t.filterMode = CUfilter_mode(filter);
      for (float &border : t.borderColor) {
        std::string hex;
        in >> hex;
        uint32_t bits = uint32_t(std::stoul(hex, nullptr, 16));
        std::memcpy(&border, &bits, sizeof border);
      }
    } else if (key == "value") {
      std::string hex;
      in >> hex;
      Param p;
      p.value = fromHex(hex);
      c.params.push_back(p);
    } else if (key == "global_in") {
      std::string name, hex;
      in >> name >> hex;
      c.globalsIn.emplace_back(name, fromHex(hex));
    } else if (key == "read_param") {
      Read r;
      in >> r.param >> r.bytes;
      c.reads.push_back(r);
    } else if (key == "read_global") {
      Read r;
      r.global = true;
      in >> r.name >> r.bytes;
      c.reads.push_back(r);
    } else if (key == "expect_error") {
      c.expectError = true;
    } else if (key == "stdout") {
      c.captureStdout = true;
    } else if (key == "end") {
      std::string where;
      CUresult r = runCase(ptx, c, argv[2], &where);
      std::printf("result %s %s %s\n", c.name.c_str(), errorName(r).c_str(), where.c_str());
      std::fflush(stdout);
    }
  }
  return 0;
}
