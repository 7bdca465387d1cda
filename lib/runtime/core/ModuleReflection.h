// The reflection file (emitters/reflection) as the runtime needs it: per kernel its parameter
// layout, shared/local memory and thread-count limits, per module the .global/.const segments
// with their variables, initializers and relocations. The reader is strict: the text comes
// from our own translator, so anything malformed or inconsistent (a variable outside its
// segment, a parameter outside the block) is reported as an error, never trusted.
#pragma once

#include "runtime/core/RuntimeError.h"
#include "support/TargetProfile.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::runtime {

struct ParamInfo {
  std::string name;
  uint32_t offset = 0;
  uint32_t size = 0;
  uint32_t align = 1;
};

struct KernelInfo {
  std::string name;    // the PTX .entry name (what cuModuleGetFunction looks up)
  std::string mslName; // the MSL kernel / body name
  bool translated = false;
  std::string error; // the translator's reason when !translated
  std::vector<ParamInfo> params;
  uint32_t paramBytes = 0;
  uint32_t staticSharedBytes = 0;
  bool dynamicShared = false;
  uint32_t localBytes = 0;
  std::vector<uint32_t> reqntid; // empty, or 1 to 3 dimensions
  std::vector<uint32_t> maxntid;
  bool usesPrintf = false; // feature "printf": device printf or assert messages
  // The features that are device capabilities only some GPUs have (isCapabilityFeature), for
  // the backend to check at load: "atomic_u64_min_max".
  std::vector<std::string> capabilities;
};

// Whether a reflection feature names a device capability (see KernelInfo::capabilities).
bool isCapabilityFeature(std::string_view feature);

enum class SegmentKind { Global, Const };

struct RelocationInfo {
  uint64_t offset = 0;        // inside the variable
  std::optional<std::string> target; // a variable or function name; none when unnamed
  int64_t addend = 0;
  bool generic = false;
  // A function's address: its index in the module (written as the ABI's function window plus
  // the index). Absent in reflections written before function addresses had ids.
  std::optional<uint32_t> function;
};

// A legacy texture or surface reference (`.texref`, `.surfref`): the variable holds the handle
// of the object the runtime builds from the reference's state before each launch.
enum class ReferenceKind : uint8_t { None, Texture, Surface };

struct VariableInfo {
  std::string name;
  ReferenceKind reference = ReferenceKind::None; // "reference"; absent: None
  SegmentKind segment = SegmentKind::Global;
  uint64_t offset = 0; // inside its segment
  uint64_t size = 0;
  std::vector<uint8_t> init; // empty: zero-initialized
  std::vector<RelocationInfo> relocations;
};

struct ModuleReflection {
  std::string sourceSha256;  // of the PTX text the module was translated from
  TargetProfile target;      // what the MSL was translated for ("profile")
  uint64_t globalBytes = 0;
  uint64_t constBytes = 0;
  std::vector<VariableInfo> variables;
  std::vector<KernelInfo> kernels;

  const KernelInfo *findKernel(std::string_view name) const;
  const VariableInfo *findVariable(std::string_view name) const;
};

// Parses and checks a reflection JSON text; InvalidImage with a reason on any problem. The one
// reader of reflections in the runtime: loading and choosing bundle entries both use it.
RuntimeStatus parseReflection(std::string_view json, ModuleReflection *out);

} // namespace p2m::runtime
