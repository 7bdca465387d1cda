#include "translate/Translate.h"

#include "emitters/msl/MslEmitter.h"
#include "emitters/reflection/Reflection.h"
#include "ir/Builder.h"
#include "ir/Printer.h"
#include "ptx/Parser.h"
#include "ptx/Validate.h"

#include <llvm/ADT/DenseSet.h>

#include <cctype>
#include <chrono>

namespace p2m::translate {

namespace {

using Clock = std::chrono::steady_clock;

double secondsBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
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

// Parse and validation verdicts on the bodies of a module parsed with its bodies skipped
// (ptx::parseModuleSkippingBodies), each body checked where the builder first reads it.
class BodyChecks {
public:
  explicit BodyChecks(const SourceFile &source) : validator_(source, validation_) {}

  // Whether `body` parsed without a diagnostic and validates; once one did not, every body is
  // refused (the translation is abandoned then).
  bool check(const ptx::Function &function, const ptx::BlockStmt &body, const DiagnosticEngine &parseDiagnostics) {
    if (!parseDiagnostics.diagnostics().empty() || parseDiagnostics.hasErrors())
      failed_ = true;
    if (!failed_ && checked_.insert(&function).second) {
      validator_.validate(body);
      failed_ = !validation_.diagnostics().empty() || validation_.hasErrors();
    }
    return !failed_;
  }
  ptx::BodyReader::BodyCheck checker() {
    return [this](const ptx::Function &f, const ptx::BlockStmt &b, const DiagnosticEngine &d) {
      return check(f, b, d);
    };
  }
  // Checks the bodies the translation did not read (unselected functions, unreachable ones).
  void checkTheRest(const ptx::Module &ast) {
    ptx::BodyReader reader(ast, checker());
    for (const ptx::Item *item : ast.items)
      if (item->kind == ptx::ItemKind::Function && !failed_) {
        const auto &function = static_cast<const ptx::Function &>(*item);
        if (function.hasBody && !checked_.contains(&function))
          reader.read(function);
      }
  }
  bool failed() const { return failed_; }

private:
  DiagnosticEngine validation_;
  ptx::BodyValidator validator_;
  llvm::DenseSet<const ptx::Function *> checked_;
  bool failed_ = false;
};

// Translates a parsed module whose diagnostics (if any) are reported already. With `checks`, its
// bodies were skipped by the parse and are checked as the builder reads them; a failed check
// abandons the translation (the result is then meaningless: the caller starts again).
TranslateResult translateParsed(std::unique_ptr<ptx::Module> ast, const TranslateOptions &options,
                                BodyChecks *checks, TranslateResult result) {
  // Declarations and module-wide facts first; then one function at a time, callees before
  // callers: build its body, run the passes, print it, release its IR.
  ir::ModuleBuilder builder(*ast, checks ? checks->checker() : nullptr);
  auto abandoned = [&] { return checks && checks->failed(); };
  std::unique_ptr<ir::Module> module = builder.declare();
  passes::Options popts;
  popts.target = options.target;
  passes::PassContext ctx{*module, popts, {}};
  if (!passes::runPipeline(ctx, options.dumpAfter))
    return result;

  msl::EmitOptions eopts;
  eopts.target = options.target;
  eopts.entries = options.entries;
  eopts.comments = options.comments;
  eopts.bodySink = options.bodySink;
  msl::ModuleEmitter emitter(*module, eopts);
  // The selected kernels; without a selection also every .func, so that the reflection can
  // say whether each one translates.
  std::vector<uint8_t> roots(module->functions.size(), 0);
  for (uint32_t i = 0; i < module->functions.size(); ++i) {
    ir::FuncId fi(i);
    const ir::Function &f = module->function(fi);
    roots[fi.index()] = msl::isSelectedKernel(f, eopts) || (options.entries.empty() && !f.isDeclaration);
  }
  std::vector<ir::FuncId> order = msl::calleeFirstOrder(
      *module, roots, [&](ir::FuncId f) { return builder.callees(f); });
  if (abandoned())
    return result;
  std::vector<std::string> dumps(options.dumpAfter.empty() ? 0 : module->functions.size());
  double buildSeconds = 0, emitSeconds = 0;
  for (ir::FuncId fi : order) {
    if (module->function(fi).isDeclaration)
      continue; // nothing to lower; callers check what they call
    auto t0 = Clock::now();
    builder.buildBody(fi);
    if (abandoned())
      return result;
    auto t1 = Clock::now();
    ctx.function = fi;
    passes::runPipeline(ctx, options.dumpAfter, dumps.empty() ? nullptr : &dumps[fi.index()]);
    module->function(fi).lowered = true;
    auto t2 = Clock::now();
    emitter.emitFunction(fi);
    if (dumps.empty())
      releaseBody(module->function(fi));
    buildSeconds += secondsBetween(t0, t1);
    emitSeconds += secondsBetween(t2, Clock::now());
  }
  ctx.function = ir::kNone;
  if (checks) {
    checks->checkTheRest(*ast);
    if (checks->failed())
      return result;
  }
  msl::EmitResult emitted = emitter.finish();
  ast.reset(); // the builder reads no more bodies: free the module's tree before the reflection
  result.mslHeader = std::move(emitted.header);
  result.mslBody = std::move(emitted.body);
  result.timings.emplace_back("build IR", buildSeconds);
  for (size_t i = 0; i < ctx.passSeconds.size(); ++i)
    result.timings.emplace_back(std::string(passes::pipeline()[i].name), ctx.passSeconds[i]);
  result.timings.emplace_back("emit MSL", emitSeconds);
  if (!dumps.empty()) {
    result.dump = ir::printModuleHeader(*module);
    for (uint32_t fi = 0; fi < module->functions.size(); ++fi)
      result.dump += dumps[fi].empty() ? ir::printFunction(*module, module->functions[fi]) : dumps[fi];
  }

  if (options.reflection) {
    reflection::ReflectionOptions ropts;
    ropts.target = options.target;
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

} // namespace

TranslateResult translateModule(const std::shared_ptr<SourceFile> &source, const TranslateOptions &options,
                                DiagnosticEngine &diags) {
  auto start = Clock::now();
  bool sentBody = false; // whether the first attempt gave options.bodySink anything
  {
    // The usual module has no errors: its top level is parsed with the bodies skipped, and
    // each body is parsed and validated once, where it is built. Anything a parse or a
    // validation reports abandons this attempt for the path below, whose diagnostics are the
    // ones to report (all of them, in source order).
    DiagnosticEngine topLevel;
    std::unique_ptr<ptx::Module> ast = ptx::parseModuleSkippingBodies(source, topLevel);
    if (topLevel.diagnostics().empty() && !topLevel.hasErrors()) {
      BodyChecks checks(*source);
      TranslateResult result;
      result.timings.emplace_back("parse (bodies when built)", secondsBetween(start, Clock::now()));
      TranslateOptions once = options;
      if (options.bodySink)
        once.bodySink = [&](std::string &&chunk) {
          sentBody = true;
          options.bodySink(std::move(chunk));
        };
      result = translateParsed(std::move(ast), once, &checks, std::move(result));
      if (!checks.failed())
        return result;
    }
  }
  // Bodies are parsed lazily (the whole tree of a large module is several times its text) and
  // validated as they go by; validation speaks only for a module that parses, after the parse's
  // own errors, so its diagnostics wait in `validation` until the parse is done.
  start = Clock::now();
  TranslateResult result;
  DiagnosticEngine validation(diags.maxRecorded());
  ptx::BodyValidator validator(*source, validation);
  auto validate = [&](const ptx::Function &, const ptx::BlockStmt &body) {
    if (!diags.hasErrors())
      validator.validate(body);
  };
  auto ast = ptx::parseModuleLazily(source, diags, validate);
  if (!diags.hasErrors())
    diags.append(validation);
  // A body the first attempt refused has an error here too (the same parser and validator);
  // were it otherwise, what that attempt spooled would precede this one's output.
  if (sentBody && !diags.hasErrors())
    diags.report(Severity::Error, source->name(), "internal error: a function body failed its check "
                                                  "in one parse and passed it in the other");
  if (diags.hasErrors())
    return result;
  result.timings.emplace_back("parse and validate", secondsBetween(start, Clock::now()));
  return translateParsed(std::move(ast), options, nullptr, std::move(result));
}

std::string reasonGroup(const std::string &reason) {
  // "calls F, which cannot be translated: WHY" (LegalizeForMetal) groups under WHY's own group,
  // so that the summary names root causes; "... (no body in this module)" is a declaration.
  if (reason.starts_with("calls ")) {
    static constexpr std::string_view kBecause = ", which cannot be translated: ";
    if (size_t at = reason.find(kBecause); at != std::string::npos)
      return "calls a function that cannot be translated: " + reasonGroup(reason.substr(at + kBecause.size()));
    if (reason.ends_with("(no body in this module)"))
      return "calls a function declared but not defined in this module (link the module that defines it first)";
    return "calls a function that cannot be translated";
  }
  // An apostrophe between two letters or digits outside a quote ("a launch's") opens none.
  auto isWordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  std::string key;
  bool quoted = false;
  for (size_t i = 0; i < reason.size(); ++i) {
    char c = reason[i];
    bool apostrophe = !quoted && c == '\'' && i > 0 && i + 1 < reason.size() && isWordChar(reason[i - 1]) &&
                      isWordChar(reason[i + 1]);
    if (c == '\'' && !apostrophe) {
      quoted = !quoted;
      key += quoted ? "'…" : "'";
    } else if (!quoted) {
      key += c;
    }
  }
  return key;
}

} // namespace p2m::translate
