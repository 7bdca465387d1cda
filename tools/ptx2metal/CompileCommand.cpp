// `ptx2metal compile`: PTX → MSL (+ reflection JSON, + metallib). Parse, build the IR, run the
// pass pipeline, emit; kernels that cannot be translated get a located diagnostic and the rest
// of the module is still written.
#include "Commands.h"
#include "TargetOptions.h"

#include "fatbin/FatbinContainer.h"

#include "emitters/metallib/MetallibBuilder.h"
#include "mslcheck/MslCheck.h"
#include "passes/Pass.h"
#include "translate/Translate.h"
#include "support/Diagnostics.h"
#include "support/FileIO.h"
#include "support/SourceFile.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <chrono>
#include <filesystem>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <memory>
#include <span>
#include <vector>

#include <unistd.h>

namespace p2m::cli {

namespace {

// The container a file that is not PTX text starts like (magic numbers), for a hint.
std::optional<std::string_view> binaryKind(std::string_view text) {
  const auto startsWith = [&](std::string_view magic) { return text.substr(0, magic.size()) == magic; };
  if (startsWith("\x7f" "ELF"))
    return "an ELF object or shared library";
  if (startsWith("\xcf\xfa\xed\xfe") || startsWith("\xca\xfe\xba\xbe"))
    return "a Mach-O binary";
  if (startsWith("!<arch>\n"))
    return "a static archive";
  if (startsWith("MZ"))
    return "a Windows executable or DLL";
  if (fatbin::startsWithFatbinMagic(fatbin::Bytes(reinterpret_cast<const uint8_t *>(text.data()), text.size())))
    return "a fatbin";
  return std::nullopt;
}

struct CompileOptions {
  std::vector<std::string> inputs;
  std::string output;
  std::string reflection;
  std::string metallib;
  std::string metalToolchain;
  std::vector<std::string> entries;
  TargetCliOptions target;
  std::string dumpAfter;
  bool stats = false;
  bool noComments = false;
  bool verifyMsl = false;
  bool timePasses = false;
};

// The MSL body as the translator prints it, kept in an anonymous temporary file rather than in
// memory; the output is then the header followed by the spooled body.
class BodySpool {
public:
  BodySpool() : file_(std::tmpfile()) {}
  ~BodySpool() {
    if (file_)
      std::fclose(file_);
  }
  BodySpool(const BodySpool &) = delete;
  BodySpool &operator=(const BodySpool &) = delete;

  bool usable() const { return file_ != nullptr; }
  void append(const std::string &chunk) {
    if (std::fwrite(chunk.data(), 1, chunk.size(), file_) != chunk.size())
      failed_ = true;
  }
  // Copies everything appended so far to `out`: inside the kernel where both are files
  // (copy_file_range), else a block at a time through this process.
  bool copyTo(std::FILE *out) {
    if (failed_ || std::fflush(file_) != 0 || std::fflush(out) != 0)
      return false;
    off_t offset = 0;
#ifdef __linux__
    off_t size = ftello(file_);
    while (offset < size) {
      ssize_t n = copy_file_range(fileno(file_), &offset, fileno(out), nullptr,
                                  static_cast<size_t>(size - offset), 0);
      if (n <= 0)
        break; // not two files of one kind (a pipe, another file system): copy it here
    }
#endif
    if (fseeko(file_, offset, SEEK_SET) != 0)
      return false;
    std::vector<char> block(1u << 20);
    for (size_t n; (n = std::fread(block.data(), 1, block.size(), file_)) > 0;)
      if (std::fwrite(block.data(), 1, n, out) != n)
        return false;
    return !std::ferror(file_);
  }

private:
  std::FILE *file_;
  bool failed_ = false;
};

// Writes `parts` (then the spooled body, if any) to `path`; "-" is stdout.
bool writeOutput(const std::string &path, std::span<const std::string> parts, BodySpool *spool = nullptr) {
  std::FILE *f = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
  if (!f)
    return false;
  bool ok = true;
  for (const std::string &p : parts)
    ok &= std::fwrite(p.data(), 1, p.size(), f) == p.size();
  if (spool)
    ok &= spool->copyTo(f);
  ok &= (f == stdout ? std::fflush(f) : std::fclose(f)) == 0;
  return ok;
}

struct Totals {
  uint64_t bytes = 0, modules = 0, failedModules = 0, kernels = 0, translated = 0, mslFailures = 0;
  std::map<std::string, uint64_t> reasons; // diagnostic message → kernels
  double seconds = 0;
};

// Builds the metallib from the MSL just written to -o. No Metal toolchain is a warning, not an
// error: the MSL and reflection stand on their own.
int writeMetallib(const CompileOptions &opts, const TargetProfile &target) {
  metallib::ToolchainLookup lookup = metallib::findMetalToolchain(opts.metalToolchain);
  if (lookup.error) {
    fmt::print(stderr, "{}: error: cannot build the metallib: {}\n", opts.metallib, lookup.error->message);
    return 1;
  }
  if (lookup.noneFound) {
    fmt::print(stderr, "{}: warning: no metallib written: no Metal toolchain: {}\n", opts.metallib,
               *lookup.noneFound);
    return 0;
  }
  if (auto error = metallib::buildMetallib(*lookup.toolchain, {opts.output, opts.metallib, target})) {
    fmt::print(stderr, "{}: error: cannot build the metallib: {}\n", opts.metallib, error->message);
    return 1;
  }
  return 0;
}

int compileOne(const CompileOptions &opts, const std::string &path, Totals &totals, bool single) {
  std::string error;
  std::shared_ptr<SourceFile> source;
  if (path == "-") {
    source = std::make_shared<SourceFile>(
        "<stdin>", std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()));
  } else if (auto buffer = mapFile(path, error)) {
    source = std::make_shared<SourceFile>(path, std::move(buffer));
  } else {
    fmt::print(stderr, "{}: error: cannot read file: {}\n", path, error);
    ++totals.failedModules;
    return 1;
  }
  if (std::optional<std::string_view> kind = binaryKind(source->text())) {
    fmt::print(stderr,
               "{}: error: this is a binary ({}), not PTX text: list or extract its PTX with "
               "`ptx2metal extract`, or translate all of it with `ptx2metal convert`\n",
               path, *kind);
    ++totals.failedModules;
    return 1;
  }
  totals.bytes += source->text().size();
  ++totals.modules;
  translate::TranslateOptions topts;
  topts.target = opts.target.profile();
  topts.entries = opts.entries;
  topts.comments = !opts.noComments;
  topts.dumpAfter = opts.dumpAfter;
  topts.reflection = single && !opts.reflection.empty();
  // The name alone: the reflection sits beside its MSL wherever the pair is moved.
  topts.mslFile = opts.output == "-" ? "" : std::filesystem::path(opts.output).filename().string();
  // A module's MSL can be larger than its PTX: spool it to a file as it is printed, unless
  // the whole text is needed in memory (--verify-msl) or not wanted (no -o, --dump-after).
  std::optional<BodySpool> spool;
  if (single && !opts.output.empty() && opts.dumpAfter.empty() && !opts.verifyMsl) {
    spool.emplace();
    if (spool->usable())
      topts.bodySink = [&](std::string &&chunk) { spool->append(chunk); };
    else
      spool.reset();
  }
  auto start = std::chrono::steady_clock::now();
  DiagnosticEngine diags;
  translate::TranslateResult result = translate::translateModule(source, topts, diags);
  if (diags.hasErrors()) {
    diags.print(std::cerr);
    ++totals.failedModules;
    return 1;
  }
  if (!result.ok) {
    fmt::print(stderr, "error: --dump-after: no pass named '{}'\n", opts.dumpAfter);
    return 2;
  }
  if (opts.timePasses)
    for (const auto &[phase, seconds] : result.timings)
      fmt::print(stderr, "{:>9.3f} s  {}\n", seconds, phase);
  totals.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  DiagnosticEngine report(1000);
  unsigned failedKernels = 0;
  for (const translate::KernelOutcome &k : result.kernels) {
    ++totals.kernels;
    if (!k.translated) {
      ++failedKernels;
      ++totals.reasons[translate::reasonGroup(k.reason)];
      report.report(Severity::Error, *source, k.srcOffset,
                    fmt::format("kernel '{}' cannot be translated: {}", k.ptxName, k.reason));
    } else {
      ++totals.translated;
    }
  }
  for (const passes::Warning &w : result.warnings)
    report.report(Severity::Warning, *source, w.srcOffset, w.message);
  if (!opts.stats || single)
    report.print(std::cerr);
  int verifyStatus = 0;
  if (opts.verifyMsl) {
    mslcheck::CheckResult check = mslcheck::checkGeneratedMsl(
        result.msl(), opts.output.empty() || opts.output == "-" ? path + ".metal" : opts.output,
        topts.target);
    if (!check.ok()) {
      std::string text = check.format();
      std::fwrite(text.data(), 1, text.size(), stderr);
      fmt::print(stderr, "{}: error: the generated MSL failed the MSL subset check ({} errors)\n",
                 path, check.errorCount());
      ++totals.mslFailures;
      verifyStatus = 1;
    }
  }
  if (single) {
    if (!opts.dumpAfter.empty()) {
      writeOutput(opts.output.empty() ? "-" : opts.output, std::span(&result.dump, 1));
      return failedKernels ? 1 : 0;
    }
    result.mslBody.insert(result.mslBody.begin(), std::move(result.mslHeader));
    if (!opts.output.empty() && !writeOutput(opts.output, result.mslBody, spool ? &*spool : nullptr)) {
      fmt::print(stderr, "{}: error: cannot write output\n", opts.output);
      return 1;
    }
    if (!opts.reflection.empty() && !writeOutput(opts.reflection, std::span(&result.reflectionJson, 1))) {
      fmt::print(stderr, "{}: error: cannot write the reflection\n", opts.reflection);
      return 1;
    }
    if (!opts.metallib.empty())
      if (int status = writeMetallib(opts, topts.target))
        return status;
  }
  return (failedKernels || verifyStatus) ? 1 : 0;
}

int runCompile(const CompileOptions &opts) {
  Totals totals;
  int status = 0;
  bool single = opts.inputs.size() == 1;
  if (!single && (!opts.output.empty() || !opts.reflection.empty() || !opts.dumpAfter.empty())) {
    fmt::print(stderr, "error: -o, --reflection and --dump-after take a single input\n");
    return 2;
  }
  if (!opts.metallib.empty() && (!single || opts.output.empty() || opts.output == "-" ||
                                 !opts.dumpAfter.empty())) {
    fmt::print(stderr, "error: --metallib compiles the MSL file written with -o FILE: give one input "
                       "and -o FILE (not '-'), without --dump-after\n");
    return 2;
  }
  if (single && opts.output.empty() && opts.dumpAfter.empty() && !opts.stats) {
    fmt::print(stderr, "error: no output: give -o FILE (or -o - for standard output)\n");
    return 2;
  }
  for (const std::string &path : opts.inputs)
    status |= compileOne(opts, path, totals, single);
  if (opts.stats) {
    double mb = static_cast<double>(totals.bytes) / 1e6;
    fmt::print(stderr, "modules: {} ({} not parsed)\nkernels: {} translated / {} total ({:.1f}%)\n",
               totals.modules, totals.failedModules, totals.translated, totals.kernels,
               totals.kernels ? 100.0 * static_cast<double>(totals.translated) / static_cast<double>(totals.kernels) : 100.0);
    std::vector<std::pair<uint64_t, std::string>> reasons;
    for (auto &[k, v] : totals.reasons)
      reasons.push_back({v, k});
    std::sort(reasons.rbegin(), reasons.rend());
    for (auto &[count, why] : reasons)
      fmt::print(stderr, "  {:>8}  {}\n", count, why);
    if (opts.verifyMsl)
      fmt::print(stderr, "MSL subset check: {} of {} modules failed\n", totals.mslFailures, totals.modules);
    fmt::print(stderr, "bytes: {}\ntime: {:.3f} s\nspeed: {:.1f} MB/s\n", totals.bytes, totals.seconds,
               totals.seconds > 0 ? mb / totals.seconds : 0.0);
  }
  return status;
}

} // namespace

CommandRunner registerCompileCommand(CLI::App &root) {
  auto opts = std::make_shared<CompileOptions>();
  CLI::App *cmd = root.add_subcommand(
      "compile",
      "Translate PTX to Metal Shading Language (one MSL kernel per .entry, following the kernel\n"
      "ABI of docs/DESIGN.md). Kernels that cannot be translated faithfully are reported as\n"
      "file:line:col errors and left out; the others are still written. With --metallib, the\n"
      "MSL file is then compiled with a Metal toolchain (metal -std=metalX.Y in safe math\n"
      "without contraction, then metallib); where there is none, only a warning says why. Exit status 1 if any\n"
      "kernel was left out or the metallib failed to build, 2 on a usage error.");
  cmd->add_option("inputs", opts->inputs, "PTX files ('-' reads standard input); several only with --stats")
      ->required();
  cmd->add_option("-o,--output", opts->output, "Write the MSL here ('-': standard output)");
  cmd->add_option("--reflection", opts->reflection, "Write the reflection JSON here");
  CLI::Option *metallibOption = cmd->add_option(
      "--metallib", opts->metallib,
      "Also compile the MSL written with -o FILE (a file, not '-') into this metallib, with the\n"
      "Metal toolchain of --metal-toolchain, else `xcrun -sdk macosx metal` and `metallib`;\n"
      "with neither, warn and write only the MSL and reflection");
  cmd->add_option("--metal-toolchain", opts->metalToolchain,
                  "A directory holding the `metal` and `metallib` executables (for --metallib)")
      ->needs(metallibOption);
  cmd->add_option("--entry", opts->entries, "Translate only this kernel (PTX name) and what it calls; repeatable");
  addTargetOptions(*cmd, opts->target);
  std::string passList;
  for (const passes::PassInfo &p : passes::pipeline())
    passList += fmt::format("\n  {:<28} {}", p.name, p.description);
  cmd->add_option("--dump-after", opts->dumpAfter, "Print the IR after this pass instead of MSL:" + passList);
  cmd->add_flag("--stats", opts->stats,
                "Report kernels translated / total, failures grouped by diagnostic, and speed on stderr");
  cmd->add_flag("--verify-msl", opts->verifyMsl,
                "Run the MSL subset check (Clang against the project's metal_stdlib) on the output, as a "
                "host compiler sees it and as Apple's compiler does at --msl-version (kernel "
                "wrappers included)");
  cmd->add_flag("--time-passes", opts->timePasses, "Report the time of each compilation phase on stderr");
  cmd->add_flag("--no-comments", opts->noComments, "Leave out the // line and label comments");
  return [opts] { return runCompile(*opts); };
}

} // namespace p2m::cli
