#include "passes/Pass.h"

#include "ir/Printer.h"
#include "ir/Verifier.h"

#include <array>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace p2m::passes {

namespace {
constexpr std::array kPipeline{
    PassInfo{"normalize-identifiers", "PTX names to unique MSL identifiers", normalizeIdentifiers},
    PassInfo{"expand-operands", "symbol addresses and vector moves become explicit", expandOperands},
    PassInfo{"localize-addressed-params", ".func parameters whose address is taken to local copies",
             localizeAddressedParams},
    PassInfo{"normalize-predicates", "setp/set with a boolean combiner, predicate pairs", normalizePredicates},
    PassInfo{"fix-special-registers", "special registers become reads of thread builtins", fixSpecialRegisters},
    PassInfo{"resolve-state-spaces", "generic accesses to a proven state space", resolveStateSpaces},
    PassInfo{"lower-tensor-ops", "mma/ldmatrix/stmatrix/movmatrix to SIMD-group helpers with the tensor cores' arithmetic",
             lowerTensorOps},
    PassInfo{"lower-texture-ops", "tex/tld4/txq/suld/sust/sured/suq/istypep to software sampling from the object's descriptor",
             lowerTextureOps},
    PassInfo{"contract-mul-add", "mul + add without rounding modifiers to fma.rn, as ptxas does", contractMulAdd},
    PassInfo{"sink-shared-stores", "shared stores after the independent global loads that follow them",
             sinkSharedStores},
    PassInfo{"retype-float-registers", ".b32 registers used only as f32 stored as float", retypeFloatRegisters},
    PassInfo{"insert-implicit-conversions", "PTX's relaxed operand typing made explicit", insertImplicitConversions},
    PassInfo{"insert-saturation", ".sat as explicit clamps", insertSaturation},
    PassInfo{"lower-rounding-and-ftz", "rounding modes, .approx and .ftz to exact helpers", lowerRoundingAndFtz},
    PassInfo{"lower-fp64", "f64 to software binary64 on 64-bit integers", lowerFp64},
    PassInfo{"lower-warp-ops", "shfl/vote/redux/match/activemask to SIMD-group helpers", lowerWarpOps},
    PassInfo{"lower-atomics", "atom/red to Metal atomics and CAS loops", lowerAtomics},
    PassInfo{"defer-nan-canonicalization", "f32 NaN canonicalization where the bits are read, not per operation",
             deferNanCanonicalization},
    PassInfo{"keep-exited-threads-at-barriers",
             "threads that leave before a barrier others reach stay for the barriers, doing nothing else",
             keepExitedThreadsAtBarriers},
    PassInfo{"structurize-cfg", "any CFG to goto-free structured control flow", structurizeCfg},
    PassInfo{"legalize-for-metal", "layout, call graph and Metal's limits", legalizeForMetal},
};

// A pass that leaves malformed IR is a bug in the translator, not in the input: say which pass
// and what, and stop (the tests run with the verifier on, so this fails them).
void verifyAfter(const PassContext &context, std::string_view pass) {
  const ir::Function &f = context.module.function(context.function);
  std::vector<std::string> problems = ir::verifyFunction(context.module, f);
  if (problems.empty())
    return;
  std::fprintf(stderr, "ptx2metal: internal error: the IR is malformed after pass %.*s:\n",
               static_cast<int>(pass.size()), pass.data());
  for (const std::string &problem : problems)
    std::fprintf(stderr, "  %s\n", problem.c_str());
  std::abort();
}
} // namespace

bool Options::defaultVerifyIr() {
  const char *value = std::getenv("P2M_VERIFY_IR");
#ifndef NDEBUG
  // P2M_VERIFY_IR=0 turns it off, so that a debug build's profile shows the release's work.
  return !(value && std::string_view(value) == "0");
#else
  return value && std::string_view(value) == "1";
#endif
}

std::span<const PassInfo> pipeline() { return kPipeline; }

bool runPipeline(PassContext &context, std::string_view dumpAfter, std::string *dump) {
  bool found = dumpAfter.empty();
  context.passSeconds.resize(kPipeline.size(), 0.0);
  for (size_t i = 0; i < kPipeline.size(); ++i) {
    const PassInfo &pass = kPipeline[i];
    auto start = std::chrono::steady_clock::now();
    pass.run(context);
    context.passSeconds[i] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (context.options.verifyIr && !context.moduleStep())
      verifyAfter(context, pass.name);
    if (pass.name == dumpAfter) {
      found = true;
      if (dump && !context.moduleStep())
        *dump += ir::printFunction(context.module, context.module.function(context.function));
    }
  }
  return found;
}

void markUnsupported(ir::Function &function, uint32_t srcOffset, std::string message) {
  if (!function.unsupported)
    function.unsupported = ir::Unsupported{srcOffset, std::move(message)};
}

ir::RegId newTemp(ir::Function &function, ir::Type type) {
  // Lowering makes hundreds of thousands of these in a large module: format in place and
  // construct the register where it stays.
  char name[32] = "p2m_t";
  char *end = std::to_chars(name + 5, name + sizeof name, function.regs.size()).ptr;
  ir::Register &reg = function.regs.emplace_back();
  reg.name.assign(name, end);
  reg.type = type;
  return ir::RegId(static_cast<uint32_t>(function.regs.size() - 1));
}

void forEachFunction(PassContext &context, const std::function<void(ir::Function &)> &fn) {
  if (context.moduleStep())
    return;
  ir::Function &f = context.module.function(context.function);
  if (!f.isDeclaration && !f.unsupported)
    fn(f);
}

} // namespace p2m::passes
