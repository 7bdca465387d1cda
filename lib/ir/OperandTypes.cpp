#include "ir/OperandTypes.h"

namespace p2m::ir {

using ptx::Modifier;
using ptx::Opcode;

namespace {

Type widened(Type t) {
  switch (t) {
  case Type::U16: return Type::U32;
  case Type::S16: return Type::S32;
  case Type::U32: return Type::U64;
  case Type::S32: return Type::S64;
  case Type::U8: return Type::U16;
  case Type::S8: return Type::S16;
  default: return t;
  }
}

// The type an atom/red/ld/st value operand has: the instruction type.
void fill(OperandSignature &s, size_t n, Type t) { s.types.assign(n, t); }

} // namespace

OperandSignature operandSignature(const Inst &in) {
  OperandSignature s;
  size_t n = in.ops.size();
  Type t = in.type;
  if (in.irop == IrOp::Convert) {
    s.types = {in.type, in.type2};
    s.destinations = 1;
    return s;
  }
  if (in.irop == IrOp::ReadSpecial) {
    s.types = {in.type, Type::None};
    s.destinations = 1;
    return s;
  }
  if (in.irop == IrOp::AddressOf) {
    s.types = {in.type, Type::None};
    s.destinations = 1;
    return s;
  }
  if (in.irop == IrOp::Call) {
    // Helpers are typed by the pass that created them: type = result, operands as recorded.
    fill(s, n, Type::None);
    s.destinations = destinationCount(in);
    if (s.destinations && n > 0)
      s.types[0] = in.type;
    return s;
  }
  fill(s, n, t);
  s.destinations = destinationCount(in);
  auto setAll = [&](Type x) { s.types.assign(n, x); };
  // Operand positions are written only where the instruction has them: the validator rejects
  // malformed shapes before any pass asks, but this stays in bounds whatever it is given.
  auto set = [&](size_t i, Type x) {
    if (i < s.types.size())
      s.types[i] = x;
  };
  switch (in.opcode) {
  case Opcode::Mul:
  case Opcode::Mad:
    if (in.has(Modifier::Wide)) {
      set(0, widened(t));
      if (in.opcode == Opcode::Mad)
        set(3, widened(t));
    }
    break;
  case Opcode::Shl:
  case Opcode::Shr:
    set(2, Type::U32);
    break;
  case Opcode::Bfe:
    set(2, Type::U32);
    set(3, Type::U32);
    break;
  case Opcode::Bfi:
    set(3, Type::U32);
    set(4, Type::U32);
    break;
  case Opcode::Popc:
  case Opcode::Clz:
  case Opcode::Bfind:
    set(0, Type::U32);
    break;
  case Opcode::Setp:
    setAll(t);
    set(0, Type::Pred);
    set(3, Type::Pred);
    break;
  case Opcode::Set:
    // set.cmp.dtype.stype d, a, b [, c]
    setAll(in.type2);
    set(0, t);
    set(3, Type::Pred);
    break;
  case Opcode::Selp:
    set(3, Type::Pred);
    break;
  case Opcode::Slct:
    setAll(t);
    set(3, in.type2);
    break;
  case Opcode::Testp:
    set(0, Type::Pred);
    break;
  case Opcode::Isspacep:
    s.types = {Type::Pred, Type::U64};
    break;
  case Opcode::Mbarrier:
    // mbarrier.init [a], count; .inval [a]; .arrive state, [a]{, count}; .test_wait/.try_wait
    // p, [a], state (or a u32 phase parity){, hint}; .pending_count count, state. The state
    // is b64, counts and hints u32; the address operand has no value type.
    setAll(Type::U32);
    if (in.has(Modifier::Init) || in.has(Modifier::Inval)) {
      s.destinations = 0;
    } else if (in.has(Modifier::Test_wait) || in.has(Modifier::Try_wait)) {
      set(0, Type::Pred);
      if (!in.has(Modifier::Parity))
        set(2, Type::B64);
    } else if (in.has(Modifier::Pending_count)) {
      s.types = {Type::U32, Type::B64};
    } else {
      set(0, Type::B64);
    }
    for (size_t i = 0; i < n; ++i)
      if (in.ops[i].address)
        set(i, Type::None);
    break;
  case Opcode::Cvt:
    // An e4m3x2/e5m2x2 pair is typed b16 by the IR builder: cvt.rn.f16x2.e4m3x2 is f16x2 <- b16,
    // cvt.rn.satfinite.e4m3x2.f32 is b16 <- f32, f32.
    set(0, t);
    for (size_t i = 1; i < n; ++i)
      set(i, in.type2);
    s.relaxed = true;
    break;
  case Opcode::Cvta:
    setAll(t);
    break;
  case Opcode::Mov:
    s.relaxed = false;
    break;
  case Opcode::Ld:
  case Opcode::Ldu:
    set(1, Type::None);
    s.relaxed = true;
    break;
  case Opcode::St:
    set(0, Type::None);
    s.relaxed = true;
    break;
  case Opcode::Atom:
  case Opcode::Red:
    set(in.opcode == Opcode::Atom ? 1 : 0, Type::None);
    break;
  case Opcode::Prefetch:
  case Opcode::Prefetchu:
  case Opcode::Cp:
  case Opcode::Bar:
  case Opcode::Barrier:
  case Opcode::Membar:
  case Opcode::Fence:
  case Opcode::Call:
  case Opcode::Griddepcontrol:
  case Opcode::Pmevent:
    setAll(Type::None);
    if (in.opcode == Opcode::Bar || in.opcode == Opcode::Barrier) {
      // bar.sync a{, b}; bar.red.popc.u32 d, a{, b}, {!}c; barrier ids and counts are u32.
      for (size_t i = 0; i < n; ++i)
        set(i, Type::U32);
      if (in.has(Modifier::Red)) {
        set(0, in.has(Modifier::Popc) ? Type::U32 : Type::Pred);
        if (n > 0)
          set(n - 1, Type::Pred);
      }
    }
    break;
  case Opcode::Mma:
  case Opcode::Wmma:
  case Opcode::Ldmatrix:
  case Opcode::Stmatrix:
  case Opcode::Movmatrix:
    // Fragments are bit containers (f16x2, packed integers, tf32 in .b32/.f32 registers):
    // lower-tensor-ops reads and writes them by their bits.
    setAll(Type::None);
    break;
  case Opcode::Shfl:
    // shfl.sync.mode.b32 d[|p], a, b, c, membermask
    setAll(Type::U32);
    set(0, Type::B32);
    set(1, Type::B32);
    break;
  case Opcode::Vote:
    setAll(Type::Pred);
    set(2, Type::U32);
    if (in.has(Modifier::Ballot))
      set(0, Type::B32);
    break;
  case Opcode::Activemask:
    set(0, Type::B32);
    break;
  case Opcode::Redux:
    setAll(t);
    set(2, Type::U32);
    break;
  case Opcode::Match:
    // match.any.sync.type d, a, membermask; match.all.sync.type d[|p], a, membermask
    setAll(t);
    set(0, Type::B32);
    set(2, Type::U32);
    break;
  case Opcode::Prmt:
  case Opcode::Lop3:
  case Opcode::Shf:
    setAll(Type::B32);
    if (in.opcode == Opcode::Lop3 && n > 4)
      set(4, Type::B32);
    break;
  case Opcode::Bmsk:
  case Opcode::Szext:
    setAll(Type::U32);
    set(0, Type::B32);
    if (in.opcode == Opcode::Szext)
      set(0, t);
    break;
  case Opcode::Dp4a:
  case Opcode::Dp2a: {
    bool anySigned = isSigned(in.type) || isSigned(in.type2);
    s.types = {anySigned ? Type::S32 : Type::U32, Type::B32, Type::B32,
               anySigned ? Type::S32 : Type::U32};
    s.types.resize(n, Type::None);
    break;
  }
  case Opcode::Sad:
    break;
  case Opcode::Copysign:
    break;
  case Opcode::Nanosleep:
    setAll(Type::U32);
    break;
  default:
    break;
  }
  s.types.resize(n, Type::None); // one type per operand (Isspacep and Dp4a assign whole lists)
  return s;
}

} // namespace p2m::ir
