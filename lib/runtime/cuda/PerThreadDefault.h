// The per-thread default stream of the _ptds / _ptsz entry points (a program compiled with
// `--default-stream per-thread`): each calls its legacy form inside a PerThreadDefaultScope, in
// which stream handle 0, and the implicit stream of the synchronous calls, is the calling
// thread's per-thread stream instead of the legacy one.
#pragma once

namespace p2m::cuda {

class PerThreadDefaultScope {
public:
  PerThreadDefaultScope();
  ~PerThreadDefaultScope();
  PerThreadDefaultScope(const PerThreadDefaultScope &) = delete;
  PerThreadDefaultScope &operator=(const PerThreadDefaultScope &) = delete;
  static bool active(); // the calling thread is inside one
};

} // namespace p2m::cuda
