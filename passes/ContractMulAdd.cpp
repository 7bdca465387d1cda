// contract-mul-add: `mul` and `add` of f32 or f64 without a rounding modifier, where the add is
// the only reader of the product, become one `fma.rn`, as ptxas does. PTX allows it ("mul/add
// sequences with no rounding modifiers may be optimized to use fused-multiply-add") and NVIDIA
// hardware computes it so: nvcc -O0 PTX keeps mul and add apart, and the H200 results of such
// kernels are those of fma (tests/exec: struct_params, axpy_unrolled_*). Code compiled for
// debugging (`.target ..., debug`: ptxas -O0) is left alone, as ptxas leaves it.
//
// Only the safe pattern is contracted: both in one block, the product named nowhere else, the
// multiply unguarded, neither .sat on the multiply nor a difference in .ftz, and no write to the
// multiply's operands between the two.
#include "passes/LowerUtil.h"

#include <algorithm>
#include <cstdint>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

namespace {

bool isContractible(const Inst &in, Opcode op) {
  return in.isPtx(op) && (in.type == Type::F32 || in.type == Type::F64) && roundingOf(in).empty() &&
         in.ops.size() == 3 && std::all_of(in.ops.begin(), in.ops.end(), [](const Operand &o) {
           return o.isReg() || (o.kind == OperandKind::Imm && !o.address);
         });
}

// The fma for `mul` (at index m) and `add`, or false when the pair does not qualify.
bool contract(const Block &b, size_t m, const Inst &add, const std::vector<uint32_t> &mentions, Inst *fma) {
  const Inst &mul = b.insts[m];
  if (mul.guard != kNone || mul.has(Modifier::Sat) || mul.has(Modifier::Ftz) != add.has(Modifier::Ftz) ||
      mul.type != add.type || !mul.ops[0].isReg() || mentions[mul.ops[0].id] != 2)
    return false;
  RegId product = mul.ops[0].regId();
  size_t which = add.ops[1].isReg() && add.ops[1].regId() == product ? 1 : add.ops[2].isReg() && add.ops[2].regId() == product ? 2 : 0;
  if (which == 0)
    return false;
  *fma = add;
  fma->opcode = Opcode::Fma;
  fma->modifiers.clear();
  fma->modifiers.push_back(Modifier::Rn);
  if (add.has(Modifier::Ftz))
    fma->modifiers.push_back(Modifier::Ftz);
  if (add.has(Modifier::Sat))
    fma->modifiers.push_back(Modifier::Sat);
  fma->modifiers.push_back(add.type == Type::F32 ? Modifier::F32 : Modifier::F64);
  fma->ops = {add.ops[0], mul.ops[1], mul.ops[2], add.ops[3 - which]};
  return true;
}

} // namespace

void contractMulAdd(PassContext &ctx) {
  const std::vector<std::string> &targets = ctx.module.targets;
  if (std::find(targets.begin(), targets.end(), "debug") != targets.end())
    return;
  forEachFunction(ctx, [&](Function &f) {
    std::vector<uint32_t> mentions;
    // Per register: the latest instruction of the block being walked, before the current one,
    // that may write it (mayWrite's rule), found without searching back: kept as (block, index).
    struct Writer {
      uint32_t block = UINT32_MAX;
      uint32_t index = 0;
    };
    std::vector<Writer> lastWriter; // sized at the first block with something to contract
    constexpr size_t kNoWriter = SIZE_MAX;
    for (uint32_t bi = 0; bi < f.blocks.size(); ++bi) {
      Block &b = f.blocks[bi];
      if (std::none_of(b.insts.begin(), b.insts.end(), [](const Inst &in) { return isContractible(in, Opcode::Add); }))
        continue; // most blocks of most modules: no table to keep
      if (lastWriter.empty())
        lastWriter.resize(f.regs.size());
      auto writerOf = [&](RegId r) -> size_t {
        const Writer &w = lastWriter[r.index()];
        return w.block == bi ? w.index : kNoWriter;
      };
      auto recordWrites = [&](const Inst &in, uint32_t index) {
        if (in.ops.empty())
          return;
        const Operand &o = in.ops[0];
        if (o.kind == OperandKind::Reg && !o.address)
          lastWriter[o.id] = {bi, index};
        else if (o.kind == OperandKind::Vector)
          for (int64_t k = 0; k < o.value; ++k) {
            const Operand &element = f.vectorElements[o.id + static_cast<size_t>(k)];
            if (element.kind == OperandKind::Reg)
              lastWriter[element.id] = {bi, index};
          }
      };
      std::vector<size_t> contracted; // indices of multiplies folded into an fma
      for (size_t i = 0; i < b.insts.size(); ++i) {
        Inst &in = b.insts[i];
        const bool add = isContractible(in, Opcode::Add);
        for (size_t k = 1; k <= 2 && add; ++k) {
          if (!in.ops[k].isReg())
            continue;
          // The nearest earlier writer of this operand, if it is a contractible multiply
          // whose operands are not written in between.
          size_t m = writerOf(in.ops[k].regId());
          if (m == kNoWriter || !isContractible(b.insts[m], Opcode::Mul))
            continue;
          bool clobbered = false;
          for (size_t s = 1; s <= 2; ++s) {
            const Operand &source = b.insts[m].ops[s];
            size_t w = source.isReg() ? writerOf(source.regId()) : kNoWriter;
            clobbered |= w != kNoWriter && w > m;
          }
          if (clobbered)
            continue;
          if (mentions.empty())
            mentions = countRegisterMentions(f);
          Inst fma;
          if (!contract(b, m, in, mentions, &fma))
            continue;
          in = std::move(fma);
          contracted.push_back(m);
          break;
        }
        recordWrites(in, static_cast<uint32_t>(i));
      }
      if (contracted.empty())
        continue;
      std::sort(contracted.begin(), contracted.end());
      std::vector<Inst> kept;
      kept.reserve(b.insts.size() - contracted.size());
      for (size_t i = 0, c = 0; i < b.insts.size(); ++i) {
        if (c < contracted.size() && contracted[c] == i) {
          ++c;
          continue;
        }
        kept.push_back(std::move(b.insts[i]));
      }
      b.insts = std::move(kept);
    }
  });
}

} // namespace p2m::passes
