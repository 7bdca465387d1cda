// A function's body, whether its module was parsed whole (parseModule) or lazily
// (parseModuleLazily): a lazily parsed body is parsed again, into the reader's own arena.
#pragma once

#include "ptx/Parser.h"

namespace p2m::ptx {

class BodyReader {
public:
  explicit BodyReader(const Module &module) : module_(module) {}
  BodyReader(const BodyReader &) = delete;
  BodyReader &operator=(const BodyReader &) = delete;

  // Null for a declaration. Valid until the next read: the arena holds one body at a time.
  const BlockStmt *read(const Function &function) {
    arena_.Reset();
    return parseBody(module_, function, arena_);
  }
  // Frees the body read last (its first slab stays for the next one).
  void release() { arena_.Reset(); }

private:
  const Module &module_;
  Arena arena_;
};

} // namespace p2m::ptx
