// Names a generated identifier must not take: C++ and MSL keywords, the names of Metal's
// standard library (types, functions, namespaces; the generated file says `using namespace
// metal;`), and the names the emitter itself uses (`p2m_...`, the ABI's parameters). A kernel
// or function whose PTX name is one of them gets another MSL name; the reflection maps the PTX
// name to it, so the runtime still finds it by its PTX name.
#pragma once

#include <cstddef>
#include <string_view>

namespace p2m::passes {

bool isMslReservedName(std::string_view name);

// A name of fewer letters than this followed by digits (`r12`, `rd4`: nearly every register's)
// is not reserved, known without asking isMslReservedName.
std::size_t shortestReservedStemBeforeDigits();

} // namespace p2m::passes
