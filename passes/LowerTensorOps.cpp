// lower-tensor-ops: mma.sync, ldmatrix, stmatrix and movmatrix become calls of the helpers of
// emitters/msl/support/mma_ops.h, which exchange fragments between the 32 lanes of the
// SIMD-group with shuffles and compute exactly what the tensor cores compute (the rounding rules
// measured on the H200, docs/gpu-facts.md "Tensor cores"). Fragments are bit containers: every
// helper takes and returns 32-bit (f64: 64-bit) register bits.
//
// A helper call yields one destination register, so an instruction with several destinations
// becomes one call per register; each call gathers the fragments it needs by itself. The calls
// write temporaries, moved into the destinations after the last one, so an mma that
// accumulates in place (D and C the same registers) reads every C register before any is
// written.
#include "passes/LowerUtil.h"

#include <fmt/format.h>

#include <string>
#include <string_view>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

namespace {

// The registers of a fragment operand (a vector, or a single register); empty if an element is
// not a register.
std::vector<Operand> fragment(const Function &f, const Operand &o) {
  std::vector<Operand> regs;
  if (o.kind == OperandKind::Vector) {
    for (int64_t k = 0; k < o.value; ++k) {
      const Operand &e = f.vectorElements[o.id + static_cast<size_t>(k)];
      if (e.kind != OperandKind::Reg)
        return {};
      regs.push_back(e);
    }
  } else if (o.isReg()) {
    regs.push_back(o);
  }
  return regs;
}

bool isShape(std::string_view s) {
  return s.size() > 5 && s[0] == 'm' && s.find('n') != std::string_view::npos &&
         s.find('k') != std::string_view::npos && s[1] >= '0' && s[1] <= '9';
}

bool isElementType(std::string_view s) {
  for (std::string_view t : {"f16", "f32", "f64", "bf16", "tf32", "e4m3", "e5m2", "s8", "u8", "s4", "u4", "b1", "s32"})
    if (s == t)
      return true;
  return false;
}

// The mma forms mma_ops.h implements, by helper name (without the `p2m_mma_` prefix), with the
// number of A, B, C and D registers.
struct MmaForm {
  std::string_view name;
  unsigned a, b, c, d;
};
constexpr MmaForm kMmaForms[] = {
    {"m16n8k16_f32_f16_f16_f32", 4, 2, 4, 4},   {"m16n8k16_f32_bf16_bf16_f32", 4, 2, 4, 4},
    {"m16n8k16_f16_f16_f16_f16", 4, 2, 2, 2},   {"m16n8k8_f32_f16_f16_f32", 2, 1, 4, 4},
    {"m16n8k8_f32_bf16_bf16_f32", 2, 1, 4, 4},  {"m16n8k8_f16_f16_f16_f16", 2, 1, 2, 2},
    {"m16n8k8_f32_tf32_tf32_f32", 4, 2, 4, 4},  {"m16n8k4_f32_tf32_tf32_f32", 2, 1, 4, 4},
    // Integers: the A/B element types vary (s8/u8, s4/u4, b1), the register counts do not.
    {"m16n8k32_s32_i8", 4, 2, 4, 4},            {"m16n8k16_s32_i8", 2, 1, 4, 4},
    {"m8n8k16_s32_i8", 1, 1, 2, 2},             {"m16n8k64_s32_i4", 4, 2, 4, 4},
    {"m16n8k32_s32_i4", 2, 1, 4, 4},            {"m8n8k32_s32_i4", 1, 1, 2, 2},
    {"m16n8k256_s32_b1", 4, 2, 4, 4},           {"m16n8k128_s32_b1", 2, 1, 4, 4},
    {"m8n8k128_s32_b1", 1, 1, 2, 2},            {"m8n8k4_f64_f64_f64_f64", 1, 1, 2, 2},
    // fp8 with f32 and f16 accumulators.
    {"m16n8k32_f32_e4m3_e4m3_f32", 4, 2, 4, 4}, {"m16n8k32_f32_e4m3_e5m2_f32", 4, 2, 4, 4},
    {"m16n8k32_f32_e5m2_e4m3_f32", 4, 2, 4, 4}, {"m16n8k32_f32_e5m2_e5m2_f32", 4, 2, 4, 4},
    {"m16n8k32_f16_e4m3_e4m3_f16", 4, 2, 2, 2}, {"m16n8k32_f16_e4m3_e5m2_f16", 4, 2, 2, 2},
    {"m16n8k32_f16_e5m2_e4m3_f16", 4, 2, 2, 2}, {"m16n8k32_f16_e5m2_e5m2_f16", 4, 2, 2, 2},
    // m8n8k4 with f16 multiplicands (quad-pair fragments): the A and B layouts are part of the
    // name. D and C of one type (the mixed forms' arithmetic was not recorded).
    {"m8n8k4_row_col_f32_f16_f16_f32", 2, 2, 8, 8}, {"m8n8k4_row_row_f32_f16_f16_f32", 2, 2, 8, 8},
    {"m8n8k4_col_col_f32_f16_f16_f32", 2, 2, 8, 8}, {"m8n8k4_col_row_f32_f16_f16_f32", 2, 2, 8, 8},
    {"m8n8k4_row_col_f16_f16_f16_f16", 2, 2, 4, 4}, {"m8n8k4_row_row_f16_f16_f16_f16", 2, 2, 4, 4},
    {"m8n8k4_col_col_f16_f16_f16_f16", 2, 2, 4, 4}, {"m8n8k4_col_row_f16_f16_f16_f16", 2, 2, 4, 4},
};

// The form an integer mma's registers follow: its shape and A/B element width.
std::string integerKey(const std::string &shape, const std::string &types) {
  auto has = [&](std::string_view t) { return types.find(t) != std::string::npos; };
  if (has("_b1"))
    return shape + "_s32_b1";
  if (has("_s8") || has("_u8"))
    return shape + "_s32_i8";
  if (has("_s4") || has("_u4"))
    return shape + "_s32_i4";
  return {};
}

const MmaForm *findForm(std::string_view name) {
  for (const MmaForm &form : kMmaForms)
    if (form.name == name)
      return &form;
  return nullptr;
}

} // namespace

void lowerTensorOps(PassContext &ctx) {
  Module &m = ctx.module;
  forEachFunction(ctx, [&](Function &f) {
    auto needs = [](const Inst &in) {
      return in.isPtx(Opcode::Mma) || in.isPtx(Opcode::Wmma) || in.isPtx(Opcode::Ldmatrix) ||
             in.isPtx(Opcode::Stmatrix) || in.isPtx(Opcode::Movmatrix);
    };
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) {
      auto lane = [&]() {
        Inst read;
        read.irop = IrOp::ReadSpecial;
        read.type = Type::U32;
        read.srcOffset = in.srcOffset;
        RegId r = newTemp(f, Type::U32);
        Operand sp;
        sp.kind = OperandKind::Special;
        sp.id = static_cast<uint32_t>(Special::LaneId);
        read.ops = {Operand::reg(r), sp};
        out.push_back(std::move(read));
        return Operand::reg(r);
      };
      // dst = temp, then `mov` into the destination (its own type, same width).
      auto moveInto = [&](const Operand &dst, const Operand &temp, Type bits) {
        Inst mov;
        mov.opcode = Opcode::Mov;
        mov.type = bits;
        mov.modifiers = {bits == Type::B64 ? Modifier::B64 : Modifier::B32};
        mov.guard = in.guard;
        mov.guardNegated = in.guardNegated;
        mov.srcOffset = in.srcOffset;
        mov.debugLine = in.debugLine;
        mov.ops = {dst, temp};
        out.push_back(std::move(mov));
      };
      // A fragment register as the helper's bits: registers stored otherwise (.f32) are
      // reinterpreted through a temporary.
      bool widthMismatch = false;
      auto asBits = [&](const Operand &r, Type bits = Type::B32) {
        Type t = f.reg(r.regId()).type;
        if (storageOf(t) == storageOf(bits))
          return r;
        if (bitWidth(t) != bitWidth(bits)) {
          widthMismatch = true;
          return r;
        }
        Inst conv;
        conv.irop = IrOp::Convert;
        conv.type = bits;
        conv.type2 = t;
        conv.guard = in.guard;
        conv.guardNegated = in.guardNegated;
        conv.srcOffset = in.srcOffset;
        Operand temp = Operand::reg(newTemp(f, bits));
        conv.ops = {temp, r};
        out.push_back(std::move(conv));
        return temp;
      };
      auto bitsOf = [&](std::vector<Operand> regs, Type bits = Type::B32) {
        for (Operand &r : regs)
          r = asBits(r, bits);
        return regs;
      };
      auto fail = [&](const std::string &why) {
        markUnsupported(f, in.srcOffset, why);
        return false;
      };
      f.features |= kFeatureSimd | kFeatureTensorCoresEmulated;
      bool trans = in.has(Modifier::Trans);
      std::string count = in.has(Modifier::X4) ? "x4" : in.has(Modifier::X2) ? "x2" : "x1";
      const Operand context = Operand::helperContext(); // ctx: the shared memory base

      // D = A*B + C through Helper::Mma's `key` (operands d, a, b, c as mma.sync and wmma.mma
      // spell them), one call per D register.
      auto callMma = [&](const MmaForm &form, const std::string &key, Type bits) {
        std::vector<Operand> d = fragment(f, in.ops[0]), a = fragment(f, in.ops[1]),
                             b = fragment(f, in.ops[2]), c = fragment(f, in.ops[3]);
        if (d.size() != form.d || a.size() != form.a || b.size() != form.b || c.size() != form.c)
          return fail(fmt::format("{}: the fragment operands do not have the registers the shape and types need",
                                  ptx::spelling(in.opcode)));
        a = bitsOf(a, bits);
        b = bitsOf(b, bits);
        c = bitsOf(c, bits);
        if (widthMismatch)
          return fail(fmt::format("{}: a fragment register is not {} bits wide", ptx::spelling(in.opcode),
                                  bitWidth(bits)));
        Operand l = lane();
        uint32_t name = m.internHelper(Helper::Mma, {key});
        std::vector<Operand> temps;
        for (unsigned i = 0; i < form.d; ++i) {
          std::vector<Operand> args{Operand::imm(i)};
          args.insert(args.end(), a.begin(), a.end());
          args.insert(args.end(), b.begin(), b.end());
          args.insert(args.end(), c.begin(), c.end());
          args.push_back(l);
          std::vector<Type> argTypes(args.size(), bits);
          argTypes.front() = Type::U32;
          argTypes.back() = Type::U32;
          Operand t = Operand::reg(newTemp(f, bits));
          out.push_back(makeCall(m, in, name, bits, t, args, argTypes));
          temps.push_back(t);
        }
        for (unsigned i = 0; i < form.d; ++i)
          moveInto(d[i], temps[i], bits);
        return true;
      };

      // wmma.load/store: one helper call per fragment register j, `name(lead..., j, addr, ldm,
      // [register,] lane)`. Loads go into temporaries first and are moved into the fragment after
      // the last one, so that a fragment register that is also the address reads right.
      auto accessFragment = [&](uint32_t name, std::vector<Operand> lead, std::vector<Type> leadTypes,
                                const Operand &addr, const Operand &ldm, const std::vector<Operand> &regs, bool store,
                                Type bits) {
        Operand l = lane();
        std::vector<Operand> temps;
        for (unsigned j = 0; j < regs.size(); ++j) {
          std::vector<Operand> args = lead;
          std::vector<Type> argTypes = leadTypes;
          args.insert(args.end(), {Operand::imm(j), addr, ldm});
          argTypes.insert(argTypes.end(), {Type::U32, Type::B32, Type::U32});
          if (store) {
            args.push_back(regs[j]);
            argTypes.push_back(bits);
          }
          args.push_back(l);
          argTypes.push_back(Type::U32);
          if (store) {
            out.push_back(makeCall(m, in, name, Type::None, Operand{}, args, argTypes));
          } else {
            Operand t = Operand::reg(newTemp(f, bits));
            out.push_back(makeCall(m, in, name, bits, t, args, argTypes));
            temps.push_back(t);
          }
        }
        std::vector<Operand> dst = fragment(f, in.ops[0]);
        for (unsigned j = 0; j < temps.size(); ++j)
          moveInto(dst[j], temps[j], bits);
        return true;
      };

      // wmma m8n8k4 with f64: the mma.m8n8k4 f64 fragments whatever the memory layout (ptxas's
      // loads and stores around one DMMA.884), so wmma.mma is that mma.
      auto lowerWmmaF64 = [&](const std::string &types, const std::string &spelled) {
        const std::string unsupported = fmt::format("wmma{} is not supported yet", spelled);
        const bool load = in.has(Modifier::Load), store = in.has(Modifier::Store);
        if (!load && !store) {
          if (types != "_f64_f64_f64_f64")
            return fail(unsupported);
          // .rz/.rm/.rp: not recorded (the fma chain's rounding is measured to nearest only).
          if (in.has(Modifier::Rz) || in.has(Modifier::Rm) || in.has(Modifier::Rp))
            return fail(fmt::format("wmma{}: only the rounding to nearest (.rn) is supported yet", spelled));
          return callMma(*findForm("m8n8k4_f64_f64_f64_f64"), "m8n8k4_f64_f64_f64_f64", Type::B64);
        }
        if (types != "_f64" || in.ops.size() != 3)
          return fail(unsupported);
        const bool accumulator = store || in.has(Modifier::C);
        std::vector<Operand> regs = bitsOf(fragment(f, in.ops[load ? 0 : 1]), Type::B64);
        if (widthMismatch || regs.size() != (accumulator ? 2u : 1u))
          return fail(fmt::format("wmma{}: the fragment operand does not have the {} f64 registers it needs", spelled,
                                  accumulator ? 2 : 1));
        const Operand &addr = in.ops[load ? 1 : 0];
        Operand ldm = in.ops[2];
        uint32_t name = store ? m.internHelper(Helper::WmmaStoreF64)
                              : m.internHelper(Helper::WmmaLoadF64, {accumulator ? "c" : in.has(Modifier::B) ? "b" : "a"});
        return accessFragment(name, {Operand::imm(in.has(Modifier::Col))}, {Type::U32}, addr, ldm, regs, store, Type::B64);
      };

      switch (in.opcode) {
      case Opcode::Mma: {
        if (in.ops.size() != 4)
          return fail("mma.sp and block-scaled mma are not supported yet");
        // .kind::f8f6f4 exists from sm_120 on, whose tensor cores take fp8 directly: the rules
        // here are sm_90's (the plain fp8 forms, emulated by ptxas), not known to be its.
        if (in.has(Modifier::Kind_f8f6f4))
          return fail("mma .kind::f8f6f4 is not supported yet: its arithmetic (sm_120) was not recorded");
        std::string shape, types, layouts, spelled;
        for (Modifier mod : in.modifiers) {
          std::string_view s = ptx::spelling(mod);
          if (isShape(s))
            shape = s;
          else if (isElementType(s))
            types += "_" + std::string(s);
          else if (mod == Modifier::Row || mod == Modifier::Col)
            layouts += "_" + std::string(s);
          spelled += "." + std::string(s);
        }
        // Only m8n8k4 with f16 multiplicands takes other layouts than .row.col.
        const bool quadPair = shape == "m8n8k4" && !types.starts_with("_f64");
        std::string key = quadPair ? shape + layouts + types : shape + types;
        const MmaForm *form = findForm(key);
        if (!form && types.starts_with("_s32")) {
          form = findForm(integerKey(shape, types));
          if (in.has(Modifier::Satfinite))
            key += "_satfinite";
          if (in.has(Modifier::And) || in.has(Modifier::Xor))
            key += in.has(Modifier::Xor) ? "_xor_popc" : "_and_popc";
        }
        if (!form)
          return fail(fmt::format("mma{} is not supported yet", spelled));
        // f64 fragments are 64-bit registers; all others 32-bit.
        return callMma(*form, key, types.starts_with("_f64") ? Type::B64 : Type::B32);
      }
      case Opcode::Ldmatrix:
      case Opcode::Stmatrix: {
        bool load = in.opcode == Opcode::Ldmatrix;
        if (!in.has(Modifier::M8n8) || !in.has(Modifier::B16))
          return fail(fmt::format("{}: only the .m8n8 .b16 forms are supported yet", ptx::spelling(in.opcode)));
        if (in.space != Space::Shared)
          return fail(fmt::format("{} through a generic address not proven to be shared is not supported yet",
                                  ptx::spelling(in.opcode)));
        const Operand &addr = in.ops[load ? 1 : 0];
        std::vector<Operand> regs = fragment(f, in.ops[load ? 0 : 1]);
        unsigned n = count == "x4" ? 4 : count == "x2" ? 2 : 1;
        if (regs.size() != n)
          return fail(fmt::format("{}: the register operand does not have .{} registers", ptx::spelling(in.opcode), count));
        Operand l = lane();
        std::string form = count + (trans ? "_trans" : "");
        uint32_t name = m.internHelper(load ? Helper::Ldmatrix : Helper::Stmatrix, {form});
        if (load) {
          std::vector<Operand> temps;
          for (unsigned j = 0; j < n; ++j) {
            Operand t = Operand::reg(newTemp(f, Type::B32));
            out.push_back(makeCall(m, in, name, Type::B32, t, {Operand::imm(j), addr, context, l},
                                   {Type::U32, Type::B32, Type::None, Type::U32}));
            temps.push_back(t);
          }
          for (unsigned j = 0; j < n; ++j)
            moveInto(regs[j], temps[j], Type::B32);
        } else {
          regs = bitsOf(regs);
          if (widthMismatch)
            return fail("stmatrix: a source register is not 32 bits wide");
          std::vector<Operand> args{addr, context};
          args.insert(args.end(), regs.begin(), regs.end());
          args.push_back(l);
          std::vector<Type> argTypes(args.size(), Type::B32);
          argTypes[1] = Type::None;
          argTypes.back() = Type::U32;
          out.push_back(makeCall(m, in, name, Type::None, Operand{}, args, argTypes));
        }
        return true;
      }
      case Opcode::Wmma: {
        // f16/bf16 multiplicands, f16/f32 accumulators; the fragment layouts are mma_ops.h's.
        std::string shape, types, spelled;
        for (Modifier mod : in.modifiers) {
          std::string_view s = ptx::spelling(mod);
          if (isShape(s))
            shape = s;
          else if (isElementType(s))
            types += "_" + std::string(s);
          spelled += "." + std::string(s);
        }
        if (shape == "m8n8k4")
          return lowerWmmaF64(types, spelled);
        // The helpers' shape ids: 0 m16n16k16, 1 m32n8k16, 2 m8n32k16. m16n16k8 (tf32),
        // m8n8k32 (s4/u4) and m8n8k128 (b1) have A/B helpers of their own, and accumulators laid
        // out as m16n16k16's, or as the first n8 block of m8n32k16's (mma_ops.h).
        const bool tf32Shape = shape == "m16n16k8", i4Shape = shape == "m8n8k32", b1Shape = shape == "m8n8k128";
        const bool newShape = tf32Shape || i4Shape || b1Shape;
        unsigned shapeId = 3;
        if (shape == "m16n16k16" || tf32Shape)
          shapeId = 0;
        else if (shape == "m32n8k16")
          shapeId = 1;
        else if (shape == "m8n32k16" || i4Shape || b1Shape)
          shapeId = 2;
        std::string unsupported = fmt::format("wmma{} is not supported yet", spelled);
        if (shapeId == 3)
          return fail(unsupported);
        bool load = in.has(Modifier::Load), store = in.has(Modifier::Store);
        if (load || store) {
          if (in.ops.size() != 3)
            return fail("wmma.load/store without a stride operand is not supported yet");
          bool colMajor = in.has(Modifier::Col);
          const Operand &addr = in.ops[load ? 1 : 0];
          Operand ldm = in.ops[2];
          std::vector<Operand> regs = bitsOf(fragment(f, in.ops[load ? 0 : 1]));
          if (regs.empty() || widthMismatch)
            return fail("wmma: a fragment register is not 32 bits wide");
          const bool accumulator = store || in.has(Modifier::C);
          const bool subByte = types == "_s4" || types == "_u4" || types == "_b1";
          // The element types each newer shape takes, and its register counts.
          const bool newType = types == "_tf32" || subByte;
          if (newShape) {
            bool typeFits = accumulator ? types == (tf32Shape ? "_f32" : "_s32")
                            : tf32Shape ? types == "_tf32"
                            : i4Shape   ? types == "_s4" || types == "_u4"
                                        : types == "_b1";
            if (!typeFits)
              return fail(unsupported);
            size_t want = accumulator ? (tf32Shape ? 8 : 2) : tf32Shape ? 4 : 1;
            if (regs.size() != want)
              return fail(fmt::format("wmma{}: the fragment operand does not have the {} registers the shape and "
                                      "type need",
                                      spelled, want));
          } else if (newType) {
            return fail(unsupported);
          }
          // The accumulator forms by their element type; A and B (f16, bf16) share one layout,
          // and s8/u8 another.
          std::string_view acc = types == "_f16" ? "f16" : types == "_f32" ? "f32" : types == "_s32" ? "s32" : "";
          uint32_t name;
          if (load && in.has(Modifier::C) && !acc.empty())
            name = m.internHelper(Helper::WmmaLoadC, {acc});
          else if (load && !in.has(Modifier::C) && (types == "_f16" || types == "_bf16"))
            name = m.internHelper(in.has(Modifier::B) ? Helper::WmmaLoadB : Helper::WmmaLoadA);
          else if (load && !in.has(Modifier::C) && (types == "_s8" || types == "_u8"))
            name = m.internHelper(in.has(Modifier::B) ? Helper::WmmaLoadBI8 : Helper::WmmaLoadAI8);
          else if (load && !in.has(Modifier::C) && types == "_tf32")
            name = m.internHelper(Helper::WmmaLoadTf32, {in.has(Modifier::B) ? "b" : "a"});
          else if (load && !in.has(Modifier::C) && subByte)
            name = m.internHelper(Helper::WmmaLoadSubByte, {types == "_b1" ? "b1" : "i4"});
          else if (store && !acc.empty())
            name = m.internHelper(Helper::WmmaStore, {acc});
          else
            return fail(unsupported);
          return accessFragment(name, {Operand::imm(shapeId), Operand::imm(colMajor)}, {Type::U32, Type::U32}, addr, ldm,
                                regs, store, Type::B32);
        }
        // wmma.mma m8n8k32 (s4/u4) and m8n8k128 (b1): mma.sync's m8n8 forms, whose fragments
        // these are.
        if (i4Shape || b1Shape) {
          bool popc = in.has(Modifier::Popc);
          bool typesFit = i4Shape ? types == "_s32_s4_s4_s32" || types == "_s32_u4_u4_s32" : types == "_s32_b1_b1_s32";
          if (!typesFit || popc != b1Shape || (b1Shape && in.has(Modifier::Satfinite)) || in.ops.size() != 4)
            return fail(unsupported);
          std::string key = shape + types + (in.has(Modifier::Satfinite) ? "_satfinite" : "");
          if (b1Shape)
            key += in.has(Modifier::Xor) ? "_xor_popc" : "_and_popc";
          const MmaForm *form = findForm(integerKey(shape, types));
          if (!form)
            return fail(unsupported);
          return callMma(*form, key, Type::B32);
        }
        if (newShape && !tf32Shape)
          return fail(unsupported);
        Operand l = lane();
        // wmma.mma with s8/u8 multiplicands: .s32.atype.btype.s32, atype == btype.
        if (types == "_s32_s8_s8_s32" || types == "_s32_u8_u8_s32") {
          std::vector<Operand> d = fragment(f, in.ops[0]), a = bitsOf(fragment(f, in.ops[1])),
                               b = bitsOf(fragment(f, in.ops[2])), c = bitsOf(fragment(f, in.ops[3]));
          unsigned na = shapeId == 0 ? 2 : shapeId == 1 ? 4 : 1, nb = shapeId == 0 ? 2 : shapeId == 1 ? 1 : 4;
          if (widthMismatch || in.ops.size() != 4 || a.size() != na || b.size() != nb || c.size() != 8 ||
              d.size() != 8)
            return fail("wmma.mma: the fragment operands do not have the registers the shape and types need");
          std::string key = shape + types + (in.has(Modifier::Satfinite) ? "_satfinite" : "");
          uint32_t name = m.internHelper(Helper::WmmaMmaInt, {key});
          std::vector<Operand> temps;
          for (unsigned j = 0; j < d.size(); ++j) {
            std::vector<Operand> args{Operand::imm(j)};
            for (unsigned k = 0; k < 4; ++k)
              args.push_back(k < a.size() ? a[k] : Operand::imm(0));
            for (unsigned k = 0; k < 4; ++k)
              args.push_back(k < b.size() ? b[k] : Operand::imm(0));
            args.insert(args.end(), c.begin(), c.end());
            args.push_back(l);
            std::vector<Type> argTypes(args.size(), Type::B32);
            argTypes.front() = Type::U32;
            argTypes.back() = Type::U32;
            Operand t = Operand::reg(newTemp(f, Type::B32));
            out.push_back(makeCall(m, in, name, Type::B32, t, args, argTypes));
            temps.push_back(t);
          }
          for (unsigned j = 0; j < d.size(); ++j)
            moveInto(d[j], temps[j], Type::B32);
          return true;
        }
        // wmma.mma: f16 inputs spell dtype.ctype, bf16 and tf32 ones dtype.atype.btype.ctype.
        std::string ab = types.find("_bf16") != std::string::npos   ? "bf16"
                         : types.find("_tf32") != std::string::npos ? "tf32"
                                                                    : "f16";
        std::string acc = types.starts_with("_f16") ? "f16" : types.starts_with("_f32") ? "f32" : "";
        bool sameAcc = types.ends_with("_" + acc);
        if (acc.empty() || !sameAcc || (ab != "f16" && acc != "f32") || in.ops.size() != 4 ||
            tf32Shape != (ab == "tf32") || (tf32Shape && in.has(Modifier::Satfinite)))
          return fail(unsupported);
        std::vector<Operand> d = fragment(f, in.ops[0]), a = bitsOf(fragment(f, in.ops[1])),
                             b = bitsOf(fragment(f, in.ops[2])), c = bitsOf(fragment(f, in.ops[3]));
        if (widthMismatch || d.empty() || a.empty() || b.empty() || c.empty() || a.size() > 8 || b.size() > 8 ||
            c.size() > 8)
          return fail("wmma.mma: unexpected fragment registers");
        if (tf32Shape && (a.size() != 4 || b.size() != 4 || c.size() != 8 || d.size() != 8))
          return fail("wmma.mma: the fragment operands do not have the registers the shape and types need");
        uint32_t name = m.internHelper(Helper::WmmaMma, {shape, ab, acc});
        std::vector<Operand> temps;
        for (unsigned j = 0; j < d.size(); ++j) {
          std::vector<Operand> args{Operand::imm(j)};
          for (const std::vector<Operand> *frag : {&a, &b, &c})
            for (unsigned k = 0; k < 8; ++k)
              args.push_back(k < frag->size() ? (*frag)[k] : Operand::imm(0));
          args.push_back(l);
          std::vector<Type> argTypes(args.size(), Type::B32);
          argTypes.front() = Type::U32;
          argTypes.back() = Type::U32;
          Operand t = Operand::reg(newTemp(f, Type::B32));
          out.push_back(makeCall(m, in, name, Type::B32, t, args, argTypes));
          temps.push_back(t);
        }
        for (unsigned j = 0; j < d.size(); ++j)
          moveInto(d[j], temps[j], Type::B32);
        return true;
      }
      case Opcode::Movmatrix: {
        if (in.ops.size() != 2 || !in.ops[0].isReg() || !in.ops[1].isReg())
          return fail("movmatrix: unexpected operands");
        Operand src = asBits(in.ops[1]);
        if (widthMismatch)
          return fail("movmatrix: the source register is not 32 bits wide");
        Operand l = lane();
        Operand t = Operand::reg(newTemp(f, Type::B32));
        out.push_back(makeCall(m, in, m.internHelper(Helper::MovmatrixTrans), Type::B32, t, {src, l},
                               {Type::B32, Type::U32}));
        moveInto(in.ops[0], t, Type::B32);
        return true;
      }
      default:
        out.push_back(std::move(in));
        return true;
      }
    });
  });
}

} // namespace p2m::passes
