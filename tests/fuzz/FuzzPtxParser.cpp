// libFuzzer target for the PTX front end: any input must parse to a module or to diagnostics,
// never crash; a module that parses must print to PTX that reparses to the same printing.
#include "ptx/Parser.h"
#include "ptx/Printer.h"
#include "ptx/RoundTrip.h"
#include "support/Diagnostics.h"
#include "support/SourceFile.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  auto source = std::make_shared<p2m::SourceFile>(
      "fuzz.ptx", std::string(reinterpret_cast<const char *>(data), size));
  p2m::DiagnosticEngine diags;
  auto module = p2m::ptx::parseModule(source, diags);
  for (const p2m::Diagnostic &d : diags.diagnostics())
    (void)p2m::formatDiagnostic(d);
  if (diags.hasErrors())
    return 0;
  std::string printed = p2m::ptx::printModule(*module);
  p2m::ptx::RoundTripResult r = p2m::ptx::checkRoundTrip(*module, printed);
  if (!r.ok) {
    std::fprintf(stderr, "round trip failed: %s\n", r.message.c_str());
    __builtin_trap();
  }
  return 0;
}
