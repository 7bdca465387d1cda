#include "translate/Translate.h"

#include "emitters/msl/MslEmitter.h"
#include "emitters/reflection/Reflection.h"
#include "ir/Builder.h"
#include "ptx/Parser.h"
#include "ptx/Validate.h"

#include <algorithm>
#include <chrono>

namespace p2m::translate {

namespace {

using Clock = std::chrono::steady_clock;

double secondsBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

std::string fp64ModeName(passes::Fp64Mode mode) {
  return mode == passes::Fp64Mode::Error ? "error" : mode == passes::Fp64Mode::Demote ? "demote" : "ieee";
}

} // namespace

TranslateResult translateModule(const std::shared_ptr<SourceFile> &source, const TranslateOptions &options,
                                DiagnosticEngine &diags) {
  TranslateResult result;
  auto start = Clock::now();
  auto ast = ptx::parseModule(source, diags);
  if (!diags.hasErrors())
    ptx::validateModule(*ast, diags);
  if (diags.hasErrors())
    return result;
  auto parsed = Clock::now();
  auto module = ir::buildModule(*ast);
  ast.reset(); // the IR owns everything it needs; the AST's memory goes back now
  auto built = Clock::now();
  result.timings.emplace_back("parse and validate", secondsBetween(start, parsed));
  result.timings.emplace_back("build IR", secondsBetween(parsed, built));

  passes::Options popts;
  popts.mslVersion = options.mslVersion;
  popts.fp64 = options.fp64;
  passes::PassContext ctx{*module, popts, {}};
  if (!passes::runPipeline(ctx, options.dumpAfter, &result.dump))
    return result;
  for (size_t i = 0; i < ctx.passSeconds.size(); ++i)
    result.timings.emplace_back(std::string(passes::pipeline()[i].name), ctx.passSeconds[i]);

  auto passesDone = Clock::now();
  msl::EmitOptions eopts;
  eopts.mslVersion = options.mslVersion;
  eopts.entries = options.entries;
  eopts.comments = options.comments;
  msl::EmitResult emitted = msl::emitModule(*module, eopts);
  result.mslHeader = std::move(emitted.header);
  result.mslBody = std::move(emitted.body);
  result.timings.emplace_back("emit MSL", secondsBetween(passesDone, Clock::now()));

  if (options.reflection) {
    reflection::ReflectionOptions ropts;
    ropts.mslVersion = options.mslVersion;
    ropts.fp64Mode = fp64ModeName(options.fp64);
    ropts.mslFile = options.mslFile;
    result.reflectionJson = reflection::emitReflection(*module, ropts);
  }
  for (const ir::Function &f : module->functions) {
    if (!f.isEntry || f.isDeclaration)
      continue;
    if (!options.entries.empty() &&
        std::find(options.entries.begin(), options.entries.end(), f.ptxName) == options.entries.end())
      continue;
    KernelOutcome k;
    k.ptxName = f.ptxName;
    k.translated = !f.unsupported;
    if (f.unsupported) {
      k.reason = f.unsupported->message;
      k.srcOffset = f.unsupported->srcOffset;
    }
    result.kernels.push_back(std::move(k));
  }
  result.warnings = std::move(ctx.warnings);
  result.ok = true;
  return result;
}

} // namespace p2m::translate
