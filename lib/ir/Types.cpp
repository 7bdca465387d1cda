#include "ir/Types.h"

namespace p2m::ir {

using ptx::Modifier;

unsigned storageBits(Storage s) {
  switch (s) {
  case Storage::Bool: return 1;
  case Storage::U8: return 8;
  case Storage::U16: return 16;
  case Storage::U32: case Storage::F32: return 32;
  case Storage::U64: return 64;
  case Storage::U128: return 128;
  }
  return 0;
}

std::string_view spelling(Type type) {
  switch (type) {
  case Type::None: return "none";
  case Type::Pred: return "pred";
  case Type::B8: return "b8";
  case Type::B16: return "b16";
  case Type::B32: return "b32";
  case Type::B64: return "b64";
  case Type::B128: return "b128";
  case Type::U8: return "u8";
  case Type::U16: return "u16";
  case Type::U32: return "u32";
  case Type::U64: return "u64";
  case Type::S8: return "s8";
  case Type::S16: return "s16";
  case Type::S32: return "s32";
  case Type::S64: return "s64";
  case Type::F16: return "f16";
  case Type::F16x2: return "f16x2";
  case Type::BF16: return "bf16";
  case Type::BF16x2: return "bf16x2";
  case Type::TF32: return "tf32";
  case Type::F32: return "f32";
  case Type::F64: return "f64";
  }
  return "?";
}

std::string_view mslStorageName(Storage s) {
  switch (s) {
  case Storage::Bool: return "bool";
  case Storage::U8: return "uchar";
  case Storage::U16: return "ushort";
  case Storage::U32: return "uint";
  case Storage::U64: return "ulong";
  case Storage::U128: return "ulong2";
  case Storage::F32: return "float";
  }
  return "?";
}

std::string_view mslValueName(Type type) {
  switch (type) {
  case Type::Pred: return "bool";
  case Type::S8: return "char";
  case Type::S16: return "short";
  case Type::S32: return "int";
  case Type::S64: return "long";
  case Type::F16: return "half";
  case Type::F32: return "float";
  default: return mslStorageName(storageOf(type));
  }
}

Type typeFromModifier(Modifier m) {
  switch (m) {
  case Modifier::Pred: return Type::Pred;
  case Modifier::B8: return Type::B8;
  case Modifier::B16: return Type::B16;
  case Modifier::B32: return Type::B32;
  case Modifier::B64: return Type::B64;
  case Modifier::B128: return Type::B128;
  case Modifier::U8: return Type::U8;
  case Modifier::U16: return Type::U16;
  case Modifier::U32: return Type::U32;
  case Modifier::U64: return Type::U64;
  case Modifier::S8: return Type::S8;
  case Modifier::S16: return Type::S16;
  case Modifier::S32: return Type::S32;
  case Modifier::S64: return Type::S64;
  case Modifier::F16: return Type::F16;
  case Modifier::F16x2: return Type::F16x2;
  case Modifier::Bf16: return Type::BF16;
  case Modifier::Bf16x2: return Type::BF16x2;
  case Modifier::Tf32: return Type::TF32;
  case Modifier::F32: return Type::F32;
  case Modifier::F64: return Type::F64;
  default: return Type::None;
  }
}

static Type byWidth(unsigned bits, Type t8, Type t16, Type t32, Type t64) {
  switch (bits) {
  case 8: return t8;
  case 16: return t16;
  case 32: return t32;
  case 64: return t64;
  default: return Type::None;
  }
}
Type unsignedType(unsigned bits) { return byWidth(bits, Type::U8, Type::U16, Type::U32, Type::U64); }
Type signedType(unsigned bits) { return byWidth(bits, Type::S8, Type::S16, Type::S32, Type::S64); }
Type bitsType(unsigned bits) { return byWidth(bits, Type::B8, Type::B16, Type::B32, Type::B64); }

} // namespace p2m::ir
