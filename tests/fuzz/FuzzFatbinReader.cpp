// libFuzzer target for the fatbin/object reader: any bytes — an ELF, Mach-O or COFF object, a
// fatbin, or garbage — must scan and decode to results or errors, never crash or overread.
#include "fatbin/ObjectFatbins.h"
#include "fatbin/PtxExtraction.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  p2m::fatbin::Bytes file(data, size);
  auto scan = p2m::fatbin::scanFatbins(file);
  if (!scan)
    return 0;
  p2m::fatbin::ExtractOptions options;
  options.cubins = true;
  // Keep decompression bounded so a tiny input claiming a huge payload stays fast.
  options.maxEntrySize = 64u << 20;
  (void)p2m::fatbin::extract(*scan, options);
  return 0;
}
