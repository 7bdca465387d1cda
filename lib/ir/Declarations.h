// What a PTX declaration's type modifiers and declarator say about its storage: element type,
// vector width, element count, bytes. The IR builder sizes variables and parameters with it,
// and indirect-call resolution sizes .callprototype slots with it, so that both agree.
#pragma once

#include "ir/Types.h"
#include "ptx/Ast.h"

#include <cstdint>
#include <span>

namespace p2m::ir {

struct DeclType {
  Type type = Type::None;
  uint32_t vector = 1;
  bool opaque = false; // .texref, .samplerref, .surfref
  ptx::Modifier opaqueType{}; // which of them, when opaque
};

DeclType declType(std::span<const ptx::Modifier> mods);

// Bytes of one element of type t (a predicate takes a byte).
uint32_t elementBytes(Type t);

// The number of elements a declarator declares (the product of its dimensions); `unsized` is
// set for an unsized `[]` dimension, which counts as 1.
uint64_t declaratorCount(const ptx::Declarator &d, bool &unsized);

// The bytes a declarator occupies: element bytes x vector width x element count.
uint64_t declaredBytes(const ptx::VariableDecl &decl, const ptx::Declarator &d);

} // namespace p2m::ir
