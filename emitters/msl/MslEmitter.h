// The MSL emitter: structured kernel IR → one readable Metal Shading Language file following
// the kernel ABI of DESIGN.md (a `NAME_body` function per .entry taking the parameter block,
// the module buffer, the threadgroup window and the builtins; a `kernel` wrapper for Metal;
// each .func as an inline function over a shared context).
//
// A function whose instructions have no faithful lowering here is marked unsupported (with the
// located reason) and left out, together with every function that calls it; the rest of the
// module is still emitted.
#pragma once

#include "emitters/msl/ForwardedValues.h"
#include "emitters/msl/SupportUnits.h"
#include "ir/Ir.h"
#include "support/TargetProfile.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace p2m::msl {

struct EmitOptions {
  TargetProfile target; // the MSL version and the capabilities the file may use
  // Emit only these kernels (by PTX name) and what they call; empty: every kernel.
  std::vector<std::string> entries;
  // `// line N` comments from .loc, and a comment naming each PTX label.
  bool comments = true;
  // When set, each finished chunk of the body (functions, then the kernel wrappers) is handed
  // here as soon as it is full instead of being kept in EmitResult::body: a large module's MSL
  // then never sits in memory whole.
  std::function<void(std::string &&chunk)> bodySink;
};

struct EmitResult {
  // The file is `header` followed by the `body` chunks (kept apart so that a large module is
  // not copied once more just to join them; source() joins them when one string is needed).
  std::string header;             // banner, includes, the prelude
  std::vector<std::string> body;  // the functions and the kernel wrappers
  unsigned kernelsEmitted = 0;

  std::string source() const {
    std::string s = header;
    for (const std::string &chunk : body)
      s += chunk;
    return s;
  }
};

// Prints a module one function at a time: the caller hands over each function once the pass
// pipeline is done with it, callees before callers; its IR is released once printed. The
// prelude (which depends on everything printed) comes out in finish().
class ModuleEmitter {
public:
  ModuleEmitter(ir::Module &module, const EmitOptions &options);
  // Prints `function` (a failure marks it unsupported) and releases its IR.
  void emitFunction(ir::FuncId function);
  EmitResult finish();

private:
  ir::Module &m_;
  EmitOptions options_;
  std::vector<std::string> body_;
  std::string wrappers_; // the Metal `kernel` functions, last in the file
  SupportUnits support_; // the support helpers the printed code needs
  // Kept from function to function: its storage (a captured value's text buffer each) is
  // reused rather than allocated again for each function.
  ForwardedValues forwarded_;
  bool deviceOrdering_ = false; // a printed function orders device memory (kFeatureDeviceOrdering)
  unsigned kernelsEmitted_ = 0;
};

// Whether `function` is a kernel the options select.
bool isSelectedKernel(const ir::Function &function, const EmitOptions &options);

// The functions reachable from `roots` (by FuncId), each after every function it reaches
// (`callees(f)`), except around a cycle.
std::vector<ir::FuncId> calleeFirstOrder(const ir::Module &module, const std::vector<uint8_t> &roots,
                                         const std::function<std::vector<ir::FuncId>(ir::FuncId)> &callees);

} // namespace p2m::msl
