#include "ir/ForwardableValues.h"

#include "ir/OperandTypes.h"

#include <algorithm>
#include <array>

namespace p2m::ir {

using ptx::Modifier;
using ptx::Opcode;

namespace {

// What evaluating an instruction's result does besides computing it.
enum class Effect : uint8_t {
  None,      // a function of its operands (and of facts fixed for the launch)
  ReadsMemory, // a plain load: its value depends on memory as well
  Other,     // writes memory, synchronizes, or changes state (the rest, when in doubt)
};

// Helpers of these support headers take and return values and nothing else (Helpers.def says
// so where it lists them): no memory, no context, no other threads.
bool isValueHelperRow(Helper h) {
  std::string_view header = helperInfo(h).header;
  return header == "int_ops.h" || header == "f32_ops.h" || header == "cvt_ops.h" || header == "half_ops.h" ||
         header == "fp64.h" || header == "fp64_demote.h" || h == Helper::CanonF32;
}

// The rows of the registry, in order, and which are value helpers (worked out once).
constexpr size_t kHelperRows = 0
#define P2M_HELPER(Id, header, name, nan, space, msl) +1
#include "ir/Helpers.def"
#undef P2M_HELPER
    ;

bool isValueHelper(Helper h) {
  static const auto table = [] {
    std::array<bool, kHelperRows> t{};
    for (size_t i = 0; i < kHelperRows; ++i)
      t[i] = isValueHelperRow(static_cast<Helper>(i));
    return t;
  }();
  return table[static_cast<size_t>(h)];
}

bool isPlainLoad(const Inst &in) {
  if (!in.isPtx(Opcode::Ld) && !in.isPtx(Opcode::Ldu))
    return false;
  for (Modifier m : in.modifiers)
    if (m == Modifier::Volatile || m == Modifier::Relaxed || m == Modifier::Acquire || m == Modifier::Release ||
        m == Modifier::Mmio)
      return false;
  return true;
}

Effect effectOf(const Module &m, const Inst &in) {
  switch (in.irop) {
  case IrOp::Convert:
  case IrOp::AddressOf: return Effect::None;
  case IrOp::ReadSpecial: {
    // The clocks advance at each read (the emitter's ++ctx.clock); the rest are fixed.
    auto sp = static_cast<Special>(in.ops.size() > 1 ? in.ops[1].id : 0);
    bool moves = sp == Special::Clock || sp == Special::Clock64 || sp == Special::GlobalTimer ||
                 sp == Special::GlobalTimerLo || sp == Special::GlobalTimerHi;
    return moves ? Effect::Other : Effect::None;
  }
  case IrOp::Call: {
    if (in.name == kNone || in.ops.empty() || !isValueHelper(m.helpers[in.name]))
      return Effect::Other;
    for (size_t i = 1; i < in.ops.size(); ++i)
      if (in.ops[i].address || (in.ops[i].kind != OperandKind::Reg && in.ops[i].kind != OperandKind::Imm))
        return Effect::Other; // an address or the context: not a function of values alone
    return Effect::None;
  }
  case IrOp::Ptx: break;
  }
  if (isPlainLoad(in))
    return Effect::ReadsMemory;
  if (in.has(Modifier::Cc))
    return Effect::Other; // writes the carry flag
  switch (in.opcode) {
  case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Mad: case Opcode::Fma:
  case Opcode::Mul24: case Opcode::Mad24: case Opcode::Div: case Opcode::Rem: case Opcode::Abs:
  case Opcode::Neg: case Opcode::Min: case Opcode::Max:
  case Opcode::And: case Opcode::Or: case Opcode::Xor: case Opcode::Not: case Opcode::Cnot:
  case Opcode::Shl: case Opcode::Shr: case Opcode::Popc: case Opcode::Clz: case Opcode::Brev:
  case Opcode::Bfind: case Opcode::Bfe: case Opcode::Bfi: case Opcode::Prmt: case Opcode::Lop3:
  case Opcode::Shf: case Opcode::Bmsk: case Opcode::Szext: case Opcode::Sad: case Opcode::Dp4a:
  case Opcode::Dp2a: case Opcode::Vadd4: case Opcode::Vsub4: case Opcode::Vabsdiff4: case Opcode::Vmin4:
  case Opcode::Vmax4: case Opcode::Vshl: case Opcode::Vshr: case Opcode::Vadd: case Opcode::Vsub:
  case Opcode::Vabsdiff: case Opcode::Vmin: case Opcode::Vmax: case Opcode::Vset: case Opcode::Vmad:
  case Opcode::Setp: case Opcode::Set: case Opcode::Selp: case Opcode::Slct: case Opcode::Mov:
  case Opcode::Cvt: case Opcode::Cvta: case Opcode::Isspacep: case Opcode::Createpolicy:
    for (const Operand &o : in.ops)
      if (o.address || o.kind == OperandKind::Special || o.kind == OperandKind::Symbol)
        return Effect::Other;
    return Effect::None;
  default: return Effect::Other; // addc/subc/madc read the carry flag; the rest act
  }
}

// Calls fn(register) for each register `in` may write: its first operand, or the elements of it
// (mayWrite's rule), whether or not the instruction counts it as a destination; and a predicate
// argument of a helper that is not a value helper, which may be an output it writes through a
// reference (shfl.sync's and match.all's predicate).
template <class F> void forEachWritten(const Module &m, const Function &f, const Inst &in, F &&fn) {
  if (in.ops.empty())
    return;
  const Operand &o = in.ops[0];
  if (o.kind == OperandKind::Reg && !o.address)
    fn(o.regId());
  else if (o.kind == OperandKind::Vector)
    for (int64_t k = 0; k < o.value; ++k) {
      const Operand &el = f.vectorElements[o.id + static_cast<size_t>(k)];
      if (el.kind == OperandKind::Reg)
        fn(el.regId());
    }
  if (in.irop == IrOp::Call && (in.name == kNone || !isValueHelper(m.helpers[in.name]))) {
    llvm::ArrayRef<Type> types = m.argTypes(in);
    for (size_t i = 1; i < in.ops.size() && i - 1 < types.size(); ++i)
      if (in.ops[i].isReg() && types[i - 1] == Type::Pred)
        fn(in.ops[i].regId());
  }
}

// Calls fn(register) for each register `in` reads: its guard and every operand but a written
// first one; a first operand that is no destination (bar's barrier number) counts as read too.
// `firstWritten`: whether destinationCount(in) > 0.
template <class F> void forEachRead(const Function &f, const Inst &in, bool firstWritten, F &&fn) {
  if (in.guard != kNone)
    fn(in.guard);
  const Operand *o = in.ops.begin(), *end = in.ops.end();
  if (o != end && firstWritten && !o->address)
    ++o;
  for (; o != end; ++o) {
    if (o->kind == OperandKind::Reg)
      fn(o->regId());
    else if (o->kind == OperandKind::Vector)
      for (int64_t k = 0; k < o->value; ++k) {
        const Operand &el = f.vectorElements[o->id + static_cast<size_t>(k)];
        if (el.kind == OperandKind::Reg)
          fn(el.regId());
      }
  }
}

// A value depending on more registers than this is not forwarded (bounds the analysis's work;
// the depth limit keeps real expressions far below it).
constexpr size_t kMaxSources = 32;

// What the analysis knows of a register: where it is written and read (counts, 2 meaning two
// or more, and the position in the walk over all blocks of its one write and one read; a read
// by a block's branch condition sits at the block's end, after its instructions), and, for a
// candidate whose definition qualified, what its value depends on. All zero at the start (a
// memset): positions are read only where a write or a read set them, and lastWrite and
// listedAt count positions from 1.
struct RegState {
  uint32_t defPos, usePos;
  uint32_t defBlock, useBlock;
  uint32_t lastWrite;     // 1 + the position of the last write so far in the second walk; 0: none
  uint32_t listedAt;      // 1 + the position whose sources list it last (drops repeats unsorted)
  uint32_t sourcesBegin;  // registers its value depends on, through forwarded values too: in `pool`
  uint8_t writes, reads;
  uint8_t sourceCount;
  uint8_t depth;
  bool candidate;         // written once and read once, later in the same block
  bool defined;           // its definition qualified (pure or a plain load, unguarded, not too deep)
  bool readsMemory;       // it or a value forwarded into it loads
  bool vectorElement;     // an element of a plain vector load
  void write(uint32_t block, uint32_t pos) {
    writes = writes < 2 ? writes + 1 : 2;
    defBlock = block;
    defPos = pos;
  }
  void read(uint32_t block, uint32_t pos) {
    reads = reads < 2 ? reads + 1 : 2;
    useBlock = block;
    usePos = pos;
  }
};

// What the second walk needs of an instruction, worked out in the first: the end of its
// registers in the walk's lists of written and read registers, and whether it may define a
// forwarded value.
struct InstFacts {
  uint32_t writtenEnd, readEnd;
  Effect effect;
  bool definesValue;  // unguarded, its first operand a destination, and no Effect::Other
  bool vectorDestination;
};

} // namespace

std::vector<Forwarding> findForwardableValues(const Module &m, const Function &f, unsigned maxDepth,
                                              std::vector<uint8_t> *named) {
  const size_t nr = f.regs.size();
  std::vector<Forwarding> result(nr, Forwarding::No);
  // Writes and reads of each register, and where the one write and the one read are. The
  // registers each instruction writes and reads are kept, in walk order, for the second walk.
  std::vector<RegState> regs(nr);
  std::vector<RegId> written, read;
  std::vector<InstFacts> facts;
  size_t instCount = 0;
  for (const Block &block : f.blocks)
    instCount += block.insts.size();
  written.reserve(instCount);
  read.reserve(2 * instCount);
  facts.reserve(instCount);
  uint32_t pos = 0;
  bool anyCandidate = false;
  for (uint32_t b = 0; b < f.blocks.size(); ++b) {
    const Block &block = f.blocks[b];
    for (const Inst &in : block.insts) {
      const bool firstWritten = destinationCount(in) > 0;
      const size_t writtenBegin = written.size();
      forEachWritten(m, f, in, [&](RegId r) {
        regs[r.index()].write(b, pos);
        written.push_back(r);
      });
      // A first operand that is no destination is read and written both: never a candidate.
      if (!firstWritten)
        for (size_t k = writtenBegin; k < written.size(); ++k)
          regs[written[k].index()].reads = 2;
      forEachRead(f, in, firstWritten, [&](RegId r) {
        regs[r.index()].read(b, pos);
        read.push_back(r);
      });
      const Effect effect = effectOf(m, in);
      facts.push_back({static_cast<uint32_t>(written.size()), static_cast<uint32_t>(read.size()), effect,
                       effect != Effect::Other && in.guard == kNone && firstWritten,
                       !in.ops.empty() && in.ops[0].kind == OperandKind::Vector});
      ++pos;
    }
    if (block.term.cond != kNone)
      regs[block.term.cond.index()].read(b, pos); // after the block's last instruction
  }
  // The walk saw every operand, element, guard and condition as a write or a read.
  if (named)
    named->resize(nr);
  for (size_t r = 0; r < nr; ++r) {
    RegState &s = regs[r];
    s.candidate = s.writes == 1 && s.reads == 1 && s.defBlock == s.useBlock && s.defPos < s.usePos;
    anyCandidate |= s.candidate;
    if (named)
      (*named)[r] = s.writes != 0 || s.reads != 0;
  }
  if (!anyCandidate)
    return result;

  // One walk in order: a value is decided at its use, from the writes since its definition.
  std::vector<RegId> pool; // the candidates' sources
  uint32_t lastEffect = 0; // 1 + the position of the last instruction with Effect::Other; 0: none
  auto decide = [&](uint32_t r) {
    const RegState &c = regs[r];
    if (!c.defined)
      return; // not a candidate definition (impure, guarded, too deep)
    const RegId *first = pool.data() + c.sourcesBegin;
    bool stable = std::none_of(first, first + c.sourceCount, [&](RegId s) { return regs[s.index()].lastWrite > c.defPos; });
    bool memoryStable = !c.readsMemory || lastEffect <= c.defPos;
    if (stable && memoryStable)
      result[r] = Forwarding::Value;
    else if (stable && c.vectorElement)
      result[r] = Forwarding::LoadedElement;
  };
  pos = 0;
  for (uint32_t b = 0; b < f.blocks.size(); ++b) {
    const Block &block = f.blocks[b];
    for (size_t end = pos + block.insts.size(); pos < end; ++pos) {
      const InstFacts &fact = facts[pos];
      const RegId *readsBegin = read.data() + (pos == 0 ? 0 : facts[pos - 1].readEnd);
      const RegId *readsEnd = read.data() + fact.readEnd;
      const RegId *writesBegin = written.data() + (pos == 0 ? 0 : facts[pos - 1].writtenEnd);
      const RegId *writesEnd = written.data() + fact.writtenEnd;
      // The values this instruction uses are decided before its own writes count.
      for (const RegId *r = readsBegin; r != readsEnd; ++r) {
        const RegState &s = regs[r->index()];
        if (s.candidate && s.usePos == pos)
          decide(r->index());
      }
      bool definesCandidate = false;
      if (fact.definesValue)
        for (const RegId *r = writesBegin; r != writesEnd; ++r)
          definesCandidate |= regs[r->index()].candidate;
      if (definesCandidate) {
        // What the instruction's value depends on: its sources and theirs where forwarded.
        bool readsMemory = fact.effect == Effect::ReadsMemory;
        const bool vectorElement = readsMemory && fact.vectorDestination;
        uint8_t depth = 1;
        // Listed at the pool's end, dropped again below where the value does not qualify.
        const uint32_t begin = static_cast<uint32_t>(pool.size());
        auto list = [&](RegId s) { // once each: a register's listedAt marks it listed here
          uint32_t &listed = regs[s.index()].listedAt;
          if (listed != pos + 1) {
            listed = pos + 1;
            pool.push_back(s);
          }
        };
        for (const RegId *s = readsBegin; s != readsEnd; ++s) {
          list(*s);
          if (result[s->index()] == Forwarding::No)
            continue;
          const RegState &sc = regs[s->index()];
          for (uint32_t k = sc.sourcesBegin, end = k + sc.sourceCount; k < end; ++k)
            list(pool[k]);
          readsMemory |= sc.readsMemory;
          depth = std::max<uint8_t>(depth, static_cast<uint8_t>(sc.depth + 1));
        }
        const size_t sourceCount = pool.size() - begin;
        if (depth > maxDepth || sourceCount > kMaxSources) {
          pool.resize(begin);
        } else {
          for (const RegId *r = writesBegin; r != writesEnd; ++r) {
            RegState &c = regs[r->index()];
            if (!c.candidate)
              continue;
            c.defined = true;
            c.defPos = pos;
            c.sourcesBegin = begin;
            c.sourceCount = static_cast<uint8_t>(sourceCount);
            c.depth = depth;
            c.readsMemory = readsMemory;
            c.vectorElement = vectorElement;
          }
        }
      }
      for (const RegId *r = writesBegin; r != writesEnd; ++r)
        regs[r->index()].lastWrite = pos + 1;
      if (fact.effect == Effect::Other)
        lastEffect = pos + 1;
    }
    if (block.term.cond != kNone) {
      const RegState &s = regs[block.term.cond.index()];
      if (s.candidate)
        decide(block.term.cond.index());
    }
  }
  return result;
}

} // namespace p2m::ir
