// lower-texture-ops: tex, tld4, txq, suld.b, sust.b, sured.b, suq and istypep become calls of the
// helpers of emitters/msl/support/texture_ops.h, which read the descriptor a texture or surface
// object handle points at (texture_abi.h) and compute the result from point reads of device
// memory: addressing, filtering and read modes as NVIDIA's hardware does them, in software.
//
// The builder hands these instructions over with the bracket flattened (Builder.cpp,
// textureOperands): the handle (and an independent-mode sampler) as scalars, then the
// coordinates as a vector. A helper call yields one register, so a vector destination becomes
// one call per component, each into a temporary, moved into the destinations after the last
// call (a destination may also be a coordinate). Every form the lowering cannot translate
// faithfully is a located diagnostic.
#include "passes/LowerUtil.h"

#include "emitters/msl/support/texture_abi.h"

#include <fmt/format.h>

#include <cstring>
#include <iterator>
#include <string>

namespace p2m::passes {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

namespace {

// texture_ops.h's P2M_TEXG_* for the geometry modifier, or -1.
int geometryOf(const Inst &in) {
  if (in.has(Modifier::_1d)) return 0;
  if (in.has(Modifier::_2d)) return 1;
  if (in.has(Modifier::_3d)) return 2;
  if (in.has(Modifier::A1d)) return 3;
  if (in.has(Modifier::A2d)) return 4;
  if (in.has(Modifier::Cube)) return 5;
  if (in.has(Modifier::Acube)) return 6;
  return -1;
}

// texture_ops.h's P2M_TEXR_* for a tex/tld4 result type.
int resultTypeOf(Type t) {
  switch (t) {
  case Type::F32: return 0;
  case Type::S32: return 1;
  case Type::U32: return 2;
  default: return -1;
  }
}

// The out-of-range mode of a surface instruction (P2M_SU_*): .trap unless stated.
int64_t surfaceMode(const Inst &in) {
  if (in.has(Modifier::Clamp)) return 1;
  if (in.has(Modifier::Zero)) return 2;
  return 0;
}

class Lowering {
public:
  Lowering(Module &m, Function &f, Inst &in, std::vector<Inst> &out) : m_(m), f_(f), in_(in), out_(out) {}

  bool run() {
    switch (in_.opcode) {
    case Opcode::Tex: return tex();
    case Opcode::Tld4: return tld4();
    case Opcode::Txq: return query(Opcode::Txq);
    case Opcode::Suq: return query(Opcode::Suq);
    case Opcode::Suld: return suld();
    case Opcode::Sust: return sust();
    case Opcode::Sured: return sured();
    case Opcode::Istypep: return istypep();
    default: out_.push_back(std::move(in_)); return true;
    }
  }

private:
  bool fail(const std::string &why) {
    markUnsupported(f_, in_.srcOffset, fmt::format("{}: {}", ptx::spelling(in_.opcode), why));
    return false;
  }

  // The elements of a vector operand (or the operand itself).
  std::vector<Operand> elements(const Operand &o) const {
    std::vector<Operand> v;
    if (o.kind == OperandKind::Vector)
      for (int64_t k = 0; k < o.value; ++k)
        v.push_back(f_.vectorElements[o.id + static_cast<size_t>(k)]);
    else
      v.push_back(o);
    return v;
  }

  // `o` as a value of type `t` for a helper argument: registers of another storage of the same
  // width are reinterpreted through a temporary; immediates become their bit pattern (f64
  // immediates rounded to f32, as PTX's f32 operands take them). Sets ok_ false otherwise.
  Operand as(const Operand &o, Type t) {
    if (o.kind == OperandKind::Imm) {
      Operand r = Operand::imm(o.value);
      if (o.floatBits == 'd') {
        double d;
        std::memcpy(&d, &o.value, 8);
        float x = static_cast<float>(d);
        uint32_t bits;
        std::memcpy(&bits, &x, 4);
        r.value = bits;
      }
      if (t == Type::F32 || o.floatBits == 'f')
        r.floatBits = t == Type::F32 ? 'f' : 0;
      return r;
    }
    if (!o.isReg()) {
      ok_ = false;
      return o;
    }
    Type rt = f_.reg(o.regId()).type;
    if (storageOf(rt) == storageOf(t))
      return o;
    if (bitWidth(rt) != bitWidth(t)) {
      ok_ = false;
      return o;
    }
    Operand temp = Operand::reg(newTemp(f_, t));
    convert(temp, o, t, rt);
    return temp;
  }

  void convert(const Operand &dst, const Operand &src, Type to, Type from) {
    Inst conv;
    conv.irop = IrOp::Convert;
    conv.type = to;
    conv.type2 = from;
    conv.guard = in_.guard;
    conv.guardNegated = in_.guardNegated;
    conv.srcOffset = in_.srcOffset;
    conv.debugLine = in_.debugLine;
    conv.ops = {dst, src};
    out_.push_back(std::move(conv));
  }

  // dst = temp (mov of the destination's width).
  void moveInto(const Operand &dst, const Operand &temp, Type bits) {
    Inst mov;
    mov.opcode = Opcode::Mov;
    mov.type = bits;
    mov.modifiers = {bits == Type::B64 ? Modifier::B64 : bits == Type::Pred ? Modifier::Pred : Modifier::B32};
    mov.guard = in_.guard;
    mov.guardNegated = in_.guardNegated;
    mov.srcOffset = in_.srcOffset;
    mov.debugLine = in_.debugLine;
    mov.ops = {dst, temp};
    out_.push_back(std::move(mov));
  }

  // The handle operand: a 64-bit register (expand-operands has loaded a .texref/.surfref
  // variable's handle into one already).
  bool handle(const Operand &o, Operand &h) {
    if (o.kind == OperandKind::Symbol)
      return fail("the texture or surface operand names neither an object handle nor a texture or surface "
                  "reference");
    if (!o.isReg() || bitWidth(f_.reg(o.regId()).type) != 64)
      return fail("the texture or surface object handle must be a 64-bit register");
    h = as(o, Type::U64);
    return true;
  }

  // Up to four coordinates as b32 bits, padded with 0.
  bool coordinates(const Operand &o, std::vector<Operand> &c) {
    if (o.kind != OperandKind::Vector)
      return fail("expected a coordinate vector");
    c.clear();
    for (const Operand &e : elements(o))
      c.push_back(e.kind == OperandKind::Sink ? Operand::imm(0) : as(e, Type::B32));
    if (!ok_ || c.size() > 4)
      return fail("a coordinate is not a 32-bit register or immediate");
    while (c.size() < 4)
      c.push_back(Operand::imm(0));
    return true;
  }

  // The destination registers of a vector result (sinks as None operands) and, when the
  // destination is `{d...}|p` (sparse-texture residency), the predicate.
  bool destinations(const Operand &o, std::vector<Operand> &d, Operand &resident) {
    std::vector<Operand> top = elements(o);
    if (top.size() == 2 && top[0].kind == OperandKind::Vector) {
      resident = top[1];
      top = elements(top[0]);
    }
    d.clear();
    for (const Operand &e : top) {
      if (e.kind == OperandKind::Sink) {
        d.push_back(Operand{});
        continue;
      }
      if (!e.isReg() || bitWidth(f_.reg(e.regId()).type) != 32)
        return fail("a destination is not a 32-bit register");
      d.push_back(e);
    }
    return true;
  }

  // Calls `name` once per destination component (argument `component` set to k), into
  // temporaries, then moves them into the destinations.
  void perComponent(const std::vector<Operand> &d, uint32_t name, std::vector<Operand> args, std::vector<Type> types,
                    size_t component) {
    std::vector<std::pair<Operand, Operand>> moves;
    for (size_t k = 0; k < d.size(); ++k) {
      if (d[k].kind == OperandKind::None)
        continue;
      args[component] = Operand::imm(static_cast<int64_t>(k));
      Operand t = Operand::reg(newTemp(f_, Type::B32));
      out_.push_back(makeCall(m_, in_, name, Type::B32, t, args, types));
      moves.push_back({d[k], t});
    }
    for (auto &[dst, t] : moves)
      moveInto(dst, t, Type::B32);
  }

  // Sparse textures do not exist here (the runtime creates no sparse arrays): every texel is
  // resident, so the residency predicate is true.
  void setResident(const Operand &p) {
    if (p.kind == OperandKind::Reg)
      setTrue(p, true);
  }

  // p = true, under the instruction's guard or not.
  void setTrue(const Operand &p, bool guarded) {
    Inst mov;
    mov.opcode = Opcode::Mov;
    mov.type = Type::Pred;
    mov.modifiers = {Modifier::Pred};
    if (guarded) {
      mov.guard = in_.guard;
      mov.guardNegated = in_.guardNegated;
    }
    mov.srcOffset = in_.srcOffset;
    mov.ops = {p, Operand::imm(1)};
    out_.push_back(std::move(mov));
  }

  bool tex() {
    int geom = geometryOf(in_);
    if (geom < 0)
      return fail("multisample geometries (.2dms, .a2dms) are not supported");
    int rtype = resultTypeOf(in_.type);
    if (in_.has(Modifier::F16x2) || rtype < 0)
      return fail("f16 results (.f16, .v2.f16x2) are not supported yet");
    bool level = in_.has(Modifier::Level), grad = in_.has(Modifier::Grad);
    if (in_.ops.size() < 3)
      return fail("unexpected operands");
    std::vector<Operand> d;
    Operand resident;
    if (!destinations(in_.ops[0], d, resident))
      return false;
    Operand h;
    if (!handle(in_.ops[1], h))
      return false;
    size_t at = 2;
    if (in_.ops[at].kind != OperandKind::Vector)
      return fail("a separate sampler operand (independent texturing mode) is not supported: a texture handle "
                  "here carries its own sampler state");
    std::vector<Operand> c;
    if (!coordinates(in_.ops[at++], c))
      return false;
    bool floatCoords = in_.type2 == Type::F32;
    if ((geom == 5 || geom == 6) && !floatCoords)
      return fail("cube maps take f32 coordinates");
    // Level-of-detail modes (p2m_tex): 0 implicit, 1 given, 2 the base level (tex.base).
    Operand lodMode = Operand::imm(in_.has(Modifier::Base) ? 2 : 0), lod = as(Operand::imm(0), Type::F32);
    if (level) {
      if (at >= in_.ops.size())
        return fail("tex.level needs a level of detail");
      lodMode = Operand::imm(1);
      lod = as(in_.ops[at++], Type::F32);
      if (!ok_)
        return fail("the level of detail is not an f32 register or immediate");
    } else if (grad) {
      if (at + 2 > in_.ops.size())
        return fail("tex.grad needs two gradient vectors");
      std::vector<Operand> dx, dy;
      if (!coordinates(in_.ops[at], dx) || !coordinates(in_.ops[at + 1], dy))
        return false;
      at += 2;
      lodMode = Operand::imm(1);
      lod = Operand::reg(newTemp(f_, Type::F32));
      out_.push_back(makeCall(m_, in_, m_.internHelper(Helper::TexGradLod), Type::F32, lod,
                              {h, Operand::imm(geom), dx[0], dx[1], dx[2], dy[0], dy[1], dy[2]},
                              {Type::U64, Type::U32, Type::B32, Type::B32, Type::B32, Type::B32, Type::B32,
                               Type::B32}));
    }
    if (at < in_.ops.size())
      return fail("texel offsets and depth comparison operands are not supported yet");
    f_.features |= kFeatureTexturesSoftware;
    std::vector<Operand> args{h, Operand::imm(geom), Operand::imm(floatCoords), c[0], c[1], c[2], c[3],
                              lodMode, lod, Operand::imm(0), Operand::imm(rtype)};
    std::vector<Type> types{Type::U64, Type::U32, Type::U32, Type::B32, Type::B32, Type::B32,
                            Type::B32, Type::U32, Type::F32, Type::U32, Type::U32};
    perComponent(d, m_.internHelper(Helper::Tex), std::move(args), std::move(types), 9);
    setResident(resident);
    return true;
  }

  bool tld4() {
    int geom = geometryOf(in_);
    int rtype = resultTypeOf(in_.type);
    if (geom < 0 || rtype < 0 || in_.ops.size() < 3)
      return fail("unexpected form");
    int comp = in_.has(Modifier::R) ? 0 : in_.has(Modifier::G) ? 1 : in_.has(Modifier::B) ? 2 : 3;
    std::vector<Operand> d;
    Operand resident;
    if (!destinations(in_.ops[0], d, resident))
      return false;
    Operand h;
    if (!handle(in_.ops[1], h))
      return false;
    if (in_.ops[2].kind != OperandKind::Vector)
      return fail("a separate sampler operand (independent texturing mode) is not supported: a texture handle "
                  "here carries its own sampler state");
    std::vector<Operand> c;
    if (!coordinates(in_.ops[2], c))
      return false;
    if (in_.ops.size() > 3)
      return fail("texel offsets and depth comparison operands are not supported yet");
    f_.features |= kFeatureTexturesSoftware;
    bool floatCoords = in_.type2 == Type::F32 || in_.type2 == Type::None;
    std::vector<Operand> args{h, Operand::imm(geom), Operand::imm(floatCoords), c[0], c[1], c[2], c[3],
                              Operand::imm(comp), Operand::imm(0), Operand::imm(rtype)};
    std::vector<Type> types{Type::U64, Type::U32, Type::U32, Type::B32, Type::B32, Type::B32, Type::B32,
                            Type::U32, Type::U32, Type::U32};
    perComponent(d, m_.internHelper(Helper::Tld4), std::move(args), std::move(types), 8);
    setResident(resident);
    return true;
  }

  bool query(Opcode op) {
    // The queries whose values the descriptor holds; the others return encodings (channel
    // data type and order, sampler modes, memory layout) the PTX ISA does not define.
    int64_t q = -1;
    if (in_.has(Modifier::Width)) q = 0;
    else if (in_.has(Modifier::Height)) q = 1;
    else if (in_.has(Modifier::Depth)) q = 2;
    else if (in_.has(Modifier::Normalized_coords)) q = 3;
    else if (in_.has(Modifier::Array_size)) q = 4;
    else if (in_.has(Modifier::Num_mipmap_levels)) q = 5;
    if (q < 0)
      return fail("this query returns an encoding the PTX ISA does not define; not supported");
    if (in_.ops.size() < 2 || !in_.ops[0].isReg() || bitWidth(f_.reg(in_.ops[0].regId()).type) != 32)
      return fail("unexpected operands");
    Operand h;
    if (!handle(in_.ops[1], h))
      return false;
    Operand lod = Operand::imm(0);
    if (op == Opcode::Txq && in_.has(Modifier::Level)) {
      if (in_.ops.size() != 3)
        return fail("txq.level needs a level");
      lod = as(in_.ops[2], Type::B32);
      if (!ok_)
        return fail("the level is not a 32-bit register or immediate");
    }
    f_.features |= kFeatureTexturesSoftware;
    Operand t = Operand::reg(newTemp(f_, Type::B32));
    out_.push_back(makeCall(m_, in_, m_.internHelper(Helper::Txq), Type::B32, t, {h, Operand::imm(q), lod},
                            {Type::U64, Type::U32, Type::U32}));
    moveInto(in_.ops[0], t, Type::B32);
    return true;
  }

  bool istypep() {
    int64_t flag = in_.has(Modifier::Texref) ? P2M_TEX_FLAG_TEXTURE
                   : in_.has(Modifier::Surfref) ? P2M_TEX_FLAG_SURFACE
                                                : P2M_TEX_FLAG_SAMPLER;
    if (in_.ops.size() != 2 || !in_.ops[0].isReg() || f_.reg(in_.ops[0].regId()).type != Type::Pred)
      return fail("unexpected operands");
    Operand h;
    if (!handle(in_.ops[1], h))
      return false;
    f_.features |= kFeatureTexturesSoftware;
    out_.push_back(makeCall(m_, in_, m_.internHelper(Helper::Istypep), Type::Pred, in_.ops[0], {h, Operand::imm(flag)},
                            {Type::U64, Type::U32}));
    return true;
  }

  // Element width in bytes of suld.b/sust.b (.b8 .b16 .b32 .b64).
  unsigned elementBytes() const {
    if (in_.has(Modifier::B8)) return 1;
    if (in_.has(Modifier::B16)) return 2;
    if (in_.has(Modifier::B64)) return 8;
    return 4;
  }

  // .trap (the default): `p = p2m_su_in_range(ctx, ...)` before the access, p true where the
  // instruction's guard is false; splitTrapChecks then ends the block there with a branch to a
  // trap when p is false, so the thread stops before the access.
  void trapCheck(int geom, const Operand &h, const std::vector<Operand> &c, unsigned bytes) {
    if (surfaceMode(in_) != 0)
      return;
    Operand p = Operand::reg(newTemp(f_, Type::Pred));
    if (in_.guard != kNone)
      setTrue(p, false);
    Operand context = Operand::helperContext(); // a failed check sets the error's status bit
    out_.push_back(makeCall(m_, in_, m_.internHelper(Helper::SuInRange), Type::Pred, p,
                            {context, h, Operand::imm(geom), c[0], c[1], c[2], Operand::imm(bytes)},
                            {Type::None, Type::U64, Type::U32, Type::B32, Type::B32, Type::B32, Type::U32}));
  }

  // Shared by suld/sust/sured: the handle, geometry and the three coordinates.
  bool surfaceAddress(size_t handleAt, int &geom, Operand &h, std::vector<Operand> &c) {
    geom = geometryOf(in_);
    if (geom < 0 || geom > 4)
      return fail("unexpected geometry");
    if (!in_.has(Modifier::B))
      return fail("the formatted forms (.p) are not supported yet: the PTX ISA leaves their conversion to the "
                  "surface's format");
    if (in_.ops.size() < handleAt + 2 || !handle(in_.ops[handleAt], h) || !coordinates(in_.ops[handleAt + 1], c))
      return false;
    return true;
  }

  bool suld() {
    int geom;
    Operand h;
    std::vector<Operand> c;
    if (!surfaceAddress(1, geom, h, c))
      return false;
    unsigned bytes = elementBytes();
    std::vector<Operand> d = elements(in_.ops[0]);
    trapCheck(geom, h, c, bytes * static_cast<unsigned>(d.size()));
    f_.features |= kFeatureTexturesSoftware | kFeatureTrap;
    Type bits = bytes == 8 ? Type::B64 : Type::B32;
    std::vector<std::pair<Operand, Operand>> moves;
    for (size_t k = 0; k < d.size(); ++k) {
      if (d[k].kind == OperandKind::Sink)
        continue;
      if (!d[k].isReg() || bitWidth(f_.reg(d[k].regId()).type) < bitWidth(bits) ||
          bitWidth(f_.reg(d[k].regId()).type) > 64)
        return fail("a destination register is narrower than the element");
      Operand context = Operand::helperContext(); // a .trap access traps
      Operand t = Operand::reg(newTemp(f_, bits));
      Operand n = Operand::imm(static_cast<int64_t>(d.size())), k64 = Operand::imm(static_cast<int64_t>(k));
      if (bytes == 8)
        out_.push_back(makeCall(m_, in_, m_.internHelper(Helper::SuldB64), Type::B64, t,
                                {context, h, Operand::imm(geom), c[0], c[1], c[2], n, k64, Operand::imm(surfaceMode(in_))},
                                {Type::None, Type::U64, Type::U32, Type::B32, Type::B32, Type::B32, Type::U32, Type::U32,
                                 Type::U32}));
      else
        out_.push_back(makeCall(m_, in_, m_.internHelper(Helper::SuldB), Type::B32, t,
                                {context, h, Operand::imm(geom), c[0], c[1], c[2], Operand::imm(bytes), n, k64,
                                 Operand::imm(surfaceMode(in_))},
                                {Type::None, Type::U64, Type::U32, Type::B32, Type::B32, Type::B32, Type::U32,
                                 Type::U32, Type::U32, Type::U32}));
      moves.push_back({d[k], t});
    }
    for (auto &[dst, t] : moves) {
      Type dt = f_.reg(dst.regId()).type;
      if (bitWidth(dt) == bitWidth(bits)) {
        moveInto(dst, t, bits);
      } else {
        // A .b8/.b16/.b32 element into a 64-bit register: zero-extended.
        Inst cvt;
        cvt.irop = IrOp::Convert;
        cvt.type = Type::U64;
        cvt.type2 = Type::U32;
        cvt.guard = in_.guard;
        cvt.guardNegated = in_.guardNegated;
        cvt.srcOffset = in_.srcOffset;
        Operand wide = Operand::reg(newTemp(f_, Type::U64));
        cvt.ops = {wide, t};
        out_.push_back(std::move(cvt));
        moveInto(dst, wide, Type::B64);
      }
    }
    return true;
  }

  bool sust() {
    int geom;
    Operand h;
    std::vector<Operand> c;
    if (!surfaceAddress(0, geom, h, c))
      return false;
    if (in_.ops.size() != 3)
      return fail("unexpected operands");
    unsigned bytes = elementBytes();
    std::vector<Operand> v = elements(in_.ops[2]);
    if (v.size() > 4 || (bytes == 8 && v.size() > 2))
      return fail("unexpected vector width");
    Type bits = bytes == 8 ? Type::B64 : Type::B32;
    std::vector<Operand> vals;
    for (const Operand &e : v) {
      Operand x = e;
      if (e.isReg() && bitWidth(f_.reg(e.regId()).type) < bitWidth(bits)) {
        // A narrower register (.b8/.b16 data in a 16-bit register): zero-extended.
        Inst cvt;
        cvt.irop = IrOp::Convert;
        cvt.type = bits == Type::B64 ? Type::U64 : Type::U32;
        cvt.type2 = unsignedType(bitWidth(f_.reg(e.regId()).type));
        cvt.guard = in_.guard;
        cvt.guardNegated = in_.guardNegated;
        cvt.srcOffset = in_.srcOffset;
        x = Operand::reg(newTemp(f_, cvt.type));
        cvt.ops = {x, e};
        out_.push_back(std::move(cvt));
      } else if (e.isReg() && bitWidth(f_.reg(e.regId()).type) > bitWidth(bits)) {
        return fail("a source register is wider than the element");
      }
      vals.push_back(as(x, bits));
    }
    if (!ok_)
      return fail("a source is not a register or immediate");
    trapCheck(geom, h, c, bytes * static_cast<unsigned>(v.size()));
    f_.features |= kFeatureTexturesSoftware | kFeatureTrap;
    Operand context = Operand::helperContext();
    Operand n = Operand::imm(static_cast<int64_t>(v.size())), mode = Operand::imm(surfaceMode(in_));
    if (bytes == 8) {
      while (vals.size() < 2)
        vals.push_back(Operand::imm(0));
      out_.push_back(makeCall(m_, in_, m_.internHelper(Helper::SustB64), Type::None, Operand{},
                              {context, h, Operand::imm(geom), c[0], c[1], c[2], n, mode, vals[0], vals[1]},
                              {Type::None, Type::U64, Type::U32, Type::B32, Type::B32, Type::B32, Type::U32, Type::U32,
                               Type::B64, Type::B64}));
      return true;
    }
    while (vals.size() < 4)
      vals.push_back(Operand::imm(0));
    out_.push_back(makeCall(m_, in_, m_.internHelper(Helper::SustB), Type::None, Operand{},
                            {context, h, Operand::imm(geom), c[0], c[1], c[2], Operand::imm(bytes), n, mode, vals[0],
                             vals[1], vals[2], vals[3]},
                            {Type::None, Type::U64, Type::U32, Type::B32, Type::B32, Type::B32, Type::U32, Type::U32,
                             Type::U32, Type::B32, Type::B32, Type::B32, Type::B32}));
    return true;
  }

  bool sured() {
    int geom;
    Operand h;
    std::vector<Operand> c;
    if (!surfaceAddress(0, geom, h, c))
      return false;
    if (in_.ops.size() != 3)
      return fail("unexpected operands");
    if (bitWidth(in_.type) != 32)
      return fail("64-bit surface reductions are not supported yet");
    int op = in_.has(Modifier::Add) ? 0 : in_.has(Modifier::Min) ? 1 : in_.has(Modifier::Max) ? 2
             : in_.has(Modifier::And) ? 3 : 4;
    Operand v = as(in_.ops[2], Type::B32);
    if (!ok_)
      return fail("the operand is not a 32-bit register or immediate");
    trapCheck(geom, h, c, 4);
    f_.features |= kFeatureTexturesSoftware | kFeatureTrap | kFeatureAtomics;
    Operand context = Operand::helperContext();
    out_.push_back(makeCall(m_, in_, m_.internHelper(Helper::SuredB32), Type::None, Operand{},
                            {context, h, Operand::imm(geom), c[0], c[1], c[2], Operand::imm(surfaceMode(in_)),
                             Operand::imm(op), Operand::imm(in_.type == Type::S32), v},
                            {Type::None, Type::U64, Type::U32, Type::B32, Type::B32, Type::B32, Type::U32, Type::U32,
                             Type::U32, Type::B32}));
    return true;
  }

  Module &m_;
  Function &f_;
  Inst &in_;
  std::vector<Inst> &out_;
  bool ok_ = true;
};

// Ends each block after its p2m_su_in_range calls: the block branches to the rest of its code
// when the access is in range, else to a block that traps.
void splitTrapChecks(Module &m, Function &f) {
  uint32_t inRange = m.findHelper(Helper::SuInRange);
  if (inRange == kNone)
    return;
  for (uint32_t bi = 0; bi < f.blocks.size(); ++bi) {
    const BlockId b(bi);
    std::vector<Inst> &insts = f.block(b).insts;
    for (size_t i = 0; i < insts.size(); ++i) {
      if (insts[i].irop != IrOp::Call || insts[i].name != inRange)
        continue;
      RegId p = insts[i].ops[0].regId();
      uint32_t at = insts[i].srcOffset;
      Block rest, trap;
      rest.label = "$L_" + std::to_string(f.blocks.size());
      trap.label = "$L_" + std::to_string(f.blocks.size() + 1);
      rest.insts.assign(std::make_move_iterator(insts.begin() + static_cast<ptrdiff_t>(i + 1)),
                        std::make_move_iterator(insts.end()));
      insts.resize(i + 1);
      rest.term = std::move(f.block(b).term);
      trap.term = Terminator{TermKind::Trap, kNone, false, {}, at};
      const BlockId restId(static_cast<uint32_t>(f.blocks.size()));
      const BlockId trapId(restId.index() + 1);
      f.block(b).term = Terminator{TermKind::Branch, p, false, {restId, trapId}, at};
      f.blocks.push_back(std::move(rest)); // `insts` is invalid from here on
      f.blocks.push_back(std::move(trap));
      break; // the rest is scanned as its own block
    }
  }
}

} // namespace

void lowerTextureOps(PassContext &ctx) {
  Module &m = ctx.module;
  forEachFunction(ctx, [&](Function &f) {
    auto needs = [](const Inst &in) {
      if (in.irop != IrOp::Ptx)
        return false;
      switch (in.opcode) {
      case Opcode::Tex: case Opcode::Tld4: case Opcode::Txq: case Opcode::Suq: case Opcode::Suld:
      case Opcode::Sust: case Opcode::Sured: case Opcode::Istypep:
        return true;
      default:
        return false;
      }
    };
    rewriteBlocks(f, needs, [&](Inst &in, std::vector<Inst> &out) { return Lowering(m, f, in, out).run(); });
    if (!f.unsupported)
      splitTrapChecks(m, f);
  });
}

} // namespace p2m::passes
