// One PTX module → MSL + reflection, as a library call: parse and validate, build the IR, run
// the pass pipeline, emit MSL and the reflection. The CLI's `compile` and the runtime's module
// loader both call this; neither repeats the orchestration.
#pragma once

#include "passes/Pass.h"
#include "support/Diagnostics.h"
#include "support/SourceFile.h"
#include "support/TargetProfile.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace p2m::translate {

struct TranslateOptions {
  TargetProfile target; // what to translate for (support/TargetProfile.def)
  // Translate only these kernels (PTX names) and what they call; empty: every kernel.
  std::vector<std::string> entries;
  bool comments = true;      // `// line N` and label comments in the MSL
  bool reflection = true;    // produce the reflection JSON
  std::string mslFile;       // the MSL file name the reflection records; empty: null
  std::string dumpAfter;     // a pass name: its printed IR goes to TranslateResult::dump
  // When set, the MSL body goes here chunk by chunk as it is printed (mslBody stays empty);
  // the file is then mslHeader followed by everything the sink received, in order.
  std::function<void(std::string &&chunk)> bodySink;
};

// What happened to one kernel (.entry) of the module.
struct KernelOutcome {
  std::string ptxName;
  bool translated = false;
  std::string reason;     // why not, when !translated
  uint32_t srcOffset = 0; // where the reason points in the PTX
};

struct TranslateResult {
  // False when the PTX did not parse or validate (the errors are in the DiagnosticEngine) or
  // `dumpAfter` names no pass; nothing else is set then.
  bool ok = false;
  std::string mslHeader;            // the MSL file is mslHeader + the mslBody chunks
  std::vector<std::string> mslBody;
  std::string reflectionJson;
  std::string dump;
  std::vector<KernelOutcome> kernels; // in module order; only the selected ones
  std::vector<passes::Warning> warnings;
  // Seconds per phase, in order: "parse and validate", "build IR", each pass, "emit MSL".
  std::vector<std::pair<std::string, double>> timings;

  std::string msl() const {
    std::string s = mslHeader;
    for (const std::string &chunk : mslBody)
      s += chunk;
    return s;
  }
};

// A kernel's reason without its variable parts (quoted names), for grouping failures in
// summaries: "calls 'f', which ..." and "calls 'g', which ..." fall into one group.
std::string reasonGroup(const std::string &reason);

// Translates `source`; parse and validation errors are reported to `diags`.
TranslateResult translateModule(const std::shared_ptr<SourceFile> &source, const TranslateOptions &options,
                                DiagnosticEngine &diags);

} // namespace p2m::translate
