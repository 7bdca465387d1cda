// sink-shared-stores: moves each store to shared memory down its block, past the loads from
// other state spaces and the register arithmetic that follow it, up to the first instruction it
// must stay before. A tile copy (ld.global, st.shared, ld.global, st.shared, ...) then reads all
// of its global memory before it writes shared memory, so the loads can be in flight together.
// ptxas does this for the original: it knows that .global and .shared never alias. A compiler
// that sees the MSL through pointers of one kind (CUDA's generic pointers, in tests/gpu) cannot,
// and waits for each load before the store behind it; Metal's own compiler loses nothing.
//
// The move is legal because a weak store to shared memory and the instructions it passes touch
// different locations and nothing orders them: weak accesses to different addresses are
// unordered in PTX's memory model without a fence, barrier or synchronizing access between them,
// and each of those stops the store (as does anything else not listed below). A store passes:
//   * register-only instructions (arithmetic, logic, comparisons, conversions, moves; the IR's
//     conversions, address-of and special-register reads) that write none of its registers;
//   * weak loads from global, constant, parameter or local memory.
// Stores are moved last first, so that the stores of a block keep their order (a store stops
// at the next shared store: the two may alias).
#include "passes/Pass.h"

#include <algorithm>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

namespace {

// Memory-model qualifiers that make an access more than a weak one (or a special one).
bool isWeakAccess(const Inst &in) {
  for (Modifier m : in.modifiers)
    if (m == Modifier::Volatile || m == Modifier::Relaxed || m == Modifier::Acquire || m == Modifier::Release ||
        m == Modifier::Mmio || m == Modifier::Shared_cluster)
      return false;
  return true;
}

// A store this pass moves: st.shared (proven from a generic address too), weak, one value.
bool isSinkableStore(const Inst &in) {
  return in.isPtx(Opcode::St) && in.space == Space::Shared && isWeakAccess(in) && in.ops.size() == 2;
}

// PTX instructions that only read and write registers.
bool isRegisterOnly(Opcode op) {
  switch (op) {
  case Opcode::Abs: case Opcode::Add: case Opcode::Addc: case Opcode::And: case Opcode::Bfe:
  case Opcode::Bfi: case Opcode::Bfind: case Opcode::Bmsk: case Opcode::Brev: case Opcode::Clz:
  case Opcode::Cnot: case Opcode::Copysign: case Opcode::Cos: case Opcode::Cvt: case Opcode::Cvta:
  case Opcode::Div: case Opcode::Dp2a: case Opcode::Dp4a: case Opcode::Ex2: case Opcode::Fma:
  case Opcode::Fns: case Opcode::Isspacep: case Opcode::Lg2: case Opcode::Lop3: case Opcode::Mad:
  case Opcode::Mad24: case Opcode::Madc: case Opcode::Max: case Opcode::Min: case Opcode::Mov:
  case Opcode::Mul: case Opcode::Mul24: case Opcode::Neg: case Opcode::Not: case Opcode::Or:
  case Opcode::Popc: case Opcode::Prmt: case Opcode::Rcp: case Opcode::Rem: case Opcode::Rsqrt:
  case Opcode::Sad: case Opcode::Selp: case Opcode::Set: case Opcode::Setp: case Opcode::Shf:
  case Opcode::Shl: case Opcode::Shr: case Opcode::Sin: case Opcode::Slct: case Opcode::Sqrt:
  case Opcode::Sub: case Opcode::Subc: case Opcode::Szext: case Opcode::Tanh: case Opcode::Testp:
  case Opcode::Xor:
    return true;
  default:
    return false;
  }
}

// Whether a shared store may move past `in` as far as memory goes.
bool storeMayPass(const Inst &in) {
  switch (in.irop) {
  case IrOp::Convert: case IrOp::AddressOf: case IrOp::ReadSpecial:
    return true;
  case IrOp::Ptx:
    if (in.opcode == Opcode::Ld)
      return (in.space == Space::Global || in.space == Space::Const || in.space == Space::Param ||
              in.space == Space::Local) && isWeakAccess(in);
    return isRegisterOnly(in.opcode);
  default:
    return false; // helper calls: atomics, warp operations, printf, ...
  }
}

// The registers the store reads: its address base, its value (vector elements included) and
// its guard.
llvm::SmallVector<RegId, 8> storeReads(const Function &f, const Inst &st) {
  llvm::SmallVector<RegId, 8> regs;
  for (const Operand &o : st.ops) {
    if (o.kind == OperandKind::Reg)
      regs.push_back(o.regId()); // the address base (o.address) or the value
    else if (o.kind == OperandKind::Vector)
      for (int64_t k = 0; k < o.value; ++k) {
        const Operand &element = f.vectorElements[o.id + static_cast<size_t>(k)];
        if (element.kind == OperandKind::Reg)
          regs.push_back(element.regId());
      }
  }
  if (st.guard != kNone)
    regs.push_back(st.guard);
  return regs;
}

// Moves the store at `at` down to just before the first instruction it must not pass.
void sink(const Function &f, std::vector<Inst> &insts, size_t at) {
  const llvm::SmallVector<RegId, 8> reads = storeReads(f, insts[at]);
  size_t to = at;
  while (to + 1 < insts.size()) {
    const Inst &next = insts[to + 1];
    if (!storeMayPass(next))
      break;
    bool writesRead = false;
    for (RegId r : reads)
      writesRead = writesRead || mayWrite(f, next, r);
    if (writesRead)
      break;
    ++to;
  }
  if (to == at)
    return;
  // One move per instruction passed (std::rotate would swap each of them with the store).
  Inst store = std::move(insts[at]);
  std::move(insts.begin() + static_cast<ptrdiff_t>(at) + 1, insts.begin() + static_cast<ptrdiff_t>(to) + 1,
            insts.begin() + static_cast<ptrdiff_t>(at));
  insts[to] = std::move(store);
}

} // namespace

void sinkSharedStores(PassContext &ctx) {
  forEachFunction(ctx, [&](Function &f) {
    for (Block &b : f.blocks)
      for (size_t i = b.insts.size(); i-- > 0;)
        if (isSinkableStore(b.insts[i]))
          sink(f, b.insts, i);
  });
}

} // namespace p2m::passes
