// lower-rounding-and-ftz: what MSL does not promise becomes a call of an exact helper
// (emitters/msl/support: f32_ops.h, half_ops.h, cvt_ops.h). MSL guarantees IEEE round-to-
// nearest add/sub/mul/fma and nothing about division or square root (METAL.md), so:
//  * f32 add/sub/mul/fma/mad with .rz/.rm/.rp, every div/rcp/sqrt, and the .approx functions
//    (within PTX's documented bounds) call helpers; abs/neg/min/max/copysign/testp too, for
//    PTX's NaN and signed-zero rules;
//  * f16/bf16 arithmetic beyond plain RN add/sub/mul, and every cvt that involves a
//    floating-point type (f64 excepted: lower-fp64), fp8 pairs included, call helpers;
//  * .ftz on f32 arithmetic MSL does itself is dropped when the target flushes f32 subnormals
//    (Apple GPUs in hardware, DESIGN.md numeric policy; the host backend reproduces it), and
//    non-.ftz f32 arithmetic is then the documented deviation, recorded as a feature of the
//    kernel. For a target that keeps subnormals (Options::f32Subnormals) the operands and the
//    result of such .ftz arithmetic are flushed explicitly. A helper's .ftz operands and f32
//    result are flushed explicitly for every target: helpers build results on the bits, which
//    no hardware flushes.
//  * fma.rz/.rm/.rp whose exact result provably stays in the addend's binade (the operands'
//    ranges: constants and .sat results, F32Ranges.h) call a short form of the helper: expf's
//    range reduction fma.rm(sat(x), 252, 1.5 * 2^23 + 1) is two fmas and a step on the bits;
//  * abs/neg of a NaN give the canonical NaN on NVIDIA GPUs, except in the copysign that
//    compilers spell `selp(neg(abs x), abs x, p)`, which ptxas turns into bit operations that
//    keep the NaN's payload (tests/exec float_misc, clang variants); that shape is lowered to
//    bit operations here too.
#include "passes/F32Ranges.h"
#include "passes/LowerUtil.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <tuple>

#include <fmt/format.h>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

std::string roundingOf(const Inst &in) {
  for (Modifier m : in.modifiers)
    switch (m) {
    case Modifier::Rn: case Modifier::Rz: case Modifier::Rm: case Modifier::Rp: case Modifier::Rni:
    case Modifier::Rzi: case Modifier::Rmi: case Modifier::Rpi: case Modifier::Rna:
      return std::string(ptx::spelling(m));
    default:
      break;
    }
  return {};
}

namespace {

bool touchesF64(const Inst &in) { return in.type == Type::F64 || in.type2 == Type::F64; }

// The operands after the destination (a view: makeCall copies them).
llvm::ArrayRef<Operand> sources(const Inst &in) { return llvm::ArrayRef<Operand>(in.ops).drop_front(); }

// `.ftz` on an operation a helper computes: flush the f32 sources explicitly (exact on any
// target, whatever the hardware does with subnormal inputs).
void flushSources(Module &m, Function &f, Inst &in, std::vector<Inst> &out, Type sourceType) {
  if (!in.has(Modifier::Ftz) || sourceType != Type::F32)
    return;
  for (size_t i = 1; i < in.ops.size(); ++i) {
    Operand &o = in.ops[i];
    if (o.kind != OperandKind::Reg || f.reg(o.regId()).type == Type::Pred)
      continue;
    RegId t = newTemp(f, Type::F32);
    out.push_back(makeCall(m, in, m.internHelper(Helper::CvtFtzF32), Type::F32, Operand::reg(t), {o}, {Type::F32}));
    o = Operand::reg(t);
  }
}

// Appends `in` with its f32 result flushed: `in` writes a temporary that p2m_cvt_ftz_f32 (under
// the same guard) copies to the destination.
void pushWithFlushedResult(Module &m, Function &f, Inst in, std::vector<Inst> &out) {
  Operand dst = in.ops[0];
  RegId t = newTemp(f, Type::F32);
  in.ops[0] = Operand::reg(t);
  Inst flush = makeCall(m, in, m.internHelper(Helper::CvtFtzF32), Type::F32, dst, {Operand::reg(t)}, {Type::F32});
  out.push_back(std::move(in));
  out.push_back(std::move(flush));
}

// Registers written by the abs and the neg of a copysign spelled `selp.f32 d, N, A, p` (or
// `d, A, N, p`) with `abs.f32 A, x` and `neg.f32 N, A`, each written once and read only there.
// Empty when the function has no such abs or neg (most functions: no tables to fill).
std::vector<uint8_t> copysignSelectOperands(const Function &f) {
  auto candidate = [](const Inst &in) {
    return (in.isPtx(Opcode::Abs) || in.isPtx(Opcode::Neg)) && in.type == Type::F32 && !in.has(Modifier::Ftz) &&
           in.guard == kNone && in.ops.size() == 2 && in.ops[0].isReg() && in.ops[1].isReg();
  };
  if (std::none_of(f.blocks.begin(), f.blocks.end(),
                   [&](const Block &b) { return std::any_of(b.insts.begin(), b.insts.end(), candidate); }))
    return {};
  std::vector<const Inst *> def(f.regs.size(), nullptr);
  for (const Block &b : f.blocks)
    for (const Inst &in : b.insts)
      if (candidate(in))
        def[in.ops[0].id] = &in;
  std::vector<uint32_t> mentions = countRegisterMentions(f);
  auto is = [&](RegId r, Opcode op) { return def[r.index()] && def[r.index()]->opcode == op; };
  std::vector<uint8_t> marked(f.regs.size(), 0);
  for (const Block &b : f.blocks)
    for (const Inst &in : b.insts) {
      if (!in.isPtx(Opcode::Selp) || in.type != Type::F32 || in.ops.size() != 4 || !in.ops[1].isReg() ||
          !in.ops[2].isReg())
        continue;
      for (auto [n, a] : {std::pair{in.ops[1].regId(), in.ops[2].regId()}, std::pair{in.ops[2].regId(), in.ops[1].regId()}})
        if (is(n, Opcode::Neg) && is(a, Opcode::Abs) && def[n.index()]->ops[1].regId() == a && mentions[n.index()] == 2 &&
            mentions[a.index()] == 3)
          marked[n.index()] = marked[a.index()] = 1;
    }
  return marked;
}

bool hasDirectedF32Fma(const Function &f) {
  for (const Block &b : f.blocks)
    for (const Inst &in : b.insts)
      if ((in.isPtx(Opcode::Fma) || in.isPtx(Opcode::Mad)) && in.type == Type::F32 && in.ops.size() == 4 &&
          (in.has(Modifier::Rz) || in.has(Modifier::Rm) || in.has(Modifier::Rp)))
        return true;
  return false;
}

// The bit operation standing for abs or neg in such a copysign: x with the sign of +0 or -0.
Inst signBitsOf(Module &m, const Inst &in) {
  Operand zero = Operand::imm(in.opcode == Opcode::Neg ? 0x80000000 : 0);
  zero.floatBits = 'f';
  return makeCall(m, in, m.internHelper(Helper::CopysignF32), Type::F32, in.ops[0], {zero, in.ops[1]}, {Type::F32, Type::F32});
}

// Whether fma.rz/.rm/.rp's exact a * b + c lies in c's binade for every value the operands can
// have (F32Ranges), with nothing subnormal on the way: then p2m_fma_*_in_binade_f32 rounds it
// from the hardware's fma and one more (f32_ops.h). Conditions, for binade [2^e, 2^(e+1)):
//  * c and the sum's interval (widened outward by a double's rounding) inside it, e <= 125;
//  * every nonzero product of normal operands at least 2^-126, so that an exact residual
//    a * b (when r1 = c) is normal;
//  * e >= -55: a nonzero residual a * b - (r1 - c) is then a multiple of 2^(e - 71) (|a b| is
//    at least 2^(e - 24) when r1 != c), hence normal.
// A .ftz operand may be flushed to zero first: its interval takes in 0.
bool sumStaysInAddendBinade(const F32Ranges &ranges, const Inst &in) {
  if (in.ops.size() != 4)
    return false;
  std::optional<F32Interval> v[3];
  for (size_t i = 0; i < 3; ++i) {
    v[i] = ranges.of(in.ops[i + 1]);
    if (!v[i])
      return false;
    if (in.has(Modifier::Ftz) && in.ops[i + 1].isReg())
      v[i] = F32Interval{std::min(v[i]->lo, 0.0), std::max(v[i]->hi, 0.0)};
  }
  const F32Interval &a = *v[0], &b = *v[1], &c = *v[2];
  double corners[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi}; // exact: 24 x 24 bits
  double lo = std::nextafter(*std::min_element(std::begin(corners), std::end(corners)) + c.lo, -HUGE_VAL);
  double hi = std::nextafter(*std::max_element(std::begin(corners), std::end(corners)) + c.hi, HUGE_VAL);
  if (c.hi < 0.0) // the mirror image
    std::tie(lo, hi) = std::pair{-hi, -lo};
  else if (c.lo <= 0.0)
    return false;
  double cMin = std::min(std::fabs(c.lo), std::fabs(c.hi)), cMax = std::max(std::fabs(c.lo), std::fabs(c.hi));
  int e = std::ilogb(cMin);
  double bottom = std::ldexp(1.0, e), top = std::ldexp(1.0, e + 1);
  if (e < -55 || e > 125 || cMax >= top || lo < bottom || hi >= top)
    return false;
  auto smallestNormal = [](const F32Interval &x) {
    double least = x.lo <= 0.0 && x.hi >= 0.0 ? 0.0 : std::min(std::fabs(x.lo), std::fabs(x.hi));
    return std::max(least, 0x1p-126);
  };
  return smallestNormal(a) * smallestNormal(b) >= 0x1p-126;
}

// The .approx.f32 helper of rsqrt, sin, cos, lg2, ex2 (without .ftz) and tanh.
Helper approximationF32(Opcode op) {
  switch (op) {
  case Opcode::Rsqrt: return Helper::RsqrtApproxF32;
  case Opcode::Sin: return Helper::SinApproxF32;
  case Opcode::Cos: return Helper::CosApproxF32;
  case Opcode::Lg2: return Helper::Lg2ApproxF32;
  case Opcode::Ex2: return Helper::Ex2ApproxF32;
  default: return Helper::TanhApproxF32;
  }
}

bool lowerF32(Module &m, Function &f, Inst &in, std::vector<Inst> &out, const F32Ranges *ranges, HelperNames &names) {
  std::string rnd = roundingOf(in);
  // The helper's operands are `arity` f32 values (a constant list: most instructions seen
  // here are left as they are, and building lists for them cost three allocations each).
  static constexpr Type kF32Operands[] = {Type::F32, Type::F32, Type::F32};
  auto call = [&](uint32_t name, Type rt, size_t arity) {
    flushSources(m, f, in, out, Type::F32);
    Inst c = makeCall(m, in, name, rt, in.ops[0], sources(in), llvm::ArrayRef<Type>(kF32Operands, arity));
    if (in.has(Modifier::Ftz) && rt == Type::F32)
      pushWithFlushedResult(m, f, std::move(c), out);
    else
      out.push_back(std::move(c));
    return true;
  };
  constexpr size_t one = 1, two = 2, three = 3;
  switch (in.opcode) {
  case Opcode::Add: case Opcode::Sub: case Opcode::Mul:
    if (rnd == "rz" || rnd == "rm" || rnd == "rp") {
      Helper h = in.opcode == Opcode::Add ? Helper::AddF32 : in.opcode == Opcode::Sub ? Helper::SubF32 : Helper::MulF32;
      return call(names.get(h, {rnd}), Type::F32, two);
    }
    return false;
  case Opcode::Fma: case Opcode::Mad:
    if (rnd == "rz" || rnd == "rm" || rnd == "rp") {
      bool inBinade = ranges && sumStaysInAddendBinade(*ranges, in);
      return call(names.get(inBinade ? Helper::FmaInBinadeF32 : Helper::FmaF32, {rnd}), Type::F32, three);
    }
    return false;
  case Opcode::Div:
    if (in.has(Modifier::Approx))
      return call(names.get(Helper::DivApproxF32), Type::F32, two);
    if (in.has(Modifier::Full))
      return call(names.get(Helper::DivFullF32), Type::F32, two);
    return call(names.get(Helper::DivF32, {rnd.empty() ? "rn" : rnd}), Type::F32, two);
  case Opcode::Rcp: case Opcode::Sqrt:
    if (in.has(Modifier::Approx))
      return call(names.get(in.opcode == Opcode::Rcp ? Helper::RcpApproxF32 : Helper::SqrtApproxF32), Type::F32, one);
    return call(names.get(in.opcode == Opcode::Rcp ? Helper::RcpF32 : Helper::SqrtF32, {rnd.empty() ? "rn" : rnd}),
                Type::F32, one);
  case Opcode::Rsqrt: case Opcode::Sin: case Opcode::Cos: case Opcode::Lg2: case Opcode::Ex2:
  case Opcode::Tanh:
    if (in.opcode == Opcode::Ex2 && in.has(Modifier::Ftz)) {
      // Its own .ftz form: flushes its result without a separate pass over the bits, and its
      // operand needs none (f32_ops.h).
      out.push_back(makeCall(m, in, names.get(Helper::Ex2ApproxFtzF32), Type::F32, in.ops[0], sources(in),
                             llvm::ArrayRef<Type>(kF32Operands, 1)));
      return true;
    }
    return call(names.get(approximationF32(in.opcode)), Type::F32, one);
  case Opcode::Abs: case Opcode::Neg:
    return call(names.get(in.opcode == Opcode::Abs ? Helper::AbsF32 : Helper::NegF32), Type::F32, one);
  case Opcode::Min: case Opcode::Max: {
    if (in.ops.size() != 3)
      return false;
    const bool min = in.opcode == Opcode::Min;
    Helper h = in.has(Modifier::NaN)       ? (min ? Helper::MinNanF32 : Helper::MaxNanF32)
               : in.has(Modifier::Xorsign) ? (min ? Helper::MinXorsignAbsF32 : Helper::MaxXorsignAbsF32)
                                           : (min ? Helper::MinF32 : Helper::MaxF32);
    return call(names.get(h), Type::F32, two);
  }
  case Opcode::Copysign:
    return call(names.get(Helper::CopysignF32), Type::F32, two);
  case Opcode::Testp: {
    std::string kind;
    for (Modifier mm : in.modifiers)
      if (mm == Modifier::Finite || mm == Modifier::Infinite || mm == Modifier::Number ||
          mm == Modifier::Notanumber || mm == Modifier::Normal || mm == Modifier::Subnormal)
        kind = std::string(ptx::spelling(mm));
    return call(names.get(Helper::TestpF32, {kind}), Type::Pred, one);
  }
  default:
    return false;
  }
}

// Whether lowerF32 rewrites `in` (an f32 instruction it is asked about): in step with its
// cases, so that the f32 arithmetic it leaves as it is (add/sub/mul/fma to nearest, most of a
// float kernel) is not moved out of its block and back.
bool lowerF32Rewrites(const Inst &in) {
  switch (in.opcode) {
  case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Fma: case Opcode::Mad:
    // A directed rounding: roundingOf(in) is "rz", "rm" or "rp" (its first rounding modifier).
    for (Modifier m : in.modifiers)
      switch (m) {
      case Modifier::Rz: case Modifier::Rm: case Modifier::Rp:
        return true;
      case Modifier::Rn: case Modifier::Rni: case Modifier::Rzi: case Modifier::Rmi: case Modifier::Rpi:
      case Modifier::Rna:
        return false;
      default:
        break;
      }
    return false;
  case Opcode::Div: case Opcode::Rcp: case Opcode::Sqrt: case Opcode::Rsqrt: case Opcode::Sin:
  case Opcode::Cos: case Opcode::Lg2: case Opcode::Ex2: case Opcode::Tanh: case Opcode::Abs:
  case Opcode::Neg: case Opcode::Copysign: case Opcode::Testp:
    return true;
  case Opcode::Min: case Opcode::Max:
    return in.ops.size() == 3;
  default:
    return false;
  }
}

// Whether lowerHalf rewrites `in` (in step with its cases).
bool lowerHalfRewrites(const Inst &in) {
  switch (in.opcode) {
  case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Fma: case Opcode::Mad:
  case Opcode::Abs: case Opcode::Neg: case Opcode::Min: case Opcode::Max: case Opcode::Ex2:
  case Opcode::Tanh:
    return true;
  default:
    return false;
  }
}

// Half-precision kernels lower most of their arithmetic here (a cuBLASLt module: 110,000
// instructions), so the helper names come from the function's memory of them and the argument
// types live inline.
bool lowerHalf(Module &m, Inst &in, std::vector<Inst> &out, HelperNames &names) {
  Type t = in.type;
  std::string_view ts = spelling(t);
  std::string rnd = roundingOf(in);
  size_t n = in.ops.size() - 1;
  llvm::SmallVector<Type, 4> types(n, t);
  auto call = [&](uint32_t name, Type rt) {
    out.push_back(makeCall(m, in, name, rt, in.ops[0], sources(in), types));
    return true;
  };
  switch (in.opcode) {
  case Opcode::Add: case Opcode::Sub: case Opcode::Mul:
    // Through the helpers even when MSL's half arithmetic would round the same: NaN results
    // must be NVIDIA's canonical 0x7FFF, not whatever the GPU's half unit returns.
    return call(names.get(in.opcode == Opcode::Add   ? Helper::AddHalf
                          : in.opcode == Opcode::Sub ? Helper::SubHalf
                                                     : Helper::MulHalf,
                          {(rnd.empty() ? "rn" : rnd) + (in.has(Modifier::Ftz) ? "_ftz" : ""), ts}),
                t);
  case Opcode::Fma: case Opcode::Mad:
    return call(names.get(Helper::FmaHalf, {(rnd.empty() ? "rn" : rnd) + (in.has(Modifier::Ftz) ? "_ftz" : "") +
                                                (in.has(Modifier::Relu) ? "_relu" : ""),
                                            ts}),
                t);
  case Opcode::Abs: case Opcode::Neg:
    return call(names.get(in.opcode == Opcode::Abs ? Helper::AbsHalf : Helper::NegHalf, {ts}), t);
  case Opcode::Min: case Opcode::Max:
    return call(names.get(in.opcode == Opcode::Min ? Helper::MinHalf : Helper::MaxHalf,
                          {in.has(Modifier::NaN) ? "_nan" : "", ts}),
                t);
  case Opcode::Ex2: case Opcode::Tanh:
    return call(names.get(in.opcode == Opcode::Ex2 ? Helper::Ex2ApproxHalf : Helper::TanhApproxHalf,
                          {in.has(Modifier::Ftz) ? "_ftz" : "", ts}),
                t);
  default:
    return false;
  }
}

// The f32 instructions lowerF32 is not asked about (MSL computes them as PTX does).
bool leftAsF32(Opcode op) {
  return op == Opcode::Setp || op == Opcode::Set || op == Opcode::Selp || op == Opcode::Slct || op == Opcode::Mov ||
         op == Opcode::Ld || op == Opcode::St || op == Opcode::Atom || op == Opcode::Red || op == Opcode::Shfl;
}

bool isHalf(Type t) { return t == Type::F16 || t == Type::BF16 || t == Type::F16x2 || t == Type::BF16x2; }

// The half-precision instructions lowerHalf is not asked about.
bool leftAsHalf(Opcode op) {
  return op == Opcode::Setp || op == Opcode::Mov || op == Opcode::Ld || op == Opcode::St || op == Opcode::Atom ||
         op == Opcode::Red || op == Opcode::Selp;
}

bool lowerCvt(Module &m, Function &f, Inst &in, std::vector<Inst> &out, HelperNames &names) {
  Type dt = in.type, st = in.type2;
  if (!isFloat(dt) && !isFloat(st))
    return false;
  flushSources(m, f, in, out, st);
  std::string rnd = roundingOf(in);
  std::string extra;
  if (in.has(Modifier::Relu))
    extra += "_relu";
  if (in.has(Modifier::Satfinite))
    extra += "_satfinite";
  if (in.has(Modifier::E4m3x2) || in.has(Modifier::E5m2x2)) {
    // fp8 pairs (b16 in the IR; the IR builder admits only these forms):
    // p2m_cvt_rn[_relu]_f16x2_<f8x2>(b16), p2m_cvt_rn[_relu]_satfinite_<f8x2>_{f16x2,f32}.
    std::string_view f8 = in.has(Modifier::E4m3x2) ? "e4m3x2" : "e5m2x2";
    uint32_t fp8Name = dt == Type::F16x2 ? m.internHelper(Helper::CvtFp8ToF16x2, {extra, f8})
                                         : m.internHelper(Helper::CvtToFp8, {extra, f8, spelling(st)});
    out.push_back(makeCall(m, in, fp8Name, dt, in.ops[0], sources(in), std::vector<Type>(in.ops.size() - 1, st)));
    return true;
  }
  for (Modifier pair : {Modifier::E2m1x2, Modifier::E2m3x2, Modifier::E3m2x2, Modifier::Ue8m0x2}) {
    if (!in.has(pair))
      continue;
    // The OCP MX pairs (b8/b16 in the IR; the IR builder admits only the ISA's forms):
    // p2m_cvt_<rnd>[_relu][_satfinite]_<dst>_<src>, the pair spelled by its format.
    std::string_view format = ptx::spelling(pair);
    std::string_view dst = isFloat(dt) ? spelling(dt) : format, src = isFloat(st) ? spelling(st) : format;
    uint32_t name = m.internHelper(Helper::Cvt, {rnd + extra, dst, src});
    out.push_back(makeCall(m, in, name, dt, in.ops[0], sources(in), std::vector<Type>(in.ops.size() - 1, st)));
    return true;
  }
  uint32_t name = kNone;
  if (dt == st && dt == Type::F32 && rnd.empty()) {
    // cvt.ftz.f32.f32 (flush; free on a flushing target) or cvt.sat.f32.f32 (insert-saturation
    // did it). Its source is flushed above.
    in.opcode = Opcode::Mov;
    in.modifiers.erase(std::remove(in.modifiers.begin(), in.modifiers.end(), Modifier::Ftz), in.modifiers.end());
    out.push_back(std::move(in));
    return true;
  }
  if ((dt == Type::F16x2 || dt == Type::BF16x2) && st == Type::F32) {
    out.push_back(makeCall(m, in, m.internHelper(Helper::Cvt, {(rnd.empty() ? "rn" : rnd) + extra, spelling(dt), "f32"}),
                           dt, in.ops[0], sources(in), {Type::F32, Type::F32}));
    return true;
  }
  if (!isFloat(dt) && (st == Type::F32 || st == Type::F16 || st == Type::BF16) &&
      (rnd == "rni" || rnd == "rzi" || rnd == "rmi" || rnd == "rpi")) {
    // cvt.<irnd>.<int>.<float>: p2m_cvt_f32_to_<int>(x, mode), an f16 or bf16 source widened to
    // f32 first (exact; a NaN stays a NaN).
    Operand x = in.ops[1];
    if (st != Type::F32) {
      RegId wide = newTemp(f, Type::F32);
      out.push_back(makeCall(m, in, m.internHelper(Helper::CvtWiden, {"f32", spelling(st)}), Type::F32,
                             Operand::reg(wide), {x}, {st}));
      x = Operand::reg(wide);
    }
    out.push_back(makeCall(m, in, m.internHelper(Helper::CvtF32ToInt, {spelling(dt)}), dt, in.ops[0],
                           {x, roundingModeArgument(rnd)}, {Type::F32, Type::S32}));
    return true;
  }
  if (isFloat(dt) && isFloat(st) && bitWidth(dt) > bitWidth(st))
    name = names.get(Helper::CvtWiden, {spelling(dt), spelling(st)}); // exact widening
  else
    name = names.get(Helper::Cvt, {(rnd.empty() ? "rn" : rnd) + extra, spelling(dt), spelling(st)});
  out.push_back(makeCall(m, in, name, dt, in.ops[0], sources(in), {st}));
  return true;
}

} // namespace

void lowerRoundingAndFtz(PassContext &ctx) {
  Module &m = ctx.module;
  forEachFunction(ctx, [&](Function &f) {
    std::vector<uint8_t> copysignParts = copysignSelectOperands(f);
    HelperNames helperNames(m); // the conversions' (a function converts thousands of values)
    // Operand ranges, for the few functions with a directed-rounding fma (before any rewrite).
    std::optional<F32Ranges> ranges;
    if (hasDirectedF32Fma(f))
      ranges.emplace(m, f);
    // The instructions the rewrite below changes, in step with it: those it would put back as
    // they are (integer conversions, f32 arithmetic to nearest, loads and moves of floats)
    // stay where they are.
    auto needs = [&](const Inst &in) {
      if (in.irop != IrOp::Ptx || in.ops.empty() || touchesF64(in))
        return false;
      if ((in.opcode == Opcode::Abs || in.opcode == Opcode::Neg) && in.ops[0].isReg() && !copysignParts.empty() &&
          copysignParts[in.ops[0].id])
        return true;
      if (in.opcode == Opcode::Cvt)
        return isFloat(in.type) || isFloat(in.type2); // lowerCvt leaves integer conversions
      if (in.type == Type::F32)
        return in.has(Modifier::Ftz) || (!leftAsF32(in.opcode) && lowerF32Rewrites(in));
      return isHalf(in.type) && !leftAsHalf(in.opcode) && lowerHalfRewrites(in);
    };
    auto rewrite = [&](Inst &in, std::vector<Inst> &out) {
      if (in.irop != IrOp::Ptx || in.ops.empty() || touchesF64(in)) {
        out.push_back(std::move(in));
        return true;
      }
      bool done = false;
      if ((in.opcode == Opcode::Abs || in.opcode == Opcode::Neg) && in.ops[0].isReg() && !copysignParts.empty() &&
          copysignParts[in.ops[0].id]) {
        out.push_back(signBitsOf(m, in));
        return true;
      }
      if (in.opcode == Opcode::Cvt)
        done = lowerCvt(m, f, in, out, helperNames);
      else if (in.type == Type::F32 && !leftAsF32(in.opcode))
        done = lowerF32(m, f, in, out, ranges ? &*ranges : nullptr, helperNames);
      else if (isHalf(in.type) && !leftAsHalf(in.opcode))
        done = lowerHalf(m, in, out, helperNames);
      if (!done && in.type == Type::F32 && in.has(Modifier::Ftz)) {
        // Arithmetic and comparisons MSL does itself (add/sub/mul/fma .rn, setp).
        bool flushExplicitly = ctx.options.target.f32Subnormals == F32Subnormals::Keep;
        if (flushExplicitly)
          flushSources(m, f, in, out, Type::F32);
        in.modifiers.erase(std::remove(in.modifiers.begin(), in.modifiers.end(), Modifier::Ftz), in.modifiers.end());
        bool writesF32 = in.ops[0].isReg() && f.regs[in.ops[0].id].type == Type::F32; // not setp's predicate
        if (flushExplicitly && writesF32)
          pushWithFlushedResult(m, f, std::move(in), out);
        else
          out.push_back(std::move(in));
        return true;
      }
      if (!done)
        out.push_back(std::move(in));
      return true;
    };
    // `needs` restates the rewrite's cases: under P2M_VERIFY_IR, every instruction it passes over
    // goes through the rewrite as well (a copy), which must give it back unchanged — a case added
    // to the rewrite but not to `needs` is an internal error, not a silently skipped instruction.
    std::vector<Inst> unchanged;
    auto applies = [&](const Inst &in) {
      if (needs(in))
        return true;
      if (ctx.options.verifyIr) {
        Inst copy = in;
        unchanged.clear();
        if (!rewrite(copy, unchanged) || unchanged.size() != 1 || !(unchanged[0] == in)) {
          std::fprintf(stderr, "ptx2metal: internal error: lower-rounding-and-ftz passed over an instruction "
                               "it rewrites (PTX offset %u)\n", in.srcOffset);
          std::abort();
        }
      }
      return false;
    };
    rewriteBlocks(f, applies, rewrite);
  });
}

} // namespace p2m::passes
