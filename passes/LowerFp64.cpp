// lower-fp64: Apple GPUs have no double. With --fp64=ieee (the default) every f64 operation
// calls the exact software binary64 of emitters/msl/support/fp64.h on the raw bits (registers,
// memory, shuffles and parameters keep the bits unchanged, so mov/ld/st/selp need nothing);
// the rounding mode is an argument. --fp64=demote does add, sub, mul, fma, div, rcp and sqrt in
// float instead (emitters/msl/support/fp64_demote.h: operands rounded to float, the result
// widened back exactly; everything else stays exact). --fp64=error makes f64 arithmetic a
// diagnostic.
#include "passes/LowerUtil.h"

#include <fmt/format.h>

#include <algorithm>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

namespace {

bool needsLowering(const Inst &in) {
  if (in.irop != IrOp::Ptx || (in.type != Type::F64 && in.type2 != Type::F64))
    return false;
  switch (in.opcode) {
  case Opcode::Mov: case Opcode::Ld: case Opcode::Ldu: case Opcode::St: case Opcode::Selp:
  case Opcode::Shfl:
    return false;
  default:
    return true;
  }
}

} // namespace

void lowerFp64(PassContext &ctx) {
  Module &m = ctx.module;
  forEachFunction(ctx, [&](Function &f) {
    auto needs = [](const Inst &in) { return needsLowering(in); };
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) {
      if (!needsLowering(in)) {
        out.push_back(std::move(in));
        return true;
      }
      if (ctx.options.target.fp64 == Fp64Mode::Error) {
        markUnsupported(f, in.srcOffset, "f64 arithmetic with --fp64=error");
        return false;
      }
      // The arithmetic that --fp64=demote does in float; the rest stays exact.
      const Helper arith = ctx.options.target.fp64 == Fp64Mode::Demote ? Helper::F64DemoteOp : Helper::F64Op;
      f.features |= kFeatureFp64;
      std::string rnd = roundingOf(in);
      std::string op(ptx::spelling(in.opcode));
      std::vector<Operand> src(in.ops.begin() + 1, in.ops.end());
      std::vector<Type> f64s(src.size(), Type::F64);
      auto call = [&](uint32_t name, Type rt, std::vector<Operand> args, std::vector<Type> types) {
        out.push_back(makeCall(m, in, name, rt, in.ops[0], std::move(args), std::move(types)));
      };
      auto withMode = [&](Helper h, std::string_view operation) {
        uint32_t name = m.internHelper(h, {operation});
        std::vector<Operand> args = src;
        std::vector<Type> types = f64s;
        args.push_back(roundingModeArgument(rnd));
        types.push_back(Type::S32);
        call(name, Type::F64, args, types);
      };
      bool ftz = in.has(Modifier::Ftz);
      switch (in.opcode) {
      case Opcode::Add: case Opcode::Sub: case Opcode::Mul: withMode(arith, op); break;
      case Opcode::Fma: case Opcode::Mad: withMode(arith, "fma"); break;
      case Opcode::Div: withMode(arith, "div"); break;
      case Opcode::Rcp:
        if (in.has(Modifier::Approx))
          call(m.internHelper(Helper::F64RcpApproxFtz), Type::F64, src, f64s);
        else
          withMode(arith, "rcp");
        break;
      case Opcode::Sqrt:
        if (in.has(Modifier::Approx))
          call(m.internHelper(Helper::F64SqrtApprox), Type::F64, src, f64s);
        else
          withMode(arith, "sqrt");
        break;
      case Opcode::Rsqrt:
        call(m.internHelper(ftz ? Helper::F64RsqrtApproxFtz : Helper::F64RsqrtApprox), Type::F64, src, f64s);
        break;
      case Opcode::Abs: case Opcode::Neg: case Opcode::Min: case Opcode::Max: case Opcode::Copysign:
        if (in.has(Modifier::NaN)) {
          markUnsupported(f, in.srcOffset, "min/max.NaN.f64 is not supported yet");
          return false;
        }
        call(m.internHelper(Helper::F64Op, {op}), Type::F64, src, f64s);
        break;
      case Opcode::Testp: {
        std::string kind;
        for (Modifier mm : in.modifiers)
          if (mm == Modifier::Finite || mm == Modifier::Infinite || mm == Modifier::Number ||
              mm == Modifier::Notanumber || mm == Modifier::Normal || mm == Modifier::Subnormal)
            kind = std::string(ptx::spelling(mm));
        call(m.internHelper(Helper::F64Testp, {kind}), Type::Pred, src, f64s);
        break;
      }
      case Opcode::Setp: {
        std::string cmp;
        for (Modifier mm : in.modifiers) {
          std::string_view s = ptx::spelling(mm);
          if (s == "eq" || s == "ne" || s == "lt" || s == "le" || s == "gt" || s == "ge" || s == "equ" ||
              s == "neu" || s == "ltu" || s == "leu" || s == "gtu" || s == "geu" || s == "num" || s == "nan")
            cmp = std::string(s);
        }
        if (in.ops.size() != 3 || cmp.empty()) {
          markUnsupported(f, in.srcOffset, "this setp.f64 form is not supported yet");
          return false;
        }
        call(m.internHelper(Helper::F64Setp, {cmp}), Type::Pred, src, f64s);
        break;
      }
      case Opcode::Cvt: {
        Type dt = in.type, st = in.type2;
        std::vector<Operand> args = src;
        std::vector<Type> types{st};
        args.push_back(roundingModeArgument(rnd));
        types.push_back(Type::S32);
        if (dt == Type::F64 && st == Type::F64)
          call(m.internHelper(Helper::F64RoundToIntegral), Type::F64, args, types);
        else if (dt == Type::F64 && st == Type::F32)
          call(m.internHelper(Helper::F64FromFloat), Type::F64, src, {Type::F32});
        else if (dt == Type::F32 && st == Type::F64)
          call(m.internHelper(Helper::F64ToFloat), Type::F32, args, types); // .ftz: the f32 result flushes on the target
        else if (dt == Type::F64 && (isSigned(st) || isUnsignedInt(st)) && bitWidth(st) >= 32)
          call(m.internHelper(Helper::F64FromInt, {spelling(st)}), Type::F64, args, types);
        else if (st == Type::F64 && (isSigned(dt) || isUnsignedInt(dt)) && bitWidth(dt) >= 32)
          call(m.internHelper(Helper::F64ToInt, {spelling(dt)}), dt, args, types);
        else if (dt == Type::F64 && (isSigned(st) || isUnsignedInt(st) || isBits(st))) {
          // 8/16-bit integers: widen (exactly) to 32 bits first.
          Type wide = isSigned(st) ? Type::S32 : Type::U32;
          RegId t = newTemp(f, wide);
          Inst conv;
          conv.irop = IrOp::Convert;
          conv.type = wide;
          conv.type2 = st;
          conv.srcOffset = in.srcOffset;
          conv.ops = {Operand::reg(t), in.ops[1]};
          if (in.ops[1].kind != OperandKind::Reg) {
            markUnsupported(f, in.srcOffset, "cvt.f64 of an immediate is not supported");
            return false;
          }
          out.push_back(std::move(conv));
          call(m.internHelper(Helper::F64FromInt, {spelling(wide)}), Type::F64, {Operand::reg(t), roundingModeArgument(rnd)},
               {wide, Type::S32});
        } else if (st == Type::F64 && (isSigned(dt) || isUnsignedInt(dt))) {
          // 8/16-bit results: saturate to 32 bits, then to the narrow range (the ranges nest,
          // and NaN gives 0 either way).
          Type wide = isSigned(dt) ? Type::S32 : Type::U32;
          RegId t = newTemp(f, wide);
          out.push_back(makeCall(m, in, m.internHelper(Helper::F64ToInt, {spelling(wide)}), wide, Operand::reg(t),
                                 args, types));
          call(m.internHelper(Helper::SatIntFromInt, {spelling(dt), spelling(wide)}), dt, {Operand::reg(t)}, {wide});
        } else if (st == Type::F64 && (dt == Type::F16 || dt == Type::BF16)) {
          // Round to odd in f32, then once to the target format.
          RegId t = newTemp(f, Type::F32);
          out.push_back(makeCall(m, in, m.internHelper(Helper::F64ToFloatOdd), Type::F32, Operand::reg(t), {in.ops[1]},
                                 {Type::F64}));
          uint32_t narrow = m.internHelper(Helper::Cvt, {rnd.empty() ? "rn" : rnd, spelling(dt), "f32"});
          if (dt == Type::F16) {
            call(narrow, dt, {Operand::reg(t)}, {Type::F32});
          } else {
            // The H200 keeps a NaN's sign and leading payload bits in cvt.bf16.f64 (where
            // cvt.bf16.f32 gives the canonical NaN): p2m_f64_bf16_keep_nan restores them.
            RegId u = newTemp(f, Type::BF16);
            out.push_back(makeCall(m, in, narrow, dt, Operand::reg(u), {Operand::reg(t)}, {Type::F32}));
            call(m.internHelper(Helper::F64Bf16KeepNan), dt, {in.ops[1], Operand::reg(u)}, {Type::F64, Type::BF16});
          }
        } else {
          markUnsupported(f, in.srcOffset, fmt::format("cvt.{}.{} is not supported yet", spelling(dt), spelling(st)));
          return false;
        }
        break;
      }
      case Opcode::Atom: case Opcode::Red: // lower-atomics: the locked add.rn.f64 on the bits
        out.push_back(std::move(in));
        break;
      default:
        markUnsupported(f, in.srcOffset, fmt::format("{}.f64 is not supported yet", op));
        return false;
      }
      return true;
    });
  });
}

} // namespace p2m::passes
