#include "TargetOptions.h"

#include <CLI/CLI.hpp>

namespace p2m::cli {

unsigned TargetCliOptions::mslVersionNumber() const {
  return mslVersion == "3.0" ? 300 : mslVersion == "3.1" ? 310 : 320;
}

passes::Fp64Mode TargetCliOptions::fp64Mode() const {
  return fp64 == "error" ? passes::Fp64Mode::Error : fp64 == "demote" ? passes::Fp64Mode::Demote : passes::Fp64Mode::Ieee;
}

passes::F32Subnormals TargetCliOptions::f32SubnormalMode() const {
  return f32Subnormals == "keep" ? passes::F32Subnormals::Keep : passes::F32Subnormals::Flush;
}

void addTargetOptions(CLI::App &command, TargetCliOptions &options, bool arithmetic) {
  command.add_option("--msl-version", options.mslVersion, "Target MSL version")
      ->check(CLI::IsMember({"3.0", "3.1", "3.2"}))
      ->capture_default_str();
  if (!arithmetic)
    return;
  command
      .add_option("--fp64", options.fp64,
                  "f64 arithmetic: ieee (exact software binary64), demote (add/sub/mul/fma/div/rcp/sqrt "
                  "in float: faster, with float's precision and range; f64 values stay binary64 bits), "
                  "error (f64 arithmetic is a diagnostic)")
      ->check(CLI::IsMember({"ieee", "demote", "error"}))
      ->capture_default_str();
  command
      .add_option("--f32-subnormals", options.f32Subnormals,
                  "What the target does with f32 subnormals: flush (Apple GPUs: .ftz is then free) or "
                  "keep (IEEE hardware: .ftz operands and results are flushed explicitly)")
      ->check(CLI::IsMember({"flush", "keep"}))
      ->capture_default_str();
}

} // namespace p2m::cli
