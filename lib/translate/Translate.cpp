#include "translate/Translate.h"

#include "emitters/msl/MslEmitter.h"
#include "emitters/reflection/Reflection.h"
#include "ir/Builder.h"
#include "ir/Printer.h"
#include "ptx/Parser.h"
#include "ptx/Validate.h"

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

// Drops a function's IR once it is emitted or left out: callers, the reflection and the
// emitter's finish() read only its summary. Assigning fresh vectors frees their buffers
// (`v = {}` would assign an empty list and keep the capacity).
void releaseBody(ir::Function &f) {
  f.blocks = std::vector<ir::Block>();
  f.regs = std::vector<ir::Register>();
  f.vectorElements = std::vector<ir::Operand>();
  f.structured.reset();
}

} // namespace

TranslateResult translateModule(const std::shared_ptr<SourceFile> &source, const TranslateOptions &options,
                                DiagnosticEngine &diags) {
  TranslateResult result;
  auto start = Clock::now();
  // Bodies are parsed lazily (the whole tree of a large module is several times its text) and
  // validated as they go by; validation speaks only for a module that parses, after the parse's
  // own errors, so its diagnostics wait in `validation` until the parse is done.
  DiagnosticEngine validation(diags.maxRecorded());
  ptx::BodyValidator validator(*source, validation);
  auto validate = [&](const ptx::Function &, const ptx::BlockStmt &body) {
    if (!diags.hasErrors())
      validator.validate(body);
  };
  auto ast = ptx::parseModuleLazily(source, diags, validate);
  if (!diags.hasErrors())
    diags.append(validation);
  if (diags.hasErrors())
    return result;
  auto parsed = Clock::now();
  result.timings.emplace_back("parse and validate", secondsBetween(start, parsed));

  // Declarations and module-wide facts first; then one function at a time, callees before
  // callers: build its body, run the passes, print it, release its IR.
  ir::ModuleBuilder builder(*ast);
  std::unique_ptr<ir::Module> module = builder.declare();
  passes::Options popts;
  popts.mslVersion = options.mslVersion;
  popts.fp64 = options.fp64;
  popts.f32Subnormals = options.f32Subnormals;
  passes::PassContext ctx{*module, popts, {}};
  if (!passes::runPipeline(ctx, options.dumpAfter))
    return result;

  msl::EmitOptions eopts;
  eopts.mslVersion = options.mslVersion;
  eopts.entries = options.entries;
  eopts.comments = options.comments;
  eopts.bodySink = options.bodySink;
  msl::ModuleEmitter emitter(*module, eopts);
  // The selected kernels; without a selection also every .func, so that the reflection can
  // say whether each one translates.
  std::vector<uint8_t> roots(module->functions.size(), 0);
  for (ir::FuncId fi = 0; fi < module->functions.size(); ++fi) {
    const ir::Function &f = module->functions[fi];
    roots[fi] = msl::isSelectedKernel(f, eopts) || (options.entries.empty() && !f.isDeclaration);
  }
  std::vector<ir::FuncId> order = msl::calleeFirstOrder(
      *module, roots, [&](ir::FuncId f) { return builder.callees(f); });
  std::vector<std::string> dumps(options.dumpAfter.empty() ? 0 : module->functions.size());
  double buildSeconds = 0, emitSeconds = 0;
  for (ir::FuncId fi : order) {
    if (module->functions[fi].isDeclaration)
      continue; // nothing to lower; callers check what they call
    auto t0 = Clock::now();
    builder.buildBody(fi);
    auto t1 = Clock::now();
    ctx.function = fi;
    passes::runPipeline(ctx, options.dumpAfter, dumps.empty() ? nullptr : &dumps[fi]);
    module->functions[fi].lowered = true;
    auto t2 = Clock::now();
    emitter.emitFunction(fi);
    if (dumps.empty())
      releaseBody(module->functions[fi]);
    buildSeconds += secondsBetween(t0, t1);
    emitSeconds += secondsBetween(t2, Clock::now());
  }
  ctx.function = ir::kNone;
  msl::EmitResult emitted = emitter.finish();
  ast.reset();
  result.mslHeader = std::move(emitted.header);
  result.mslBody = std::move(emitted.body);
  result.timings.emplace_back("build IR", buildSeconds);
  for (size_t i = 0; i < ctx.passSeconds.size(); ++i)
    result.timings.emplace_back(std::string(passes::pipeline()[i].name), ctx.passSeconds[i]);
  result.timings.emplace_back("emit MSL", emitSeconds);
  if (!dumps.empty()) {
    result.dump = ir::printModuleHeader(*module);
    for (ir::FuncId fi = 0; fi < module->functions.size(); ++fi)
      result.dump += dumps[fi].empty() ? ir::printFunction(*module, module->functions[fi]) : dumps[fi];
  }

  if (options.reflection) {
    reflection::ReflectionOptions ropts;
    ropts.mslVersion = options.mslVersion;
    ropts.fp64Mode = fp64ModeName(options.fp64);
    ropts.f32Subnormals = options.f32Subnormals == passes::F32Subnormals::Keep ? "keep" : "flush";
    ropts.mslFile = options.mslFile;
    result.reflectionJson = reflection::emitReflection(*module, ropts);
  }
  for (const ir::Function &f : module->functions) {
    if (!msl::isSelectedKernel(f, eopts))
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

std::string reasonGroup(const std::string &reason) {
  if (reason.starts_with("calls "))
    return "calls a function that cannot be translated";
  std::string key;
  bool quoted = false;
  for (char c : reason) {
    if (c == '\'') {
      quoted = !quoted;
      key += quoted ? "'…" : "'";
    } else if (!quoted) {
      key += c;
    }
  }
  return key;
}

} // namespace p2m::translate
