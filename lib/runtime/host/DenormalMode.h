// Flushing of f32 denormals on the host backend's worker threads.
//
// DESIGN.md: Apple GPUs flush f32 denormals (inputs and results), so the host backend runs
// kernels with FTZ and DAZ set (x86-64 MXCSR) or FPCR.FZ set (AArch64) to compute what a Mac
// computes. The mode is set for the duration of a dispatch on each thread that runs kernel
// code and restored afterwards, so the host program around it is not affected.
#pragma once

#include <cstdint>

namespace p2m::runtime::host {

class DenormalModeScope {
public:
  explicit DenormalModeScope(bool flush);
  ~DenormalModeScope();
  DenormalModeScope(const DenormalModeScope &) = delete;
  DenormalModeScope &operator=(const DenormalModeScope &) = delete;

private:
  uint64_t saved_;
};

} // namespace p2m::runtime::host
