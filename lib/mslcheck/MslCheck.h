// The MSL subset check: parses generated Metal Shading Language as C++14 (the C++ of MSL 3)
// with Clang, against the project's own metal_stdlib (lib/runtime/host/include, embedded in this library), and
// rejects what Metal does not have or what would mean something else on the host than on an
// Apple GPU: goto, double, recursion, function pointers, pointers without an address space,
// casts between address spaces, ... (the full list is Rules.def).
//
// Every generated MSL file must pass it (docs/DESIGN.md, "Verification"), in each view that
// compiles it: a host compiler's (`__METAL_VERSION__` undefined: the kernel wrappers are left
// out, the body functions they call are checked), and Apple's compiler's for the MSL version the
// file targets (`__METAL_VERSION__` defined as Apple does, the kernel wrappers checked, the
// standard library declared as that version has it, so that a 3.2 function is an error at 3.0).
#pragma once

#include "support/Diagnostics.h"
#include "support/TargetProfile.h"

#include <string>
#include <string_view>
#include <vector>

namespace p2m::mslcheck {

enum class Rule {
#define RULE(Id, Tag, Summary) Id,
#include "mslcheck/Rules.def"
};

// "msl-goto" etc.: the tag that ends the rule's diagnostics.
std::string_view ruleTag(Rule rule);
std::string_view ruleSummary(Rule rule);

struct CheckResult {
  // False when Clang rejected the file; its errors are then among the diagnostics (those in the
  // standard library header are reported at the line of the file that caused them, with the
  // header's position in the message). The subset rules still run on what Clang parsed.
  bool compiled = false;
  // Errors and their notes, in the order of the file.
  std::vector<Diagnostic> diagnostics;

  bool ok() const;
  unsigned errorCount() const;
  // Every diagnostic, formatted as "file:line:col: error: ..." with the source line and caret.
  std::string format() const;
};

struct CheckOptions {
  // 0: the host compiler's view; 300, 310 or 320: Apple's compiler's for that MSL version.
  unsigned mslVersion = 0;
};

// Checks one MSL file in one view. `fileName` names it in the diagnostics; nothing is read
// from disk (the file may include only the standard library headers).
CheckResult checkMsl(std::string_view source, std::string fileName, CheckOptions options = {});

// Both views of a file made for `target`: the host's, then Apple's at its MSL version. A
// diagnostic only Apple's view gives says so ("MSL 3.0: ..."); one both give appears once.
CheckResult checkGeneratedMsl(std::string_view source, std::string fileName, const TargetProfile &target);

} // namespace p2m::mslcheck
