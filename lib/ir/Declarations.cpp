#include "ir/Declarations.h"

namespace p2m::ir {

DeclType declType(std::span<const ptx::Modifier> mods) {
  DeclType t;
  for (ptx::Modifier m : mods) {
    if (m == ptx::Modifier::V2)
      t.vector = 2;
    else if (m == ptx::Modifier::V4)
      t.vector = 4;
    else if (m == ptx::Modifier::V8)
      t.vector = 8;
    else if (Type ty = typeFromModifier(m); ty != Type::None)
      t.type = ty;
    else {
      t.opaque = true;
      t.opaqueType = m;
    }
  }
  return t;
}

uint32_t elementBytes(Type t) { return t == Type::Pred ? 1 : bitWidth(t) / 8; }

uint64_t declaratorCount(const ptx::Declarator &d, bool &unsized) {
  uint64_t n = 1;
  unsized = false;
  for (int64_t dim : d.dims) {
    if (dim < 0)
      unsized = true;
    else
      n *= static_cast<uint64_t>(dim);
  }
  return n;
}

uint64_t declaredBytes(const ptx::VariableDecl &decl, const ptx::Declarator &d) {
  DeclType t = declType(decl.typeModifiers);
  bool unsized = false;
  return uint64_t(elementBytes(t.type)) * t.vector * declaratorCount(d, unsized);
}

} // namespace p2m::ir
