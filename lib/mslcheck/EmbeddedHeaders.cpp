#include "mslcheck/EmbeddedHeaders.h"

#include <cstddef>

namespace p2m::mslcheck {
namespace {

struct EmbeddedHeader {
  const char *name;
  const unsigned char *text;
  size_t size;
};

#include "MetalHeaders.inc"

} // namespace

const std::vector<HeaderFile> &embeddedHeaders() {
  static const std::vector<HeaderFile> headers = [] {
    std::vector<HeaderFile> list;
    for (const EmbeddedHeader &header : kEmbeddedHeaders)
      list.push_back({header.name, std::string_view(reinterpret_cast<const char *>(header.text),
                                                    header.size)});
    return list;
  }();
  return headers;
}

} // namespace p2m::mslcheck
