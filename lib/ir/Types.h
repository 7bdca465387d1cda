// Value types of the kernel IR: PTX's fundamental types, as registers and instructions use them.
#pragma once

#include "ptx/Vocabulary.h"

#include <cstdint>
#include <string_view>

namespace p2m::ir {

enum class Type : uint8_t {
  None,
  Pred,
  B8, B16, B32, B64, B128,
  U8, U16, U32, U64,
  S8, S16, S32, S64,
  F16, F16x2, BF16, BF16x2, TF32, F32, F64,
};

// How a register of a type is stored in MSL. Integers (signed or not) live in unsigned
// storage, so that wrapping arithmetic never meets C++'s signed-overflow rules; signed views are
// explicit casts. f32 lives in float; f64 (exact software binary64), f16 and bf16 live in their
// bit patterns.
enum class Storage : uint8_t { Bool, U8, U16, U32, U64, U128, F32 };

// Inline: the passes and the emitter ask these for every operand of every instruction.
constexpr unsigned bitWidth(Type type) { // 1 for Pred, 0 for None
  switch (type) {
  case Type::None: return 0;
  case Type::Pred: return 1;
  case Type::B8: case Type::U8: case Type::S8: return 8;
  case Type::B16: case Type::U16: case Type::S16: case Type::F16: case Type::BF16: return 16;
  case Type::B32: case Type::U32: case Type::S32: case Type::F16x2: case Type::BF16x2:
  case Type::TF32: case Type::F32: return 32;
  case Type::B64: case Type::U64: case Type::S64: case Type::F64: return 64;
  case Type::B128: return 128;
  }
  return 0;
}
constexpr bool isFloat(Type t) { return t >= Type::F16 && t <= Type::F64; }      // F16 ... F64
constexpr bool isSigned(Type t) { return t >= Type::S8 && t <= Type::S64; }      // S8 ... S64
constexpr bool isUnsignedInt(Type t) { return t >= Type::U8 && t <= Type::U64; } // U8 ... U64
constexpr bool isBits(Type t) { return t >= Type::B8 && t <= Type::B128; }       // B8 ... B128
constexpr Storage storageOf(Type type) {
  if (type == Type::Pred)
    return Storage::Bool;
  if (type == Type::F32)
    return Storage::F32;
  switch (bitWidth(type)) {
  case 8: return Storage::U8;
  case 16: return Storage::U16;
  case 32: return Storage::U32;
  case 64: return Storage::U64;
  default: return Storage::U128;
  }
}
unsigned storageBits(Storage storage);
std::string_view spelling(Type type);       // "u32", "pred"
std::string_view mslStorageName(Storage s); // "uint", "float", "bool"
// The MSL value type an operation of this PTX type computes in: int for s32, float for f32,
// half for f16, ushort for bf16 (bit patterns), ulong for f64 (bit patterns).
std::string_view mslValueName(Type type);

// The PTX type a modifier names (u32 → U32), or None.
Type typeFromModifier(ptx::Modifier modifier);
// The unsigned / signed / bit type of a width (8, 16, 32, 64).
Type unsignedType(unsigned bits);
Type signedType(unsigned bits);
Type bitsType(unsigned bits);

} // namespace p2m::ir
