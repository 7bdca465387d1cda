// The linked module: the resolved modules' items in one module, printed as canonical PTX.
//
// Its items come in this order, so that every name is declared before it is used whichever
// module uses it: the debug files; a prototype of every function that has a body (and the
// .extern declarations of the driver's functions); every module-scope variable, each after
// the variables its initializer takes the address of; the functions and kernels with their
// bodies, module by module; the debug sections (of several modules only .debug_str, which
// .loc lines refer to: DWARF is not merged). Declarations that the link resolved
// (.extern names, prototypes of functions defined elsewhere, definitions that lost to another
// module's) are left out. The text depends on nothing but the modules and their order.
#pragma once

#include "link/Header.h"
#include "link/Resolve.h"
#include "link/Symbols.h"

#include <span>
#include <string>

namespace p2m::link {

// `modules` are the inputs after renaming (Rewrite.h), `symbols` theirs.
std::string printLinkedModule(std::span<const ptx::Module *const> modules, std::span<const ModuleSymbols> symbols,
                              const LinkedHeader &header, const Resolution &resolution);

} // namespace p2m::link
