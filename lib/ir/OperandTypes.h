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

// operandSignature(inst).destinations, without the types (cheap enough for every instruction).
unsigned destinationCount(const Inst &inst);

// True for instructions to which operandSignature gives every value operand the instruction's
// type (add.s32: s32 ← s32, s32; ld and st: the value, the address having none), known without
// building the signature; false says nothing.
bool operandsHaveInstructionType(const Inst &inst);

} // namespace p2m::ir
