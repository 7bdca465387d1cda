// The pass pipeline: ordered IR → IR passes, one per file. Each pass works on every function
// that is still translatable; a pass that meets something it cannot lower faithfully marks the
// function unsupported with a located reason (the reflection reports it, other kernels go on).
#pragma once

#include "ir/Ir.h"
#include "support/TargetProfile.h"

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::passes {

struct Options {
  // What the passes lower for (support/TargetProfile.h). f32 subnormals (DESIGN.md numeric
  // policy): Flush, Apple GPUs flush them in hardware, so `.ftz` arithmetic is exact as it is;
  // Keep, the target computes them as IEEE says (the host backend with IEEE subnormals, an
  // NVIDIA GPU running the MSL), so `.ftz` operands and results are flushed explicitly.
  TargetProfile target;
  // Run the IR verifier (ir/Verifier.h) after every pass of every function; a malformed IR is
  // an internal error that stops the process. On where P2M_VERIFY_IR=1, and in debug builds unless P2M_VERIFY_IR=0.
  bool verifyIr = defaultVerifyIr();

  static bool defaultVerifyIr();
};

// A warning a pass wants the user to see (a documented deviation, a demotion).
struct Warning {
  uint32_t srcOffset = 0;
  std::string message;
};

// The pipeline runs in steps: once for the module (before any body is built: module-wide
// facts such as names and segment layout), then once per function, callees before callers,
// each function built, lowered, printed and released before the next (so memory stays
// proportional to one function, not the module).
struct PassContext {
  ir::Module &module;
  const Options &options;
  std::vector<Warning> warnings;
  // Seconds spent in each pass (pipeline order), summed over the steps by runPipeline.
  std::vector<double> passSeconds = {};
  // The function this step lowers; kNone for the module step.
  ir::FuncId function = ir::kNone;

  bool moduleStep() const { return function == ir::kNone; }
};

struct PassInfo {
  std::string_view name;
  std::string_view description;
  void (*run)(PassContext &context);
};

// The passes in pipeline order.
std::span<const PassInfo> pipeline();

// Runs every pass for the context's step; in a function step, after the pass named
// `dumpAfter` (if any), appends that function's printed IR to *dump. Returns false if
// `dumpAfter` names no pass.
bool runPipeline(PassContext &context, std::string_view dumpAfter = {}, std::string *dump = nullptr);

// For passes: mark `function` unsupported (the first reason wins).
void markUnsupported(ir::Function &function, uint32_t srcOffset, std::string message);

// For passes: a new register for a temporary (named p2m_t<N>, a prefix no PTX name keeps).
ir::RegId newTemp(ir::Function &function, ir::Type type);

// For passes: calls `fn` on the step's function if it has a body and is still translatable
// (nothing in the module step).
void forEachFunction(PassContext &context, const std::function<void(ir::Function &)> &fn);

// The declarations of the passes (each defined in its own file).
void normalizeIdentifiers(PassContext &);
void expandOperands(PassContext &);
void localizeAddressedParams(PassContext &);
void normalizePredicates(PassContext &);
void fixSpecialRegisters(PassContext &);
void resolveStateSpaces(PassContext &);
void contractMulAdd(PassContext &);
void sinkSharedStores(PassContext &);
void retypeFloatRegisters(PassContext &);
void insertImplicitConversions(PassContext &);
void insertSaturation(PassContext &);
void lowerRoundingAndFtz(PassContext &);
void lowerFp64(PassContext &);
void lowerWarpOps(PassContext &);
void lowerTensorOps(PassContext &);
void lowerTextureOps(PassContext &);
void lowerAtomics(PassContext &);
void deferNanCanonicalization(PassContext &);
void keepExitedThreadsAtBarriers(PassContext &);
void structurizeCfg(PassContext &);
void legalizeForMetal(PassContext &);

} // namespace p2m::passes
