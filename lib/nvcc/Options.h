// nvcc's command line as build systems write it, parsed into what ptx2metal-nvcc does with it.
// Conventions (nvcc --help): every option has a short and a long name (`-c`/`--compile`), a
// value follows as the next word or after '=' (`-o x`, `--output-file=x`), some short options
// also take it glued on (`-Ipath`, `-DX`, `-O3`, `-lm`), list options take comma-separated
// values (`-Xcompiler -fPIC,-Wall`), and `--options-file` names files of more arguments
// (CMake's response files). Unknown options are an error naming the option, as nvcc's, unless
// -forward-unknown-to-host-compiler is given.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace p2m::nvcc {

// What the command line asks for, in nvcc's terms (the phase options are exclusive).
enum class Phase {
  Link,       // default: compile the sources and link an executable (or -shared library)
  Compile,    // -c / -dc: one object per source
  Preprocess, // -E
  Dependencies, // -M / -MM: a make rule on stdout (or -MF)
  Ptx,        // -ptx
  Fatbin,     // -fatbin
  Cubin,      // -cubin: refused (NVIDIA machine code)
  DeviceLink, // -dlink
  Library,    // -lib: compile and archive
};

enum class InputKind { Cuda, Cxx, C, Object, Library, Ptx, Other };

struct Input {
  std::string path;
  InputKind kind = InputKind::Other;
};

// One -gencode pair or -arch/-code: a virtual architecture and the codes asked of it.
struct GpuTarget {
  unsigned computeArch = 0;       // 80 for compute_80
  std::vector<std::string> codes; // "sm_80", "compute_80"
};

struct DriverOptions {
  Phase phase = Phase::Link;
  bool phaseGiven = false;
  std::vector<Input> inputs;
  std::string output; // -o
  std::string outputDirectory; // -odir
  std::optional<InputKind> language; // -x
  bool relocatableDeviceCode = false; // -rdc=true, -dc
  bool shared = false;                // -shared
  bool generateDependencies = false;  // -MD / -MMD (with a compile)
  bool systemDependencies = true;     // false for -MM / -MMD
  std::string dependencyFile;         // -MF
  std::vector<std::string> dependencyTargets; // -MT

  std::vector<GpuTarget> targets; // -arch / -code / -gencode, as given
  bool archGiven = false;

  std::vector<std::string> includePaths;       // -I
  std::vector<std::string> systemIncludePaths; // -isystem
  std::vector<std::string> preIncludes;        // -include
  std::vector<std::string> defines;            // -D (NAME or NAME=VALUE)
  std::vector<std::string> undefines;          // -U
  std::vector<std::string> libraryPaths;       // -L
  std::vector<std::string> libraries;          // -l
  std::string optimize;                        // -O level ("3"); empty: nvcc's default
  std::string standard;                        // -std
  bool hostDebug = false;                      // -g
  bool deviceDebug = false;                    // -G
  bool lineInfo = false;                       // -lineinfo
  bool fastMath = false;                       // --use_fast_math
  bool relaxedConstexpr = false;               // --expt-relaxed-constexpr
  bool extendedLambda = false;                 // --extended-lambda
  bool perThreadDefaultStream = false;         // --default-stream per-thread
  bool disableWarnings = false;                // -w
  std::string cudart = "shared";               // -cudart none|shared|static
  bool forwardUnknown = false;                  // -forward-unknown-to-host-compiler
  std::vector<std::string> hostCompilerOptions; // -Xcompiler and forwarded unknown options
  std::vector<std::string> linkerOptions;       // -Xlinker
  std::vector<std::string> notes;               // accepted without effect, said with -v

  bool verbose = false; // -v: print each step, then run it
  bool dryRun = false;  // --dryrun: print each step, run none
  bool version = false;
  bool help = false;
};

struct ParseOutcome {
  bool ok = true;
  std::string error; // nvcc's wording: "Unknown option '-foo'"
};

// Parses `args` (without the program name). --options-file contents are read and parsed in
// place.
ParseOutcome parseCommandLine(const std::vector<std::string> &args, DriverOptions &options);

// The kind of an input, by its extension, as nvcc decides it.
InputKind inputKindOf(const std::string &path);

// Splits a response file's text into words: whitespace separates, single and double quotes
// group, a backslash escapes the next character (the shell's rules, which CMake writes for).
std::vector<std::string> splitOptionsFile(const std::string &text);

} // namespace p2m::nvcc
