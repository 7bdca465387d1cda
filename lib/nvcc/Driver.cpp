// The compilation plan and its execution (Driver.h).
#include "nvcc/Driver.h"

#include "nvcc/Banner.h"
#include "nvcc/Command.h"
#include "nvcc/DeviceCode.h"
#include "nvcc/DeviceLink.h"
#include "nvcc/Options.h"
#include "nvcc/Toolkit.h"
#include "support/FileIO.h"
#include "support/Sha256.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <iostream>

namespace p2m::nvcc {

namespace {

// Clang 19 compiles CUDA for these architectures at most (its NVPTX target's newest).
constexpr unsigned kClangNewestArch = 90;
// nvcc 13's default architecture.
constexpr unsigned kDefaultArch = 75;
// The CUDA version Clang is told (the newest it knows), which selects the launch ABI that our
// libcudart implements (__cudaPushCallConfiguration + cudaLaunchKernel) and the PTX ISA.
constexpr const char *kClangCudaVersion = "12.5";
constexpr const char *kPtxFeature = "+ptx85";

void fatal(const std::string &message) { std::fprintf(stderr, "nvcc fatal   : %s\n", message.c_str()); }
void warning(const std::string &message) { std::fprintf(stderr, "nvcc warning : %s\n", message.c_str()); }

std::string stemOf(const std::string &path) { return llvm::sys::path::stem(path).str(); }

std::string joinPath(const std::string &a, const std::string &b) {
  if (a.empty())
    return b;
  llvm::SmallString<256> p(a);
  llvm::sys::path::append(p, b);
  return std::string(p);
}

class Compilation {
public:
  Compilation(DriverOptions options, Toolkit toolkit) : o_(std::move(options)), tk_(std::move(toolkit)) {}

  int run();

private:
  // Prints a step with -v/--dryrun; runs it unless --dryrun. Returns the exit status.
  int step(const Command &command) {
    if (o_.verbose || o_.dryRun)
      std::fprintf(stderr, "#$ %s\n", renderCommand(command).c_str());
    if (o_.dryRun)
      return 0;
    std::string error;
    int status = runCommand(command, error);
    if (status < 0) {
      fatal("could not run " + command.argv.front() + (error.empty() ? "" : ": " + error));
      return 1;
    }
    return status;
  }

  // An in-process step, shown as nvcc shows its tools.
  bool inProcess(const std::string &description, const std::function<bool()> &work) {
    if (o_.verbose || o_.dryRun)
      std::fprintf(stderr, "#$ %s\n", description.c_str());
    return o_.dryRun || work();
  }

  void printEnvironment() {
    if (!o_.verbose && !o_.dryRun)
      return;
    // nvcc's opening lines, which CMake reads to find the toolkit's directories.
    std::string here = joinPath(tk_.root, "bin");
    std::fprintf(stderr, "#$ _HERE_=%s\n#$ _THERE_=%s\n#$ _TARGET_SIZE_=\n#$ _TARGET_DIR_=\n", here.c_str(),
                 here.c_str());
    std::fprintf(stderr, "#$ TOP=%s\n", tk_.root.c_str());
    // CMake requires the device library's directory to end in nvvm/libdevice.
    std::fprintf(stderr, "#$ NVVMIR_LIBRARY_DIR=%s\n", joinPath(tk_.root, "nvvm/libdevice").c_str());
    std::fprintf(stderr, "#$ INCLUDES=\"-I%s\"\n", tk_.include.c_str());
    // Unquoted, as the link line prints it: CMake finds the link line by this text.
    std::fprintf(stderr, "#$ LIBRARIES=  -L%s\n", tk_.lib.c_str());
    std::fprintf(stderr, "#$ CLANG=%s\n", tk_.clang.c_str());
    for (const std::string &note : o_.notes)
      std::fprintf(stderr, "#$ note: %s\n", note.c_str());
    if (deviceArchNote_.size())
      std::fprintf(stderr, "#$ note: %s\n", deviceArchNote_.c_str());
  }

  bool chooseArchitecture() {
    unsigned highest = 0;
    std::vector<unsigned> archs;
    for (const GpuTarget &t : o_.targets) {
      archs.push_back(t.computeArch);
      highest = std::max(highest, t.computeArch);
    }
    if (!highest)
      highest = kDefaultArch;
    arch_ = std::min(highest, kClangNewestArch);
    std::sort(archs.begin(), archs.end());
    archs.erase(std::unique(archs.begin(), archs.end()), archs.end());
    if (archs.size() > 1 || highest != arch_) {
      deviceArchNote_ = "device code is compiled once, for sm_" + std::to_string(arch_) + " (requested:";
      for (unsigned a : archs)
        deviceArchNote_ += " sm_" + std::to_string(a);
      deviceArchNote_ += "), and translated once";
    }
    return true;
  }

  // Flags both passes of a .cu share: language, the toolkit's headers, the user's macros and
  // include directories.
  void addCudaCommon(std::vector<std::string> &a, const std::string &input) {
    a.insert(a.end(), {"-x", "cuda", "--cuda-path=" + tk_.root, "-nocudainc", "-nocudalib",
                       "-Wno-unknown-cuda-version", "-Xclang", "-target-sdk-version=" + std::string(kClangCudaVersion)});
    addSourceFlags(a, /*cuda=*/true);
    if (o_.relocatableDeviceCode) {
      // Both passes must agree on the unit's id: it names its externalized static variables.
      a.push_back("-fgpu-rdc");
      a.push_back("-cuid=" + sha256Hex(absolute(input)).substr(0, 16));
      a.push_back("-D__CUDACC_RDC__");
    }
  }

  void addSourceFlags(std::vector<std::string> &a, bool cuda, bool c = false) {
    for (const std::string &dir : o_.includePaths)
      a.push_back("-I" + dir);
    for (const std::string &dir : o_.systemIncludePaths)
      a.insert(a.end(), {"-isystem", dir});
    a.insert(a.end(), {"-isystem", tk_.include});
    if (cuda)
      a.insert(a.end(), {"-include", "cuda_runtime.h"});
    for (const std::string &file : o_.preIncludes)
      a.insert(a.end(), {"-include", file});
    // nvcc defines __NVCC__ for every file it compiles, .cpp included; build systems (CMake's
    // compiler identification among them) recognize nvcc by it.
    a.push_back("-D__NVCC__=1");
    a.push_back("-D__CUDACC_VER_MAJOR__=" + std::to_string(kCudaMajor));
    a.push_back("-D__CUDACC_VER_MINOR__=" + std::to_string(kCudaMinor));
    a.push_back("-D__CUDACC_VER_BUILD__=" + std::to_string(kCudaPatch));
    if (cuda && o_.extendedLambda)
      a.push_back("-D__CUDACC_EXTENDED_LAMBDA__");
    if (cuda && o_.relaxedConstexpr)
      a.push_back("-D__CUDACC_RELAXED_CONSTEXPR__");
    if (o_.perThreadDefaultStream) {
      a.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
      // Clang's launches then call cudaLaunchKernel_ptsz, which the header's macro names.
      if (cuda)
        a.insert(a.end(), {"-Xclang", "-fgpu-default-stream=per-thread"});
    }
    for (const std::string &d : o_.defines)
      a.push_back("-D" + d);
    for (const std::string &u : o_.undefines)
      a.push_back("-U" + u);
    if (!o_.standard.empty() && !c) // nvcc's -std names a C++ dialect; C sources keep the default
      a.push_back("-std=" + o_.standard);
    if (o_.disableWarnings)
      a.push_back("-w");
  }

  void addHostFlags(std::vector<std::string> &a) {
    if (!o_.optimize.empty())
      a.push_back("-O" + o_.optimize);
    if (o_.hostDebug)
      a.push_back("-g");
    a.insert(a.end(), o_.hostCompilerOptions.begin(), o_.hostCompilerOptions.end());
  }

  Command devicePass(const std::string &input, const std::string &ptxOutput) {
    Command c{{tk_.clang}};
    addCudaCommon(c.argv, input);
    c.argv.insert(c.argv.end(), {"--cuda-device-only", "--cuda-gpu-arch=sm_" + std::to_string(arch_), "-Xclang",
                                 "-target-feature", "-Xclang", kPtxFeature});
    // nvcc optimizes device code at -O3 whatever the host's level; -G turns it off.
    c.argv.push_back(o_.deviceDebug ? "-O0" : "-O3");
    if (o_.fastMath)
      c.argv.insert(c.argv.end(), {"-ffast-math", "-fgpu-flush-denormals-to-zero"});
    if (!tk_.libdevice.empty())
      c.argv.insert(c.argv.end(), {"-Xclang", "-mlink-builtin-bitcode", "-Xclang", tk_.libdevice});
    c.argv.insert(c.argv.end(), {"-S", "-o", ptxOutput, input});
    return c;
  }

  Command hostPass(const std::string &input, const std::string &fatbin, const std::vector<std::string> &mode,
                   const std::string &output) {
    Command c{{tk_.clang}};
    addCudaCommon(c.argv, input);
    c.argv.push_back("--cuda-host-only");
    if (!fatbin.empty())
      c.argv.insert(c.argv.end(), {"-Xclang", "-fcuda-include-gpubinary", "-Xclang", fatbin});
    addHostFlags(c.argv);
    c.argv.insert(c.argv.end(), mode.begin(), mode.end());
    if (!output.empty())
      c.argv.insert(c.argv.end(), {"-o", output});
    c.argv.push_back(input);
    return c;
  }

  Command hostOnlySource(const Input &input, const std::vector<std::string> &mode, const std::string &output) {
    Command c{{tk_.clang}};
    c.argv.insert(c.argv.end(), {"-x", input.kind == InputKind::C ? "c" : "c++"});
    addSourceFlags(c.argv, /*cuda=*/false, /*c=*/input.kind == InputKind::C);
    addHostFlags(c.argv);
    c.argv.insert(c.argv.end(), mode.begin(), mode.end());
    if (!output.empty())
      c.argv.insert(c.argv.end(), {"-o", output});
    c.argv.push_back(input.path);
    return c;
  }

  std::vector<std::string> dependencyFlags(const std::string &object) {
    std::vector<std::string> flags;
    if (!o_.generateDependencies)
      return flags;
    flags.push_back(o_.systemDependencies ? "-MD" : "-MMD");
    std::string file = o_.dependencyFile;
    if (file.empty()) {
      llvm::SmallString<256> p(object);
      llvm::sys::path::replace_extension(p, "d");
      file = std::string(p);
    }
    flags.insert(flags.end(), {"-MF", file});
    for (const std::string &t : o_.dependencyTargets)
      flags.insert(flags.end(), {"-MT", t});
    return flags;
  }

  std::string temporary(const std::string &name) { return joinPath(tempDir_, std::to_string(++tempCounter_) + "-" + name); }

  static std::string absolute(const std::string &path) {
    llvm::SmallString<256> p(path);
    llvm::sys::fs::make_absolute(p);
    return std::string(p);
  }

  // The output of one input for a phase that writes one file per input.
  std::string outputFor(const Input &input, const std::string &extension) {
    if (!o_.output.empty() && sources_ == 1)
      return o_.output;
    return joinPath(o_.outputDirectory, stemOf(input.path) + extension);
  }

  // device pass + translation: the unit's fatbin at `fatbinPath`. 0 or an exit status.
  int deviceCode(const Input &input, const std::string &fatbinPath) {
    std::string ptxPath = temporary(stemOf(input.path) + ".ptx");
    if (int status = step(devicePass(input.path, ptxPath)))
      return status;
    // "-arch compute_XX" is how nvcc's -v names the virtual architecture; CMake reads its default
    // CUDA_ARCHITECTURES from it.
    bool ok = inProcess("ptx2metal translate -arch compute_" + std::to_string(arch_) + " " + ptxPath + " -> " +
                            fatbinPath + " (in process: PTX, MSL, reflection)",
                        [&] { return writeDeviceCode(input.path, ptxPath, fatbinPath); });
    return ok ? 0 : 1;
  }

  bool writeDeviceCode(const std::string &origin, const std::string &ptxPath, const std::string &fatbinPath) {
    std::string error;
    std::optional<std::string> ptx = readFile(ptxPath, error);
    if (!ptx) {
      fatal("cannot read the device pass's PTX " + ptxPath + ": " + error);
      return false;
    }
    DeviceCode code = buildDeviceCode(origin, *ptx, arch_, deviceOptions_);
    for (const std::string &w : code.warnings)
      warning(w);
    if (!writeFile(fatbinPath, code.fatbin, error)) {
      fatal("cannot write " + fatbinPath + ": " + error);
      return false;
    }
    return true;
  }

  // One source → one object at `object`.
  int compileSource(const Input &input, const std::string &object) {
    if (input.kind != InputKind::Cuda)
      return step(hostOnlySource(input, concat({"-c"}, dependencyFlags(object)), object));
    std::string fatbin = temporary(stemOf(input.path) + ".fatbin");
    if (int status = deviceCode(input, fatbin))
      return status;
    return step(hostPass(input.path, fatbin, concat({"-c"}, dependencyFlags(object)), object));
  }

  static std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string> &b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  }

  // The device link of `files` (objects and libraries) into the object `output`.
  int deviceLink(const std::vector<std::string> &files, const std::string &output, bool implicit) {
    std::vector<RdcUnit> units;
    if (!o_.dryRun) {
      for (const std::string &f : files) {
        std::string error;
        if (!collectRdcUnits(f, units, error)) {
          fatal(error);
          return 1;
        }
      }
      if (units.empty() && implicit)
        return -1; // nothing to link: no object
    }
    std::string fatbinPath = temporary("dlink.fatbin");
    std::string sourcePath = temporary("dlink.cpp");
    bool ok = inProcess("ptx2metal device-link (in process: link the -rdc units' PTX, translate) -> " + fatbinPath,
                        [&] {
                          DeviceCodeOptions options = deviceOptions_;
                          options.translate = true;
                          DeviceLinkResult linked = linkDeviceCode(units, options);
                          if (!linked.ok) {
                            std::fputs(linked.error.c_str(), stderr);
                            fatal("the device code of the -rdc units does not link");
                            return false;
                          }
                          for (const std::string &w : linked.warnings)
                            warning(w);
                          std::string error;
                          if (!writeFile(fatbinPath, linked.fatbin, error) ||
                              !writeFile(sourcePath, deviceLinkSource(units, fatbinPath, sha256Hex(linked.fatbin)),
                                         error)) {
                            fatal(error);
                            return false;
                          }
                          return true;
                        });
    if (!ok)
      return 1;
    Command c{{tk_.clang, "-x", "c++", "-std=c++17", "-O2", "-w", "-c", "-o", output, sourcePath}};
    return step(c);
  }

  int link(const std::vector<std::string> &objects, const std::string &output) {
    Command c{{tk_.hostLink}};
    if (o_.shared)
      c.argv.push_back("-shared");
    c.argv.insert(c.argv.end(), objects.begin(), objects.end());
    for (const std::string &dir : o_.libraryPaths)
      c.argv.push_back("-L" + dir);
    for (const std::string &lib : o_.libraries)
      c.argv.push_back("-l" + lib);
    if (o_.cudart != "none") {
      // As nvcc users expect: the program finds the toolkit's runtime without LD_LIBRARY_PATH
      // (ptx2metal-host-link puts the toolkit's lib/ on the run path itself).
      c.argv.insert(c.argv.end(), {"-L" + tk_.lib, "-lcudart"});
      if (tk_.hostLink == tk_.clang)
        c.argv.push_back("-Wl,-rpath," + tk_.lib);
    } else {
      c.argv.push_back("-L" + tk_.lib);
    }
    for (const std::string &option : o_.linkerOptions)
      c.argv.push_back("-Wl," + option);
    c.argv.insert(c.argv.end(), o_.hostCompilerOptions.begin(), o_.hostCompilerOptions.end());
    if (o_.hostDebug)
      c.argv.push_back("-g");
    c.argv.insert(c.argv.end(), {"-o", output});
    return step(c);
  }

  int runPreprocessOrDependencies() {
    for (const Input &input : o_.inputs) {
      if (!isSource(input))
        continue;
      std::vector<std::string> mode;
      if (o_.phase == Phase::Preprocess) {
        mode = {"-E"};
      } else {
        mode = {o_.systemDependencies ? "-M" : "-MM"};
        if (!o_.dependencyFile.empty())
          mode.insert(mode.end(), {"-MF", o_.dependencyFile});
        for (const std::string &t : o_.dependencyTargets)
          mode.insert(mode.end(), {"-MT", t});
      }
      std::string output = o_.phase == Phase::Preprocess ? o_.output : std::string();
      Command c = input.kind == InputKind::Cuda ? hostPass(input.path, "", mode, output)
                                                : hostOnlySource(input, mode, output);
      if (int status = step(c))
        return status;
    }
    return 0;
  }

  static bool isSource(const Input &input) {
    return input.kind == InputKind::Cuda || input.kind == InputKind::Cxx || input.kind == InputKind::C;
  }

  DriverOptions o_;
  Toolkit tk_;
  DeviceCodeOptions deviceOptions_;
  unsigned arch_ = kDefaultArch;
  std::string deviceArchNote_;
  std::string tempDir_;
  unsigned tempCounter_ = 0;
  size_t sources_ = 0;
};

int Compilation::run() {
  chooseArchitecture();
  deviceOptions_.translate = !o_.relocatableDeviceCode;
  for (const Input &input : o_.inputs) {
    if (isSource(input))
      ++sources_;
    if (input.kind == InputKind::Ptx) {
      fatal("'" + input.path + "': PTX input files are not supported; ptx2metal compiles .cu sources "
            "(use the ptx2metal tool to translate PTX)");
      return 1;
    }
  }
  if (o_.phase == Phase::Compile || o_.phase == Phase::Ptx || o_.phase == Phase::Fatbin ||
      o_.phase == Phase::Preprocess || o_.phase == Phase::Dependencies) {
    if (!o_.output.empty() && sources_ > 1 && o_.phase != Phase::Dependencies) {
      fatal("A single input file is required for a non-link phase when an outputfile is specified");
      return 1;
    }
  }
  llvm::SmallString<256> dir;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("p2m-nvcc", dir)) {
    fatal("cannot create a temporary directory: " + ec.message());
    return 1;
  }
  tempDir_ = std::string(dir);
  printEnvironment();
  int status = 0;
  std::vector<std::string> objects; // for -lib, the link and the device link
  bool anyRdc = false;

  switch (o_.phase) {
  case Phase::Preprocess:
  case Phase::Dependencies:
    status = runPreprocessOrDependencies();
    break;
  case Phase::Ptx:
    for (const Input &input : o_.inputs)
      if (input.kind == InputKind::Cuda && !status)
        status = step(devicePass(input.path, outputFor(input, ".ptx")));
    break;
  case Phase::Fatbin:
    for (const Input &input : o_.inputs)
      if (input.kind == InputKind::Cuda && !status)
        status = deviceCode(input, outputFor(input, ".fatbin"));
    break;
  case Phase::Compile:
    for (const Input &input : o_.inputs)
      if (isSource(input) && !status)
        status = compileSource(input, outputFor(input, ".o"));
    break;
  case Phase::Cubin:
    break; // refused before a plan is made
  case Phase::DeviceLink: {
    std::vector<std::string> files;
    for (const Input &input : o_.inputs)
      if (input.kind == InputKind::Object || input.kind == InputKind::Library)
        files.push_back(input.path);
    std::string output = o_.output.empty() ? "a_dlink.o" : o_.output;
    status = deviceLink(files, output, /*implicit=*/false);
    break;
  }
  case Phase::Library:
  case Phase::Link: {
    for (const Input &input : o_.inputs) {
      if (status)
        break;
      if (isSource(input)) {
        // In a folder of its own: an archive's member is named as nvcc names it (unit.o).
        std::string folder = temporary("objects");
        llvm::sys::fs::create_directories(folder);
        std::string object = joinPath(folder, stemOf(input.path) + ".o");
        status = compileSource(input, object);
        objects.push_back(object);
        anyRdc = anyRdc || (input.kind == InputKind::Cuda && o_.relocatableDeviceCode);
      } else {
        objects.push_back(input.path);
      }
    }
    if (status)
      break;
    if (o_.phase == Phase::Library) {
      std::string output = o_.output.empty() ? "a.a" : o_.output;
      llvm::sys::fs::remove(output);
      llvm::ErrorOr<std::string> ar = llvm::sys::findProgramByName("llvm-ar-19");
      if (!ar)
        ar = llvm::sys::findProgramByName("ar");
      Command c{{ar ? *ar : std::string("ar"), "rcs", output}};
      c.argv.insert(c.argv.end(), objects.begin(), objects.end());
      status = step(c);
      break;
    }
    // nvcc links the device code of -rdc objects when the link itself says -rdc=true.
    if (o_.relocatableDeviceCode || anyRdc) {
      std::string dlink = temporary("dlink.o");
      int linked = deviceLink(objects, dlink, /*implicit=*/true);
      if (linked > 0) {
        status = linked;
        break;
      }
      if (linked == 0)
        objects.push_back(dlink);
    }
    status = link(objects, o_.output.empty() ? "a.out" : o_.output);
    break;
  }
  }
  llvm::sys::fs::remove_directories(tempDir_);
  return status;
}

} // namespace

int runDriver(const std::vector<std::string> &args, const std::string &argv0) {
  DriverOptions options;
  ParseOutcome parsed = parseCommandLine(args, options);
  if (!parsed.ok) {
    fatal(parsed.error);
    return 1;
  }
  if (options.version) {
    std::fputs(versionBanner().c_str(), stdout);
    return 0;
  }
  if (options.help) {
    std::fputs(helpText().c_str(), stdout);
    return 0;
  }
  if (options.phase == Phase::Cubin) {
    fatal("-cubin asks for NVIDIA machine code (SASS), which this toolkit does not make: ptx2metal compiles "
          "device code to PTX and translates it to Metal; use -ptx, -fatbin or -c");
    return 1;
  }
  if (options.phase == Phase::Fatbin) {
    bool virtualCode = options.targets.empty();
    for (const GpuTarget &t : options.targets)
      for (const std::string &code : t.codes)
        virtualCode = virtualCode || code.starts_with("compute_");
    if (!virtualCode) {
      fatal("-fatbin with only SASS codes (sm_XX) asks for NVIDIA machine code, which this toolkit does not "
            "make; ask for PTX too (code=compute_XX): the fatbin then holds the PTX and its translation");
      return 1;
    }
  }
  if (options.inputs.empty()) {
    fatal("No input files specified; use option --help for more information");
    return 1;
  }
  std::string error;
  std::optional<Toolkit> toolkit = locateToolkit(argv0, error);
  if (!toolkit) {
    fatal(error);
    return 1;
  }
  Compilation compilation(std::move(options), std::move(*toolkit));
  return compilation.run();
}

} // namespace p2m::nvcc
