// The files the host backend writes into its compile cache: the project's metal_stdlib headers
// (include/) and the launcher's support headers (launcher/), embedded into the library at build
// time so that the runtime never reads the source tree.
#pragma once

#include "support/EmbeddedFile.h"

#include <span>
#include <string>

namespace p2m::runtime::host {

std::span<const EmbeddedFile> embeddedFiles(); // "metal_stdlib", "p2m_host_abi.h", ...

// SHA-256 (hex) of every embedded file's name and text: names the cache's include directory
// and enters every compile-cache key.
const std::string &embeddedFilesHash();

} // namespace p2m::runtime::host
