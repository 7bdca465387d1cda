// The kernel rule (msl-kernel) of Apple's view of a file: a `kernel` function returns void, and
// each of its arguments carries exactly one Metal attribute, of a type that attribute allows:
// [[buffer(n)]] on a device or constant pointer or reference, [[threadgroup(n)]] on a
// threadgroup one (n < 31, each index once), and the thread-position builtins
// ([[thread_position_in_threadgroup]], [[thread_index_in_simdgroup]], ...) on uint or ushort
// (vectors of 2 or 3 for the grid and threadgroup positions and sizes), each at most once; a
// [[max_total_threads_per_threadgroup(n)]] before it has 1 <= n <= 1024. Attributes are read
// from the checked file's text: Clang drops attributes it does not know.
#pragma once

#include "mslcheck/Reporter.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <string>
#include <vector>

namespace p2m::mslcheck {

// Whether `function` is a Metal kernel (declared with `kernel`).
bool isMetalKernel(const clang::FunctionDecl &function);

void checkKernelSignature(const clang::FunctionDecl &kernel, clang::ASTContext &context,
                          Reporter &reporter);

// The first attribute name written on each argument of `kernel` ("" where none is).
std::vector<std::string> kernelArgumentAttributes(const clang::FunctionDecl &kernel,
                                                  const Reporter &reporter);

} // namespace p2m::mslcheck
