// The PTX type each operand of an instruction has, from the instruction's opcode and type
// modifiers (add.s32: all s32; mul.wide.s32: s64 ← s32, s32; setp.lt.f32: pred ← f32, f32;
// shl.b64: b64 ← b64, u32; ...). insert-implicit-conversions uses it to make every register
// operand's storage match, and the emitter to type immediates.
#pragma once

#include "ir/Ir.h"

#include <llvm/ADT/SmallVector.h>

namespace p2m::ir {

struct OperandSignature {
  // Per operand: its type (for a vector operand, the type of each element); None for operands
  // that are not values (addresses, symbols, sinks, call lists, jump targets).
  llvm::SmallVector<Type, 6> types;
  // The leading operands the instruction writes (0 or 1; a vector counts as one).
  unsigned destinations = 0;
  // Whether a destination register may be wider than its type (ld, cvt, mov of a narrower
  // value): then it is zero- or sign-extended per PTX's relaxed type-checking rules.
  bool relaxed = false;
};

OperandSignature operandSignature(const Inst &inst);

// Whether operandSignature may give some operand of `inst` type f32: only the instruction's
// type or second type is ever f32 there (the other types it gives are integer, bit and
// predicate types).
inline bool mayHaveF32Operand(const Inst &inst) { return inst.type == Type::F32 || inst.type2 == Type::F32; }

// operandSignature(inst).destinations, without the types (inline: the passes and the emitter
// ask it about every instruction, some several times).
[[gnu::always_inline]] inline unsigned destinationCount(const Inst &in) {
  switch (in.irop) {
  case IrOp::Convert:
  case IrOp::ReadSpecial:
  case IrOp::AddressOf:
    return 1;
  case IrOp::Call:
    return in.ops.empty() || in.ops[0].kind == OperandKind::None ? 0 : 1;
  case IrOp::Ptx:
    break;
  }
  using ptx::Modifier;
  using ptx::Opcode;
  switch (in.opcode) {
  case Opcode::Bar:
  case Opcode::Barrier:
    return in.has(Modifier::Red) ? 1 : 0; // bar.red.popc.u32 d, ...
  case Opcode::St:
  case Opcode::Red:
  case Opcode::Prefetch:
  case Opcode::Prefetchu:
  case Opcode::Membar:
  case Opcode::Fence:
  case Opcode::Cp:
  case Opcode::Nanosleep:
  case Opcode::Call:
  case Opcode::Griddepcontrol:
  case Opcode::Pmevent:
  case Opcode::Stmatrix:
    return 0;
  case Opcode::Wmma:
    return in.has(Modifier::Store) ? 0 : 1;
  default:
    return 1;
  }
}

// True for instructions to which operandSignature gives every value operand the instruction's
// type (add.s32: s32 ← s32, s32; ld and st: the value, the address having none), known without
// building the signature; false says nothing.
inline bool operandsHaveInstructionType(const Inst &in) {
  using ptx::Modifier;
  using ptx::Opcode;
  if (in.irop != IrOp::Ptx)
    return false;
  switch (in.opcode) {
  case Opcode::Add: case Opcode::Sub: case Opcode::Min: case Opcode::Max: case Opcode::And:
  case Opcode::Or: case Opcode::Xor: case Opcode::Not: case Opcode::Neg: case Opcode::Abs:
  case Opcode::Div: case Opcode::Rem: case Opcode::Fma: case Opcode::Mov: case Opcode::Ld:
  case Opcode::St:
    return true;
  case Opcode::Mul: // the wide forms write twice the width
  case Opcode::Mad:
    return !in.has(Modifier::Wide);
  default:
    return false;
  }
}

} // namespace p2m::ir
