// nvcc's command line (Options.h). One table names every option once; a switch over the long
// names says what each one does.
#include "nvcc/Options.h"

#include "support/FileIO.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace p2m::nvcc {

namespace {

enum class Takes { Nothing, Value };

struct OptionSpec {
  std::string_view shortName; // without the dash
  std::string_view longName;  // without the dashes
  Takes takes = Takes::Nothing;
  bool glued = false;         // `-Ipath`: the value may follow the short name directly
};

// nvcc 13's options that build systems and users pass (nvcc --help), by long name.
constexpr OptionSpec kOptions[] = {
    // phases
    {"c", "compile"},
    {"dc", "device-c"},
    {"dw", "device-w"},
    {"dlink", "device-link"},
    {"lib", "lib"},
    {"shared", "shared"},
    {"E", "preprocess"},
    {"M", "generate-dependencies"},
    {"MM", "generate-nonsystem-dependencies"},
    {"MD", "generate-dependencies-with-compile"},
    {"MMD", "generate-nonsystem-dependencies-with-compile"},
    {"MF", "dependency-output", Takes::Value},
    {"MT", "dependency-target-name", Takes::Value},
    {"ptx", "ptx"},
    {"cubin", "cubin"},
    {"fatbin", "fatbin"},
    {"optix-ir", "optix-ir"},
    {"ltoir", "ltoir"},
    {"link", "link"},
    {"o", "output-file", Takes::Value},
    {"odir", "output-directory", Takes::Value},
    {"x", "x", Takes::Value},
    // device code
    {"arch", "gpu-architecture", Takes::Value},
    {"code", "gpu-code", Takes::Value},
    {"gencode", "generate-code", Takes::Value},
    {"rdc", "relocatable-device-code", Takes::Value},
    {"G", "device-debug"},
    {"lineinfo", "generate-line-info"},
    {"use_fast_math", "use_fast_math"},
    {"ftz", "ftz", Takes::Value},
    {"prec-div", "prec-div", Takes::Value},
    {"prec-sqrt", "prec-sqrt", Takes::Value},
    {"fmad", "fmad", Takes::Value},
    {"maxrregcount", "maxrregcount", Takes::Value},
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr"},
    {"extended-lambda", "extended-lambda"},
    {"expt-extended-lambda", "expt-extended-lambda"},
    {"default-stream", "default-stream", Takes::Value},
    {"cudart", "cudart", Takes::Value},
    {"cudadevrt", "cudadevrt", Takes::Value},
    {"Xptxas", "ptxas-options", Takes::Value},
    {"Xnvlink", "nvlink-options", Takes::Value},
    {"Xfatbin", "fatbin-options", Takes::Value},
    {"Xcudafe", "cudafe-options", Takes::Value},
    {"Xarchive", "archive-options", Takes::Value},
    {"restrict", "restrict"},
    {"res-usage", "resource-usage"},
    {"src-in-ptx", "source-in-ptx"},
    {"t", "threads", Takes::Value},
    {"split-compile", "split-compile", Takes::Value},
    {"static-global-template-stub", "static-global-template-stub", Takes::Value},
    {"diag-suppress", "diag-suppress", Takes::Value},
    {"diag-warn", "diag-warn", Takes::Value},
    {"diag-error", "diag-error", Takes::Value},
    {"err-no", "display-error-number"},
    {"no-err-no", "no-display-error-number"},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets"},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations"},
    {"Wreorder", "Wreorder"},
    {"Wdefault-stream-launch", "Wdefault-stream-launch"},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this"},
    {"Werror", "Werror", Takes::Value},
    {"keep", "keep"},
    {"keep-dir", "keep-dir", Takes::Value},
    {"m", "machine", Takes::Value},
    {"m64", "m64"},
    // host compilation
    {"I", "include-path", Takes::Value, true},
    {"isystem", "system-include", Takes::Value, true},
    {"include", "pre-include", Takes::Value},
    {"D", "define-macro", Takes::Value, true},
    {"U", "undefine-macro", Takes::Value, true},
    {"L", "library-path", Takes::Value, true},
    {"l", "library", Takes::Value, true},
    {"O", "optimize", Takes::Value, true},
    {"std", "std", Takes::Value},
    {"g", "debug"},
    {"w", "disable-warnings"},
    {"Xcompiler", "compiler-options", Takes::Value},
    {"Xlinker", "linker-options", Takes::Value},
    {"ccbin", "compiler-bindir", Takes::Value},
    {"allow-unsupported-compiler", "allow-unsupported-compiler"},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler"},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker"},
    {"optf", "options-file", Takes::Value},
    // the driver itself
    {"v", "verbose"},
    {"dryrun", "dryrun"},
    {"V", "version"},
    {"h", "help"},
};

const OptionSpec *findByName(std::string_view name) {
  for (const OptionSpec &spec : kOptions)
    if (spec.shortName == name || spec.longName == name)
      return &spec;
  return nullptr;
}

// `-Ipath`: the longest glued short name that prefixes `word`.
const OptionSpec *findGlued(std::string_view word, std::string_view *value) {
  const OptionSpec *best = nullptr;
  for (const OptionSpec &spec : kOptions)
    if (spec.glued && word.size() > spec.shortName.size() && word.starts_with(spec.shortName) &&
        (!best || spec.shortName.size() > best->shortName.size()))
      best = &spec;
  if (best)
    *value = word.substr(best->shortName.size());
  return best;
}

std::vector<std::string> splitCommas(std::string_view value) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= value.size()) {
    size_t comma = value.find(',', start);
    if (comma == std::string_view::npos)
      comma = value.size();
    if (comma > start)
      parts.emplace_back(value.substr(start, comma - start));
    start = comma + 1;
  }
  return parts;
}

// "sm_80", "compute_80", "80" → 80; 0 when it names no architecture.
unsigned archNumber(std::string_view name) {
  for (std::string_view prefix : {"sm_", "compute_", "lto_"})
    if (name.starts_with(prefix)) {
      name.remove_prefix(prefix.size());
      break;
    }
  unsigned value = 0;
  size_t digits = 0;
  while (digits < name.size() && std::isdigit(static_cast<unsigned char>(name[digits])))
    value = value * 10 + unsigned(name[digits++] - '0');
  // sm_90a, sm_100f: the suffix selects architecture-specific features; the number is the arch.
  return digits ? value : 0;
}

bool parseBool(std::string_view value, bool *out) {
  if (value == "true" || value == "1") {
    *out = true;
    return true;
  }
  if (value == "false" || value == "0") {
    *out = false;
    return true;
  }
  return false;
}

class Parser {
public:
  explicit Parser(DriverOptions &options) : o_(options) {}

  ParseOutcome parse(const std::vector<std::string> &args, unsigned depth) {
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string &word = args[i];
      if (word.size() < 2 || word[0] != '-') {
        o_.inputs.push_back({word, inputKindOf(word)});
        continue;
      }
      std::string_view name(word);
      name.remove_prefix(name.starts_with("--") ? 2 : 1);
      std::optional<std::string> value;
      const OptionSpec *spec = findByName(name);
      if (!spec) {
        if (size_t eq = name.find('='); eq != std::string_view::npos) {
          spec = findByName(name.substr(0, eq));
          if (spec)
            value = std::string(name.substr(eq + 1));
        }
      }
      if (!spec && word[1] != '-') {
        std::string_view glued;
        spec = findGlued(name, &glued);
        if (spec)
          value = std::string(glued);
      }
      if (!spec) {
        if (o_.forwardUnknown) {
          o_.hostCompilerOptions.push_back(word);
          continue;
        }
        return fail("Unknown option '" + word + "'");
      }
      if (spec->takes == Takes::Value && !value) {
        if (i + 1 >= args.size())
          return fail("Option '" + std::string(word) + "' requires an argument");
        value = args[++i];
      } else if (spec->takes == Takes::Nothing && value) {
        return fail("Option '" + std::string(word) + "' does not take a value");
      }
      ParseOutcome handled = apply(*spec, value.value_or(""), depth);
      if (!handled.ok)
        return handled;
    }
    return {};
  }

private:
  ParseOutcome fail(std::string message) { return {false, std::move(message)}; }

  ParseOutcome setPhase(Phase phase, std::string_view option) {
    if (o_.phaseGiven && o_.phase != phase)
      return fail("Option '-" + std::string(option) + "' conflicts with an earlier phase option");
    o_.phase = phase;
    o_.phaseGiven = true;
    return {};
  }

  ParseOutcome gpuArchitecture(std::string_view value) {
    // -arch=sm_80 alone means -gencode arch=compute_80,code=[sm_80,compute_80]; a list or
    // native/all asks for several.
    for (const std::string &name : splitCommas(value)) {
      if (name == "native" || name == "all" || name == "all-major") {
        o_.notes.push_back("-arch=" + name + ": device code is compiled for sm_80");
        o_.targets.push_back({80, {"sm_80", "compute_80"}});
        continue;
      }
      unsigned arch = archNumber(name);
      if (!arch)
        return fail("Value '" + name + "' is not defined for option 'gpu-architecture'");
      o_.targets.push_back({arch, {"sm_" + std::to_string(arch), "compute_" + std::to_string(arch)}});
    }
    o_.archGiven = true;
    pendingCodeTarget_ = o_.targets.empty() ? -1 : int(o_.targets.size()) - 1;
    return {};
  }

  ParseOutcome gpuCode(std::string_view value) {
    std::vector<std::string> codes = splitCommas(value);
    if (pendingCodeTarget_ < 0) {
      // -code without -arch: the virtual architecture is the lowest code's.
      unsigned lowest = 0;
      for (const std::string &c : codes)
        if (unsigned a = archNumber(c); a && (!lowest || a < lowest))
          lowest = a;
      if (!lowest)
        return fail("Value '" + std::string(value) + "' is not defined for option 'gpu-code'");
      o_.targets.push_back({lowest, {}});
      pendingCodeTarget_ = int(o_.targets.size()) - 1;
    }
    o_.targets[size_t(pendingCodeTarget_)].codes = codes;
    return {};
  }

  // arch=compute_80,code=[compute_80,sm_80] (CMake), arch=compute_80,code=sm_80, or a bare
  // sm_80 / compute_80 ("-gencode=sm_80" is accepted as nvcc accepts it).
  ParseOutcome generateCode(std::string_view value) {
    GpuTarget target;
    std::string_view rest = value;
    bool any = false;
    while (!rest.empty()) {
      size_t eq = rest.find('=');
      if (eq == std::string_view::npos) {
        unsigned arch = archNumber(rest);
        if (!arch)
          break;
        target = {arch, {std::string(rest)}};
        any = true;
        rest = {};
        break;
      }
      std::string_view key = rest.substr(0, eq);
      rest.remove_prefix(eq + 1);
      std::string_view item;
      if (rest.starts_with("[")) {
        size_t close = rest.find(']');
        if (close == std::string_view::npos)
          return fail("Malformed value '" + std::string(value) + "' for option 'generate-code'");
        item = rest.substr(1, close - 1);
        rest.remove_prefix(close + 1);
      } else {
        size_t comma = rest.find(',');
        item = rest.substr(0, comma);
        rest.remove_prefix(comma == std::string_view::npos ? rest.size() : comma);
      }
      if (rest.starts_with(","))
        rest.remove_prefix(1);
      if (key == "arch") {
        target.computeArch = archNumber(item);
        any = target.computeArch != 0;
      } else if (key == "code") {
        target.codes = splitCommas(item);
      } else {
        return fail("Malformed value '" + std::string(value) + "' for option 'generate-code'");
      }
    }
    if (!any)
      return fail("Malformed value '" + std::string(value) + "' for option 'generate-code'");
    if (target.codes.empty())
      target.codes = {"compute_" + std::to_string(target.computeArch)};
    o_.targets.push_back(std::move(target));
    o_.archGiven = true;
    pendingCodeTarget_ = -1;
    return {};
  }

  ParseOutcome optionsFile(const std::string &path, unsigned depth) {
    if (depth > 8)
      return fail("Options files nest too deeply at '" + path + "'");
    std::string error;
    std::optional<std::string> text = readFile(path, error);
    if (!text)
      return fail("Could not open options file '" + path + "': " + error);
    return parse(splitOptionsFile(*text), depth + 1);
  }

  void note(std::string_view option, std::string_view value, std::string_view why) {
    std::string text = "-" + std::string(option);
    if (!value.empty())
      text += " " + std::string(value);
    o_.notes.push_back(text + ": " + std::string(why));
  }

  ParseOutcome apply(const OptionSpec &spec, const std::string &value, unsigned depth) {
    std::string_view n = spec.longName;
    if (n == "compile")
      return setPhase(Phase::Compile, spec.shortName);
    if (n == "device-c" || n == "device-w") {
      o_.relocatableDeviceCode = true;
      return setPhase(Phase::Compile, spec.shortName);
    }
    if (n == "device-link")
      return setPhase(Phase::DeviceLink, spec.shortName);
    if (n == "lib")
      return setPhase(Phase::Library, spec.shortName);
    if (n == "link")
      return setPhase(Phase::Link, spec.shortName);
    if (n == "preprocess")
      return setPhase(Phase::Preprocess, spec.shortName);
    if (n == "generate-dependencies" || n == "generate-nonsystem-dependencies") {
      o_.systemDependencies = n == "generate-dependencies";
      return setPhase(Phase::Dependencies, spec.shortName);
    }
    if (n == "generate-dependencies-with-compile" || n == "generate-nonsystem-dependencies-with-compile") {
      o_.generateDependencies = true;
      o_.systemDependencies = n == "generate-dependencies-with-compile";
      return {};
    }
    if (n == "ptx")
      return setPhase(Phase::Ptx, spec.shortName);
    if (n == "cubin")
      return setPhase(Phase::Cubin, spec.shortName);
    if (n == "fatbin")
      return setPhase(Phase::Fatbin, spec.shortName);
    if (n == "optix-ir" || n == "ltoir")
      return fail("Option '-" + std::string(spec.shortName) +
                  "' is not supported: ptx2metal compiles device code to PTX and its Metal translation");
    if (n == "shared") {
      o_.shared = true;
      return {};
    }
    if (n == "output-file") {
      o_.output = value;
      return {};
    }
    if (n == "output-directory") {
      o_.outputDirectory = value;
      return {};
    }
    if (n == "x") {
      if (value == "cu")
        o_.language = InputKind::Cuda;
      else if (value == "c++")
        o_.language = InputKind::Cxx;
      else if (value == "c")
        o_.language = InputKind::C;
      else
        return fail("Value '" + value + "' is not defined for option 'x'");
      return {};
    }
    if (n == "gpu-architecture")
      return gpuArchitecture(value);
    if (n == "gpu-code")
      return gpuCode(value);
    if (n == "generate-code")
      return generateCode(value);
    if (n == "relocatable-device-code") {
      if (!parseBool(value, &o_.relocatableDeviceCode))
        return fail("Value '" + value + "' is not defined for option 'relocatable-device-code'");
      return {};
    }
    if (n == "device-debug") {
      o_.deviceDebug = true;
      note(spec.shortName, "", "device code is compiled without optimization; no device debug information is made");
      return {};
    }
    if (n == "generate-line-info") {
      o_.lineInfo = true;
      note(spec.shortName, "", "accepted; no line information is made for device code");
      return {};
    }
    if (n == "use_fast_math") {
      o_.fastMath = true;
      return {};
    }
    if (n == "expt-relaxed-constexpr") {
      o_.relaxedConstexpr = true;
      return {};
    }
    if (n == "extended-lambda" || n == "expt-extended-lambda") {
      o_.extendedLambda = true;
      return {};
    }
    if (n == "default-stream") {
      if (value != "legacy" && value != "null" && value != "per-thread")
        return fail("Value '" + value + "' is not defined for option 'default-stream'");
      o_.perThreadDefaultStream = value == "per-thread";
      return {};
    }
    if (n == "cudart") {
      if (value != "none" && value != "shared" && value != "static")
        return fail("Value '" + value + "' is not defined for option 'cudart'");
      if (value == "static")
        note(spec.shortName, value, "ptx2metal's libcudart is a shared library; linked as -cudart shared");
      o_.cudart = value == "none" ? "none" : "shared";
      return {};
    }
    if (n == "ptxas-options" || n == "nvlink-options" || n == "fatbin-options" || n == "cudafe-options" ||
        n == "archive-options") {
      note(spec.shortName, value, "accepted; there is no such NVIDIA tool in this toolkit");
      return {};
    }
    if (n == "compiler-bindir") {
      note(spec.shortName, value, "accepted; Clang is the host compiler");
      return {};
    }
    if (n == "include-path") {
      o_.includePaths.push_back(value);
      return {};
    }
    if (n == "system-include") {
      o_.systemIncludePaths.push_back(value);
      return {};
    }
    if (n == "pre-include") {
      o_.preIncludes.push_back(value);
      return {};
    }
    if (n == "define-macro") {
      o_.defines.push_back(value);
      return {};
    }
    if (n == "undefine-macro") {
      o_.undefines.push_back(value);
      return {};
    }
    if (n == "library-path") {
      for (std::string &p : splitCommas(value))
        o_.libraryPaths.push_back(std::move(p));
      return {};
    }
    if (n == "library") {
      for (std::string &l : splitCommas(value)) {
        // NVIDIA's static runtime and device runtime: ours is one shared libcudart, and the
        // device runtime's functions are built into the translation (CMake names both).
        if (l == "cudart_static" || l == "cudart") {
          o_.cudart = "shared";
          continue;
        }
        if (l == "cudadevrt") {
          note(spec.shortName, l, "the device runtime is part of ptx2metal's translation; nothing to link");
          continue;
        }
        o_.libraries.push_back(std::move(l));
      }
      return {};
    }
    if (n == "optimize") {
      o_.optimize = value;
      return {};
    }
    if (n == "std") {
      o_.standard = value;
      return {};
    }
    if (n == "debug") {
      o_.hostDebug = true;
      return {};
    }
    if (n == "disable-warnings") {
      o_.disableWarnings = true;
      return {};
    }
    if (n == "compiler-options") {
      for (std::string &option : splitCommas(value))
        o_.hostCompilerOptions.push_back(std::move(option));
      return {};
    }
    if (n == "linker-options") {
      for (std::string &option : splitCommas(value))
        o_.linkerOptions.push_back(std::move(option));
      return {};
    }
    if (n == "forward-unknown-to-host-compiler" || n == "forward-unknown-to-host-linker") {
      o_.forwardUnknown = true;
      return {};
    }
    if (n == "options-file") {
      for (const std::string &path : splitCommas(value))
        if (ParseOutcome r = optionsFile(path, depth); !r.ok)
          return r;
      return {};
    }
    if (n == "dependency-output") {
      o_.dependencyFile = value;
      return {};
    }
    if (n == "dependency-target-name") {
      o_.dependencyTargets.push_back(value);
      return {};
    }
    if (n == "verbose") {
      o_.verbose = true;
      return {};
    }
    if (n == "dryrun") {
      o_.dryRun = true;
      return {};
    }
    if (n == "version") {
      o_.version = true;
      return {};
    }
    if (n == "help") {
      o_.help = true;
      return {};
    }
    if (n == "machine" && value != "64")
      return fail("Value '" + value + "' is not defined for option 'machine'");
    // The rest tune NVIDIA's device code generation or its diagnostics: accepted, said with -v.
    note(spec.shortName, value, "accepted without effect");
    return {};
  }

  DriverOptions &o_;
  int pendingCodeTarget_ = -1; // the -arch target a following -code refines
};

} // namespace

InputKind inputKindOf(const std::string &path) {
  std::string_view p(path);
  size_t dot = p.rfind('.');
  if (dot == std::string_view::npos || p.find('/', dot) != std::string_view::npos)
    return InputKind::Other;
  std::string_view ext = p.substr(dot + 1);
  if (ext == "cu")
    return InputKind::Cuda;
  if (ext == "cpp" || ext == "cc" || ext == "cxx" || ext == "c++" || ext == "C" || ext == "cp")
    return InputKind::Cxx;
  if (ext == "c")
    return InputKind::C;
  if (ext == "o" || ext == "obj")
    return InputKind::Object;
  if (ext == "a" || ext == "so" || ext == "lib" || ext == "dylib" || p.find(".so.") != std::string_view::npos)
    return InputKind::Library;
  if (ext == "ptx")
    return InputKind::Ptx;
  return InputKind::Other;
}

std::vector<std::string> splitOptionsFile(const std::string &text) {
  std::vector<std::string> words;
  std::string current;
  bool inWord = false;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == quote)
        quote = 0;
      else if (c == '\\' && quote == '"' && i + 1 < text.size())
        current += text[++i];
      else
        current += c;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      inWord = true;
    } else if (c == '\\' && i + 1 < text.size()) {
      current += text[++i];
      inWord = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (inWord)
        words.push_back(std::move(current));
      current.clear();
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (inWord)
    words.push_back(std::move(current));
  return words;
}

ParseOutcome parseCommandLine(const std::vector<std::string> &args, DriverOptions &options) {
  Parser parser(options);
  ParseOutcome outcome = parser.parse(args, 0);
  if (!outcome.ok)
    return outcome;
  if (options.language)
    for (Input &input : options.inputs)
      if (input.kind == InputKind::Cxx || input.kind == InputKind::C || input.kind == InputKind::Cuda ||
          input.kind == InputKind::Other)
        input.kind = *options.language;
  return outcome;
}

} // namespace p2m::nvcc
