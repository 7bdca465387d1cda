#include "mslcheck/EmbeddedHeaders.h"

namespace p2m::mslcheck {
namespace {
#include "MetalHeaders.inc"
} // namespace

std::span<const EmbeddedFile> embeddedHeaders() { return kEmbeddedFiles; }

} // namespace p2m::mslcheck
