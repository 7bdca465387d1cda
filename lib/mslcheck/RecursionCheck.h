// The recursion rule: Metal has no recursion, direct or indirect. Every call that lies on a
// cycle of the translation unit's call graph (a strongly connected component with more than
// one function, or a function calling itself) is reported, with the cycle it closes.
#pragma once

#include "mslcheck/Reporter.h"

namespace clang {
class ASTContext;
}

namespace p2m::mslcheck {

void checkRecursion(clang::ASTContext &context, Reporter &reporter);

} // namespace p2m::mslcheck
