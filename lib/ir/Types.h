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

unsigned bitWidth(Type type); // 1 for Pred, 0 for None
bool isFloat(Type type);      // F16 ... F64
bool isSigned(Type type);     // S8 ... S64
bool isUnsignedInt(Type type); // U8 ... U64
bool isBits(Type type);       // B8 ... B128
Storage storageOf(Type type);
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
