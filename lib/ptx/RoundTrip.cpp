#include "ptx/RoundTrip.h"

#include "ptx/Parser.h"
#include "ptx/Printer.h"
#include "support/Diagnostics.h"
#include "support/SourceFile.h"

#include <algorithm>

namespace p2m::ptx {

RoundTripResult checkRoundTrip(const Module &module, const std::string &printed) {
  RoundTripResult result;
  DiagnosticEngine diags;
  auto source = std::make_shared<SourceFile>(module.source().name() + " (printed)", printed);
  auto reparsed = parseModule(source, diags);
  if (diags.hasErrors()) {
    result.message = "the printed module does not parse:\n" + formatDiagnostic(diags.diagnostics().front());
    return result;
  }
  std::string again = printModule(*reparsed);
  if (again == printed) {
    result.ok = true;
    return result;
  }
  auto mismatch = std::mismatch(printed.begin(), printed.end(), again.begin(), again.end());
  size_t at = static_cast<size_t>(mismatch.first - printed.begin());
  LineColumn lc = source->lineColumn(static_cast<uint32_t>(at));
  result.message = "printing is not stable: first difference at printed line " +
                   std::to_string(lc.line) + ":\n  " + std::string(source->lineText(static_cast<uint32_t>(at)));
  return result;
}

} // namespace p2m::ptx
