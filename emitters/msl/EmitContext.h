// Internal to the MSL emitter: the state shared by the function printer (Emitter.cpp) and the
// instruction selector (EmitInstruction.cpp).
#pragma once

#include "emitters/msl/ForwardedValues.h"
#include "emitters/msl/MslEmitter.h"
#include "emitters/msl/SupportUnits.h"
#include "ir/Helpers.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace p2m::msl {

// Thrown when an instruction form has no lowering; the function becomes unsupported.
struct EmitError {
  uint32_t srcOffset;
  std::string message;
};

struct FunctionEmitter {
  const ir::Module &module;
  const ir::Function &function;
  const EmitOptions &options;
  std::string &out;
  SupportUse &support; // the support helpers its code names
  // Values printed inside their one reader (ForwardedValues.h); started afresh for each
  // function (ForwardedValues::start).
  ForwardedValues &forwarded;
  unsigned indent = 1;
  // A tab a level (an editor shows it as wide as its reader likes): deep loop nests stay
  // readable, and two spaces a level made indentation an eighth of the text.
  uint32_t lastDebugLine = 0;
  uint32_t usedFeatures = 0;
  unsigned callTemps = 0; // numbers the function's p2m_arg<N> call temporaries
  unsigned vectorTemps = 0; // numbers the function's p2m_v<N> whole-vector load temporaries

  // How plain accesses name device memory. Memory that threadgroups communicate through is
  // coherent(device) from MSL 3.2 on, so that what a fence orders is also what other
  // threadgroups read (docs/apple-compiler.md, "Coherence"): in a kernel that orders device
  // memory (kFeatureDeviceOrdering, its callees' included); in a device function, which any
  // kernel may call and which is printed before its callers, abi.h's P2M_DEVICE_DATA, coherent
  // where some function of the module orders device memory (decided when the file is put
  // together).
  std::string_view deviceSpace() const {
    if (!function.isEntry)
      return "P2M_DEVICE_DATA";
    return options.target.has(Capability::CoherentDevice) && (function.features & ir::kFeatureDeviceOrdering) ? "coherent(device) device"
                                                                                         : "device";
  }

  void line(std::string_view text) {
    out.append(indent, '\t');
    out += text;
    out += '\n';
  }
  // A formatted line, written straight into `out` (no temporary string per line).
  template <typename... Args>
    requires(sizeof...(Args) > 0)
  void line(fmt::format_string<Args...> format, Args &&...args) {
    out.append(indent, '\t');
    fmt::format_to(std::back_inserter(out), format, std::forward<Args>(args)...);
    out += '\n';
  }

  // Registers declared where they are first written (`uint r5 = r4 + 1u;`): per register, the
  // instruction that may declare it (set by the function printer; empty: every register
  // declared at the top), whether it was, and in which printing of an instruction (a loop
  // printed twice declares in each copy; an instruction that writes a register twice, once).
  std::vector<const ir::Inst *> declaringInst = {};
  std::vector<uint8_t> declaredInline = {};
  std::vector<unsigned> declaredAt = {};
  // The expression an instruction's selection formats last, reused from instruction to
  // instruction (EmitInstruction.cpp's Sel::formatted).
  std::string expression = {};
  // Whether the MSL value type of a PTX type differs from its storage type (signed integers,
  // f16: an as_type view between them), per type once known (every helper argument asks).
  std::array<int8_t, 256> valueViews = [] {
    std::array<int8_t, 256> unknown;
    unknown.fill(-1);
    return unknown;
  }();
  bool hasValueView(ir::Type t) {
    int8_t &known = valueViews[static_cast<uint8_t>(t)];
    if (known < 0)
      known = ir::mslValueName(t) != ir::mslStorageName(ir::storageOf(t));
    return known != 0;
  }
  unsigned instIndent = 0; // the indentation of the instruction being printed
  unsigned instSerial = 0; // numbers the printed instructions from 1

  // The storage type to print before `r` when `inst` writes it: non-empty where `inst`
  // declares the register, in the instruction's own scope (not in a block its lowering opens).
  [[gnu::always_inline]] std::string_view declaration(ir::RegId r, const ir::Inst &inst) {
    const uint32_t i = r.index();
    if (indent != instIndent || i >= declaringInst.size() || declaringInst[i] != &inst || declaredAt[i] == instSerial)
      return {};
    declaredInline[i] = 1;
    declaredAt[i] = instSerial;
    return ir::mslStorageName(ir::storageOf(function.reg(r).type));
  }

  // `[type ]target = value;`, the most common line: sized once, then its pieces copied in
  // (an append per piece re-checks the capacity each time).
  [[gnu::always_inline]] void assignment(std::string_view target, std::string_view value, std::string_view declaredType = {}) {
    const size_t at = out.size();
    const size_t typeSize = declaredType.empty() ? 0 : declaredType.size() + 1;
    out.resize(at + indent + typeSize + target.size() + 3 + value.size() + 2);
    char *p = out.data() + at;
    p = std::fill_n(p, indent, '\t');
    if (typeSize) {
      p = std::copy(declaredType.begin(), declaredType.end(), p);
      *p++ = ' ';
    }
    p = std::copy(target.begin(), target.end(), p);
    *p++ = ' ';
    *p++ = '=';
    *p++ = ' ';
    p = std::copy(value.begin(), value.end(), p);
    *p++ = ';';
    *p = '\n';
  }
  // `[type ]target = conversion(value);`
  void convertingAssignment(std::string_view target, std::string_view conversion, std::string_view value,
                            std::string_view declaredType = {}) {
    out.append(indent, '\t');
    if (!declaredType.empty()) {
      out += declaredType;
      out += ' ';
    }
    out += target;
    out += " = ";
    out += conversion;
    out += '(';
    out += value;
    out += ");\n";
  }

  // Instruction selection (EmitInstruction.cpp): prints `inst`, its forwarded operands inside
  // it where they can go (else as statements before it).
  void emitInstruction(const ir::Inst &inst);
  // One printing of `inst` (emitInstruction's attempt).
  void printInstruction(const ir::Inst &inst);
  // Leaves `expression`, the value `inst` computes for `r`, to be printed inside r's reader,
  // where the analysis allows it (a LoadedElement only when `fromTemporary`: the expression
  // reads the instruction's loaded vector) and `inst` prints it at its own level (not in a
  // block its lowering opens). Whether it did. `precedence`: ForwardedValues::capture's.
  bool forwardValue(ir::RegId r, const ir::Inst &inst, std::string_view expression, bool fromTemporary,
                    std::optional<Precedence> precedence = std::nullopt) {
    ir::Forwarding how = forwarded.forwarding(r);
    if (how == ir::Forwarding::No || (how == ir::Forwarding::LoadedElement && !fromTemporary) || indent != instIndent ||
        inst.guard != ir::kNone)
      return false;
    return forwarded.capture(r, expression, precedence);
  }
  // The trap sequence of a block that ends in trap.
  void emitTrap();
  // Where a thread ends inside a block (a trap instruction, a failed assert, a callee that
  // ended it): it returns, or in a kernel that keeps such threads for its barriers
  // (Function::doneFlag) it is marked done and goes on.
  void emitThreadEnd(bool trap);
  // The end of a .func block that ends in exit: the thread ends, so the callers return too.
  void emitFuncExit();

  [[noreturn]] void fail(const ir::Inst &inst, std::string message) const {
    throw EmitError{inst.srcOffset, std::move(message)};
  }

  // Records that the code calls the support helper `name` (its definition goes into the file).
  // A name no support header defines is a lowering without its helper: `inst` fails.
  void useName(const ir::Inst &inst, std::string_view name) {
    if (!support.name(name))
      fail(inst, fmt::format("no MSL support helper {} for this instruction form", name));
  }
  // useName for the module's helper string `id` (an IrOp::Call's name), looked up in the
  // support library once per function (a hash of the name otherwise, at every call).
  std::vector<uint8_t> helperStringUsed = {};
  void useHelperString(const ir::Inst &inst, uint32_t id) {
    if (id >= helperStringUsed.size())
      helperStringUsed.resize(module.strings.size(), 0);
    if (!helperStringUsed[id]) {
      useName(inst, module.strings[id]);
      helperStringUsed[id] = 1;
    }
  }
  // The MSL name of registry helper `h` with its name's `parts`, recorded as used. The names
  // made are kept per helper, with their parts: most helpers are used instruction after
  // instruction, and are then neither named nor looked up in the support library again. The
  // name is viewed, not copied: it lives as long as the function's printing.
  std::string_view use(const ir::Inst &inst, ir::Helper h, std::initializer_list<std::string_view> parts = {}) {
    const size_t index = static_cast<size_t>(h);
    if (index >= usedHelpers.size())
      usedHelpers.resize(index + 1);
    for (const UsedHelper &used : usedHelpers[index])
      if (used.madeOf(parts))
        return used.name;
    std::string name = ir::helperName(h, parts);
    useName(inst, name);
    UsedHelper &added = usedHelpers[index].emplace_back();
    for (std::string_view part : parts) {
      added.parts += part;
      added.parts += '\0';
    }
    added.name = helperNames.emplace_back(std::move(name));
    return added.name;
  }
  struct UsedHelper {
    std::string parts; // each followed by a NUL
    std::string_view name; // in helperNames

    bool madeOf(std::initializer_list<std::string_view> these) const {
      size_t at = 0;
      for (std::string_view part : these) {
        if (parts.compare(at, part.size(), part) != 0 || at + part.size() >= parts.size() || parts[at + part.size()] != '\0')
          return false;
        at += part.size() + 1;
      }
      return at == parts.size();
    }
  };
  std::vector<std::vector<UsedHelper>> usedHelpers = {}; // by Helper
  std::deque<std::string> helperNames = {}; // the names used, where they stay (a deque's elements never move)
};

} // namespace p2m::msl
