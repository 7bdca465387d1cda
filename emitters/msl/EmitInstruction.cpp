// Instruction selection: one IR instruction → MSL statements. Registers hold their storage
// type (Types.h: integers unsigned, f32 float, f16/bf16/f64 as bits) and the passes before
// guarantee every register operand matches the instruction's operand types, so each case here
// only adds the explicit signed views, widths and helpers PTX's semantics need. Forms without
// a case are errors (the function is reported unsupported), never approximations.
#include "emitters/msl/Concat.h"
#include "emitters/msl/EmitContext.h"

#include "ir/DeviceRuntime.h"
#include "ir/OperandTypes.h"
#include "support/Format.h"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstring>

namespace p2m::msl {

using namespace ir;
using ptx::Modifier;
using ptx::Opcode;

namespace {

std::string hex32(uint32_t v) { return formatCompiled(FMT_COMPILE("0x{:08X}u"), v); }

std::string floatLiteral(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  if (std::isfinite(f)) {
    if (f == 0.0f)
      return std::signbit(f) ? "-0.0f" : "0.0f";
    // The shortest decimal that reads back as the same float (fmt's default for a float).
    std::string s = formatCompiled(FMT_COMPILE("{}"), f);
    if (s.find_first_of(".e") == std::string::npos)
      s += ".0";
    return s + "f";
  }
  return formatCompiled(FMT_COMPILE("as_type<float>({})"), hex32(bits));
}

uint32_t toF32Bits(const Operand &o) {
  if (o.floatBits == 'f')
    return static_cast<uint32_t>(o.value);
  float f;
  if (o.floatBits == 'd') {
    double d;
    std::memcpy(&d, &o.value, 8);
    f = static_cast<float>(d); // PTX: a double literal in an f32 instruction rounds to nearest
  } else {
    f = static_cast<float>(o.value);
  }
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

uint64_t toF64Bits(const Operand &o) {
  double d;
  if (o.floatBits == 'd')
    return static_cast<uint64_t>(o.value);
  if (o.floatBits == 'f') {
    float f;
    uint32_t b = static_cast<uint32_t>(o.value);
    std::memcpy(&f, &b, 4);
    d = f;
  } else {
    d = static_cast<double>(o.value);
  }
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

uint16_t toF16Bits(const Operand &o) {
  if (!o.floatBits)
    return static_cast<uint16_t>(o.value);
  uint32_t fb = toF32Bits(o);
  float f;
  std::memcpy(&f, &fb, 4);
  _Float16 h = static_cast<_Float16>(f);
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}

std::string_view signedName(unsigned bits) {
  switch (bits) {
  case 8: return "char";
  case 16: return "short";
  case 32: return "int";
  default: return "long";
  }
}

std::string_view unsignedName(unsigned bits) {
  switch (bits) {
  case 8: return "uchar";
  case 16: return "ushort";
  case 32: return "uint";
  default: return "ulong";
  }
}

std::string_view cmpName(const Inst &in) {
  static constexpr std::pair<Modifier, std::string_view> kCmp[] = {
      {Modifier::Eq, "eq"},   {Modifier::Ne, "ne"},   {Modifier::Lt, "lt"},
      {Modifier::Le, "le"},   {Modifier::Gt, "gt"},   {Modifier::Ge, "ge"},
      {Modifier::Lo, "lo"},   {Modifier::Ls, "ls"},   {Modifier::Hi, "hi"},
      {Modifier::Hs, "hs"},   {Modifier::Equ, "equ"}, {Modifier::Neu, "neu"},
      {Modifier::Ltu, "ltu"}, {Modifier::Leu, "leu"}, {Modifier::Gtu, "gtu"},
      {Modifier::Geu, "geu"}, {Modifier::Num, "num"}, {Modifier::Nan, "nan"}};
  for (Modifier m : in.modifiers)
    for (auto &[mod, name] : kCmp)
      if (m == mod)
        return name;
  return {};
}

} // namespace

namespace {

// The per-instruction printer; a thin layer over FunctionEmitter.
struct Sel {
  FunctionEmitter &e;
  const Inst &in;
  const Function &f;
  const Module &m;

  // A register read: its name, or the marker of its forwarded value (ForwardedValues.h).
  [[gnu::always_inline]] std::string_view reg(RegId r) const {
    if (std::string_view marker = e.forwarded.read(r); !marker.empty())
      return marker;
    return f.reg(r).name;
  }

  // The value of a source operand as stored for PTX type t.
  std::string val(const Operand &o, Type t) const {
    switch (o.kind) {
    case OperandKind::Reg:
      if (o.address)
        e.fail(in, "unexpected address operand");
      if (o.negated) {
        std::string_view r = reg(o.regId());
        std::string s;
        s.reserve(r.size() + 1);
        s += '!';
        s += r;
        return s;
      }
      return std::string(reg(o.regId()));
    case OperandKind::Imm: {
      Storage s = storageOf(t);
      switch (s) {
      case Storage::Bool: return o.value ? "true" : "false";
      case Storage::F32: return floatLiteral(toF32Bits(o));
      case Storage::U8: return formatCompiled(FMT_COMPILE("uchar({})"), static_cast<uint8_t>(o.value));
      case Storage::U16:
        if (t == Type::F16 || t == Type::BF16)
          return formatCompiled(FMT_COMPILE("ushort(0x{:04X})"), t == Type::F16 ? toF16Bits(o) : static_cast<uint16_t>(toF32Bits(o) >> 16));
        return formatCompiled(FMT_COMPILE("ushort({})"), static_cast<uint16_t>(o.value));
      case Storage::U32: return concat(Decimal(static_cast<uint32_t>(o.value)), "u");
      case Storage::U64:
        if (t == Type::F64)
          return formatCompiled(FMT_COMPILE("0x{:016X}ul"), toF64Bits(o));
        return concat(Decimal(static_cast<uint64_t>(o.value)), "ul");
      case Storage::U128: e.fail(in, "128-bit immediates are not supported yet");
      }
      return "?";
    }
    default:
      e.fail(in, "unsupported operand");
    }
  }

  // The value of a source operand as val() prints it, viewed where it is a register's name or
  // marker (the commonest source: no copy), else val()'s text kept in `kept`. Same reads, in
  // the same order, as val().
  [[gnu::always_inline]] std::string_view source(const Operand &o, Type t, std::string &kept) const {
    if (o.kind == OperandKind::Reg && !o.address && !o.negated)
      return reg(o.regId());
    kept = val(o, t);
    return kept;
  }

  // A signed or unsigned integer view of a source (for comparisons, division, extension).
  std::string ival(const Operand &o, Type t) const {
    // A signed 32- or 64-bit immediate as the literal of its value (`-4`, not
    // `as_type<int>(4294967292u)`); the most negative one has no literal.
    if (o.kind == OperandKind::Imm && isSigned(t) && (bitWidth(t) == 32 || bitWidth(t) == 64)) {
      int64_t v = bitWidth(t) == 32 ? static_cast<int64_t>(static_cast<int32_t>(o.value)) : static_cast<int64_t>(o.value);
      if (v != (bitWidth(t) == 32 ? INT32_MIN : INT64_MIN))
        return concat(Decimal(v), bitWidth(t) == 32 ? "" : "l");
    }
    std::string v = val(o, t);
    if (isSigned(t))
      return concat("as_type<", signedName(bitWidth(t)), ">(", v, ")");
    return v;
  }

  // An expression formatted into the emitter's expression buffer (FunctionEmitter::expression),
  // reused from instruction to instruction: most expressions outgrow a string's inline
  // storage, and a new string for each would be allocated and freed. The text lasts until the
  // next call, so it goes straight to assign() or a line; no argument may be that text.
  template <typename CompiledFormat, typename... Args>
  const std::string &formatted(const CompiledFormat &format, const Args &...args) const {
    // Measured first, then written in place (through a back_inserter, fmt would append
    // character by character).
    std::string &b = e.expression;
    b.resize(fmt::formatted_size(format, args...));
    fmt::format_to(b.data(), format, args...);
    return b;
  }

  // The pieces one after another in the expression buffer, as formatted() leaves them
  // (Concat.h: no format to interpret).
  template <typename... Pieces>
  const std::string &concatenated(const Pieces &...pieces) const {
    concatInto(e.expression, pieces...);
    return e.expression;
  }

  // A destination register's name (a write never prints a forwarded value).
  const std::string &target(const Operand &d) const { return f.reg(d.regId()).name; }

  // Whether `expr`, the value of destination `d`, is left for d's reader (EmitContext.h).
  // `precedence`: expr's, where the way it was printed tells it (ForwardedValues::capture).
  bool forward(const Operand &d, std::string_view expr, bool fromTemporary = false,
               std::optional<Precedence> precedence = std::nullopt) const {
    return d.kind == OperandKind::Reg && !d.address && e.forwardValue(d.regId(), in, expr, fromTemporary, precedence);
  }

  void assign(const Operand &d, std::string_view expr, std::optional<Precedence> precedence = std::nullopt) const {
    if (d.kind == OperandKind::Sink)
      e.line("(void)({});", expr);
    else if (d.kind == OperandKind::Reg && !d.address && expr == target(d))
      return; // `x = x;` (cvta.to.global x, x): nothing to print
    else if (forward(d, expr, false, precedence))
      return;
    else if (d.kind == OperandKind::Reg && !d.address)
      e.assignment(target(d), expr, e.declaration(d.regId(), in));
    else
      e.fail(in, "unsupported destination operand");
  }

  // A call `name(arguments)` (a helper, a conversion, P2M_MEM, as_type<T>(x)): a primary
  // expression, whose precedence is known without reading it.
  void assignCall(const Operand &d, std::string_view call) const { assign(d, call, Precedence::Primary); }

  // Assigns an expression computed in a wider or signed type back into storage of type t.
  void assignAs(const Operand &d, Type t, std::string_view expr,
                std::optional<Precedence> precedence = std::nullopt) const {
    Storage s = storageOf(t);
    bool unsignedStorage = s == Storage::U8 || s == Storage::U16 || s == Storage::U32 || s == Storage::U64;
    if (unsignedStorage && d.kind == OperandKind::Reg && !d.address &&
        e.forwarded.forwarding(d.regId()) != ir::Forwarding::No)
      assignCall(d, formatCompiled(FMT_COMPILE("{}({})"), unsignedName(bitWidth(t)), expr));
    else if (unsignedStorage && d.kind == OperandKind::Reg && !d.address)
      e.convertingAssignment(target(d), unsignedName(bitWidth(t)), expr, e.declaration(d.regId(), in)); // no temporary
    else if (unsignedStorage)
      assignCall(d, formatCompiled(FMT_COMPILE("{}({})"), unsignedName(bitWidth(t)), expr));
    else
      assign(d, expr, precedence);
  }

  // An expression that already has the unsigned storage type of `t` (uint or ulong
  // arithmetic on registers and `u`/`ul` literals): no conversion around it.
  void assignStorage(const Operand &d, Type t, std::string_view expr,
                     std::optional<Precedence> precedence = std::nullopt) const {
    if (bitWidth(t) >= 32)
      assign(d, expr, precedence);
    else
      assignAs(d, t, expr, precedence);
  }

  const Operand &op(size_t i) const {
    if (i >= in.ops.size())
      e.fail(in, "missing operand");
    return in.ops[i];
  }

  // A boolean argument of a helper call, as MSL spells it.
  static std::string flag(bool b) { return b ? "true" : "false"; }

  // The scalar video instructions (vadd ... vmad, vshl/vshr): the third type modifier as
  // written (b's type; the IR keeps the first two), None when there is none.
  Type thirdVideoType() const {
    int typesSeen = 0;
    for (Modifier m : in.modifiers)
      if (typeFromModifier(m) != Type::None && ++typesSeen == 3)
        return typeFromModifier(m);
    return Type::None;
  }
  // Their secondary operation (P2M_VSEC_*) and destination selector (P2M_VSEL_*: the merge
  // form, the selector a modifier since the IR builder). Without either there is no c.
  std::string videoSecondary() const {
    return in.has(Modifier::Add) ? "P2M_VSEC_ADD" : in.has(Modifier::Min) ? "P2M_VSEC_MIN"
           : in.has(Modifier::Max) ? "P2M_VSEC_MAX" : "P2M_VSEC_NONE";
  }
  std::string videoMerge() const {
    static constexpr std::pair<Modifier, const char *> kSel[] = {
        {Modifier::B0, "P2M_VSEL_B0"}, {Modifier::B1, "P2M_VSEL_B1"}, {Modifier::B2, "P2M_VSEL_B2"},
        {Modifier::B3, "P2M_VSEL_B3"}, {Modifier::H0, "P2M_VSEL_H0"}, {Modifier::H1, "P2M_VSEL_H1"}};
    for (auto &[m, name] : kSel)
      if (in.has(m))
        return name;
    return "P2M_VSEL_NONE";
  }
  // c (operand i), which the secondary operation or the merge needs and the plain form lacks.
  std::string videoThird(size_t i) const {
    bool needsC = videoSecondary() != "P2M_VSEC_NONE" || videoMerge() != "P2M_VSEL_NONE";
    if (needsC != (in.ops.size() == i + 1))
      e.fail(in, needsC ? "the secondary operation or merge of a video instruction needs an operand c"
                        : "a video instruction takes c only with a secondary operation or a merge");
    return needsC ? val(op(i), Type::U32) : "0u";
  }

  // Helper `h` of the registry with its name's parts, recorded as used (its definition goes
  // into the file): its MSL name.
  std::string_view use(Helper h, std::initializer_list<std::string_view> parts = {}) const {
    return e.use(in, h, parts);
  }
  // The same for a helper whose name has the state space of its address (`{{}}`): `space`.
  std::string spaced(Helper h, std::string_view space, std::initializer_list<std::string_view> parts = {}) const {
    std::string name = helperName(h, parts);
    name.replace(name.find("{}"), 2, space);
    e.useName(in, name);
    return name;
  }

  // `name(args...)`, sized once: the arguments are viewed, not copied (the strings a caller
  // builds for them live until its full expression ends).
  std::string helper(std::string_view name, std::initializer_list<std::string_view> args) const {
    std::string s;
    callInto(s, name, args);
    return s;
  }
  // The same in the expression buffer, as formatted() leaves it (no argument may view it): for
  // a call assigned as it is, without a string of its own.
  const std::string &called(std::string_view name, std::initializer_list<std::string_view> args) const {
    callInto(e.expression, name, args);
    return e.expression;
  }
  static void callInto(std::string &s, std::string_view name, std::initializer_list<std::string_view> args) {
    size_t size = name.size() + 2;
    for (std::string_view a : args)
      size += a.size() + 2;
    s.clear();
    s.reserve(size);
    s += name;
    s += '(';
    bool first = true;
    for (std::string_view a : args) {
      if (!first)
        s += ", ";
      s += a;
      first = false;
    }
    s += ')';
  }

  std::string_view typeSuffix(Type t) const { return spelling(t); }

  // --- families -------------------------------------------------------------------------------

  void integerArith() {
    Type t = in.type;
    unsigned w = bitWidth(t);
    auto a = [&](size_t i) { return val(op(i), t); };
    bool narrow = w < 32;
    auto wrap = [&](const std::string &x) {
      return narrow ? concat("uint(", x, ")") : x;
    };
    switch (in.opcode) {
    case Opcode::Add:
    case Opcode::Sub: {
      const char *sym = in.opcode == Opcode::Add ? "+" : "-";
      if (in.has(Modifier::Sat))
        e.fail(in, "saturating integer add/sub must be lowered by insert-saturation");
      if (in.has(Modifier::Cc)) {
        carryOp(in.opcode == Opcode::Add, false);
        return;
      }
      // x + 4294967040u is printed x - 256u: the same sum modulo 2^w, and the number PTX meant.
      const Operand &y = op(2);
      if (!narrow && y.kind == OperandKind::Imm) {
        int64_t v = w == 32 ? static_cast<int64_t>(static_cast<int32_t>(y.value)) : static_cast<int64_t>(y.value);
        if (v < 0 && v != (w == 32 ? INT32_MIN : INT64_MIN))
          return assign(op(0), formatCompiled(FMT_COMPILE("{} {} {}{}"), a(1), in.opcode == Opcode::Add ? "-" : "+",
                                              -v, w == 32 ? "u" : "ul"),
                        operatorPrecedence("+"));
      }
      // Operands (registers, literals, conversions) around one operator: its precedence.
      std::string keptL, keptR;
      const std::string_view lhs = source(op(1), t, keptL), rhs = source(op(2), t, keptR);
      assignStorage(op(0), t,
                    narrow ? concatenated("uint(", lhs, ") ", sym, " uint(", rhs, ")") : concatenated(lhs, " ", sym, " ", rhs),
                    operatorPrecedence(sym));
      return;
    }
    case Opcode::Addc:
    case Opcode::Subc:
      carryOp(in.opcode == Opcode::Addc, true);
      return;
    case Opcode::Mul:
    case Opcode::Mad: {
      bool mad = in.opcode == Opcode::Mad;
      if (in.has(Modifier::Cc))
        return carryMad(false);
      std::string prod;
      Precedence prodPrecedence = Precedence::Primary; // a call, or a product
      Type rt = t;
      if (in.has(Modifier::Hi)) {
        if (in.has(Modifier::Sat))
          return assignCall(op(0), called(use(Helper::MadHiSatS32), {a(1), a(2), a(3)}));
        prod = helper(use(Helper::MulHi, {typeSuffix(t)}), {ival(op(1), t), ival(op(2), t)});
      } else if (in.has(Modifier::Wide)) {
        rt = isSigned(t) ? signedType(w * 2) : unsignedType(w * 2);
        prod = helper(use(Helper::MulWide, {typeSuffix(t)}), {ival(op(1), t), ival(op(2), t)});
        if (isSigned(t))
          prod = formatCompiled(FMT_COMPILE("as_type<{}>({})"), unsignedName(w * 2), prod);
      } else {
        std::string keptL, keptR;
        const std::string_view lhs = source(op(1), t, keptL), rhs = source(op(2), t, keptR);
        prod = narrow ? concat("uint(", lhs, ") * uint(", rhs, ")") : concat(lhs, " * ", rhs);
        prodPrecedence = operatorPrecedence("*");
      }
      // Low product (and sum) of uint/ulong operands, or a wide product as ulong: already of the
      // destination's storage type.
      bool storageTyped = !in.has(Modifier::Hi) && (in.has(Modifier::Wide) ? w == 32 : !narrow);
      if (mad && storageTyped) {
        std::string kept;
        const std::string_view addend = source(op(3), rt, kept);
        return assign(op(0), concatenated(prod, " + ", addend), operatorPrecedence("+"));
      }
      if (storageTyped)
        return assign(op(0), prod, prodPrecedence);
      if (mad)
        prod = formatCompiled(FMT_COMPILE("{} + {}"), in.has(Modifier::Hi) && isSigned(t)
                                          ? formatCompiled(FMT_COMPILE("as_type<{}>({})"), unsignedName(w), prod)
                                          : (narrow && !in.has(Modifier::Wide) ? formatCompiled(FMT_COMPILE("uint({})"), prod) : "(" + prod + ")"),
                           narrow && !in.has(Modifier::Wide) ? wrap(val(op(3), rt)) : val(op(3), rt));
      else if (in.has(Modifier::Hi) && isSigned(t))
        prod = formatCompiled(FMT_COMPILE("as_type<{}>({})"), unsignedName(w), prod);
      assignAs(op(0), rt, prod);
      return;
    }
    case Opcode::Mul24:
    case Opcode::Mad24: {
      std::string_view h = use(Helper::Mul24, {in.has(Modifier::Hi) ? "hi" : "lo", typeSuffix(t)});
      std::string prod = helper(h, {ival(op(1), t), ival(op(2), t)});
      if (isSigned(t))
        prod = formatCompiled(FMT_COMPILE("as_type<uint>({})"), prod);
      if (in.opcode == Opcode::Mad24) {
        if (in.has(Modifier::Sat))
          e.fail(in, "mad24.sat is not supported yet");
        prod = formatCompiled(FMT_COMPILE("{} + {}"), prod, a(3));
      }
      assignAs(op(0), t, prod);
      return;
    }
    case Opcode::Div:
    case Opcode::Rem: {
      Helper h = in.opcode == Opcode::Div ? Helper::DivInt : Helper::RemInt;
      if (w < 32) {
        // 16-bit division through the 32-bit helper: the operands extended by their signedness.
        Type wt = isSigned(t) ? Type::S32 : Type::U32;
        std::string x = isSigned(t) ? formatCompiled(FMT_COMPILE("int({})"), ival(op(1), t)) : formatCompiled(FMT_COMPILE("uint({})"), a(1));
        std::string y = isSigned(t) ? formatCompiled(FMT_COMPILE("int({})"), ival(op(2), t)) : formatCompiled(FMT_COMPILE("uint({})"), a(2));
        std::string r = helper(use(h, {typeSuffix(wt)}), {x, y});
        return assignAs(op(0), t, isSigned(t) ? formatCompiled(FMT_COMPILE("as_type<uint>({})"), r) : r);
      }
      std::string r = helper(use(h, {typeSuffix(t)}), {ival(op(1), t), ival(op(2), t)});
      if (isSigned(t))
        r = formatCompiled(FMT_COMPILE("as_type<{}>({})"), unsignedName(w), r);
      return assignCall(op(0), r);
    }
    case Opcode::Abs:
    case Opcode::Neg: {
      if (in.opcode == Opcode::Neg) // two's complement, wrapping (neg of MIN is MIN)
        return assignAs(op(0), t, formatCompiled(FMT_COMPILE("{} - {}"), w == 64 ? "0ul" : "0u", wrap(a(1))));
      std::string r = helper(use(Helper::AbsInt, {typeSuffix(t)}), {ival(op(1), t)});
      return assignAs(op(0), t, formatCompiled(FMT_COMPILE("as_type<{}>({})"), unsignedName(w), r));
    }
    case Opcode::Min:
    case Opcode::Max: {
      if (in.has(Modifier::Relu))
        e.fail(in, "min/max.relu is not supported yet");
      const char *fn = in.opcode == Opcode::Min ? "min" : "max";
      if (isSigned(t))
        return assignCall(op(0), formatCompiled(FMT_COMPILE("as_type<{}>({}({}, {}))"), unsignedName(w), fn, ival(op(1), t), ival(op(2), t)));
      return assignCall(op(0), formatCompiled(FMT_COMPILE("{}({}, {})"), fn, a(1), a(2)));
    }
    default:
      e.fail(in, "unhandled integer instruction");
    }
  }

  // add.cc/addc/sub.cc/subc: the carry flag CC.CF lives in p2m_cc. NVIDIA's hardware
  // subtracts as a + ~b + 1 (sub) or a + ~b + CF (subc) and keeps that sum's carry, so a
  // borrow clears CF and subc subtracts 1 - CF (measured on the H200, docs/gpu-facts.md).
  void carryOp(bool add, bool useCarry) {
    Type t = in.type;
    unsigned w = bitWidth(t);
    if (w != 32 && w != 64)
      e.fail(in, "carry arithmetic on this type is not supported");
    std::string u(unsignedName(w));
    std::string a = val(op(1), t), b = val(op(2), t);
    std::string cin = useCarry ? formatCompiled(FMT_COMPILE("{}(p2m_cc)"), u) : (add ? "0" : "1");
    bool setCarry = in.has(Modifier::Cc);
    e.line("{");
    ++e.indent;
    if (add)
      e.line("{} p2m_x = {}, p2m_y = {};", u, a, b);
    else
      e.line("{} p2m_x = {}, p2m_y = ~({});", u, a, b);
    e.line("{} p2m_s = p2m_x + p2m_y;", u);
    e.line("{} p2m_r = p2m_s + {};", u, cin);
    if (setCarry)
      e.line("p2m_cc = (p2m_s < p2m_x || p2m_r < p2m_s) ? 1u : 0u;");
    assign(op(0), "p2m_r");
    --e.indent;
    e.line("}");
  }

  // mad.cc / madc: (a*b).lo or .hi plus c [plus CC.CF], setting CC.CF with .cc.
  void carryMad(bool useCarry) {
    Type t = in.type;
    unsigned w = bitWidth(t);
    if (w != 32 && w != 64)
      e.fail(in, "carry arithmetic on this type is not supported");
    std::string u(unsignedName(w));
    std::string prod;
    if (in.has(Modifier::Hi)) {
      prod = helper(use(Helper::MulHi, {typeSuffix(t)}), {ival(op(1), t), ival(op(2), t)});
      if (isSigned(t))
        prod = formatCompiled(FMT_COMPILE("as_type<{}>({})"), u, prod);
    } else {
      prod = formatCompiled(FMT_COMPILE("{} * {}"), val(op(1), t), val(op(2), t));
    }
    e.line("{");
    ++e.indent;
    e.line("{} p2m_p = {}, p2m_z = {};", u, prod, val(op(3), t));
    e.line("{} p2m_s = p2m_p + p2m_z;", u);
    if (useCarry) {
      e.line("{} p2m_r = p2m_s + {}(p2m_cc);", u, u);
      if (in.has(Modifier::Cc))
        e.line("p2m_cc = (p2m_s < p2m_p || p2m_r < p2m_s) ? 1u : 0u;");
    } else {
      e.line("{} p2m_r = p2m_s;", u);
      e.line("p2m_cc = p2m_s < p2m_p ? 1u : 0u;");
    }
    assign(op(0), "p2m_r");
    --e.indent;
    e.line("}");
  }

  void logic() {
    Type t = in.type;
    unsigned w = bitWidth(t);
    std::string keptA, keptB;
    auto b = [&] { return source(op(2), t, keptB); };
    if (t == Type::Pred) {
      const std::string_view a = source(op(1), t, keptA);
      switch (in.opcode) {
      case Opcode::And: return assign(op(0), concatenated(a, " && ", b()), operatorPrecedence("&&"));
      case Opcode::Or: return assign(op(0), concatenated(a, " || ", b()), operatorPrecedence("||"));
      case Opcode::Xor: return assign(op(0), concatenated(a, " != ", b()), operatorPrecedence("!="));
      case Opcode::Not: return assign(op(0), formatCompiled(FMT_COMPILE("!{}"), a));
      case Opcode::Cnot: return assign(op(0), formatCompiled(FMT_COMPILE("!{}"), a));
      default: break;
      }
    }
    const std::string_view a = source(op(1), t, keptA);
    switch (in.opcode) {
    case Opcode::And: return assignStorage(op(0), t, concatenated(a, " & ", b()), operatorPrecedence("&"));
    case Opcode::Or: return assignStorage(op(0), t, concatenated(a, " | ", b()), operatorPrecedence("|"));
    case Opcode::Xor: return assignStorage(op(0), t, concatenated(a, " ^ ", b()), operatorPrecedence("^"));
    case Opcode::Not: return assignStorage(op(0), t, formatCompiled(FMT_COMPILE("~{}"), a));
    case Opcode::Cnot: return assignAs(op(0), t, formatCompiled(FMT_COMPILE("{} == 0 ? 1 : 0"), a));
    default: break;
    }
    (void)w;
    e.fail(in, "unhandled logic instruction");
  }

  void bits() {
    Type t = in.type;
    const std::string_view s = typeSuffix(t);
    auto a = [&](size_t i, Type ty) { return val(op(i), ty); };
    switch (in.opcode) {
    case Opcode::Shl:
      return assignCall(op(0), called(use(Helper::Shl, {typeSuffix(bitsType(bitWidth(t)))}), {a(1, t), a(2, Type::U32)}));
    case Opcode::Shr: {
      if (isSigned(t))
        return assignCall(op(0), formatCompiled(FMT_COMPILE("as_type<{}>({})"), unsignedName(bitWidth(t)),
                                         helper(use(Helper::Shr, {s}), {ival(op(1), t), a(2, Type::U32)})));
      return assignCall(op(0), called(use(Helper::Shr, {typeSuffix(unsignedType(bitWidth(t)))}), {a(1, t), a(2, Type::U32)}));
    }
    case Opcode::Popc:
      return assignCall(op(0), called(use(Helper::Popc, {typeSuffix(bitsType(bitWidth(t)))}), {a(1, t)}));
    case Opcode::Clz:
      return assignCall(op(0), called(use(Helper::Clz, {typeSuffix(bitsType(bitWidth(t)))}), {a(1, t)}));
    case Opcode::Brev:
      return assignCall(op(0), called(use(Helper::Brev, {typeSuffix(bitsType(bitWidth(t)))}), {a(1, t)}));
    case Opcode::Bfind: {
      std::string_view name = use(in.has(Modifier::Shiftamt) ? Helper::BfindShiftamt : Helper::Bfind, {s});
      return assignCall(op(0), called(name, {ival(op(1), t)}));
    }
    case Opcode::Bfe: {
      std::string r = helper(use(Helper::Bfe, {s}), {ival(op(1), t), a(2, Type::U32), a(3, Type::U32)});
      if (isSigned(t))
        r = formatCompiled(FMT_COMPILE("as_type<{}>({})"), unsignedName(bitWidth(t)), r);
      return assignCall(op(0), r);
    }
    case Opcode::Bfi:
      return assignCall(op(0), called(use(Helper::Bfi, {s}), {a(1, t), a(2, t), a(3, Type::U32), a(4, Type::U32)}));
    case Opcode::Prmt: {
      std::string mode;
      for (Modifier mm : in.modifiers)
        if (mm == Modifier::F4e || mm == Modifier::B4e || mm == Modifier::Rc8 || mm == Modifier::Ecl ||
            mm == Modifier::Ecr || mm == Modifier::Rc16)
          mode = std::string(ptx::spelling(mm)) + "_";
      return assignCall(op(0), called(use(Helper::Prmt, {mode}), {a(1, Type::B32), a(2, Type::B32), a(3, Type::B32)}));
    }
    case Opcode::Lop3:
      if (in.ops.size() != 5)
        e.fail(in, "lop3 with a predicate output is not supported yet");
      return assignCall(op(0), called(use(Helper::Lop3), {a(1, Type::B32), a(2, Type::B32), a(3, Type::B32), a(4, Type::B32)}));
    case Opcode::Shf: {
      std::string dir = in.has(Modifier::L) ? "l" : "r";
      std::string mode = in.has(Modifier::Clamp) ? "clamp" : "wrap";
      return assignCall(op(0), called(use(Helper::Shf, {dir, mode, s}), {a(1, t), a(2, t), a(3, Type::U32)}));
    }
    case Opcode::Bmsk:
      return assignCall(op(0), called(use(Helper::Bmsk, {in.has(Modifier::Clamp) ? "clamp" : "wrap"}), {a(1, Type::U32), a(2, Type::U32)}));
    case Opcode::Szext: {
      std::string r = helper(use(Helper::Szext, {in.has(Modifier::Clamp) ? "clamp" : "wrap", s}), {a(1, Type::U32), a(2, Type::U32)});
      return assignCall(op(0), r);
    }
    case Opcode::Sad: {
      std::string r = helper(use(Helper::Sad, {s}), {ival(op(1), t), ival(op(2), t), val(op(3), t)});
      return assignAs(op(0), t, r);
    }
    case Opcode::Dp4a:
    case Opcode::Dp2a: {
      std::string_view name = in.opcode == Opcode::Dp4a
                             ? use(Helper::Dp4a, {typeSuffix(in.type), typeSuffix(in.type2)})
                             : use(Helper::Dp2a, {in.has(Modifier::Hi) ? "hi" : "lo", typeSuffix(in.type), typeSuffix(in.type2)});
      Type ct = isSigned(in.type) || isSigned(in.type2) ? Type::S32 : Type::U32;
      return assignCall(op(0), called(name, {a(1, Type::B32), a(2, Type::B32), a(3, ct)}));
    }
    case Opcode::Vadd4: case Opcode::Vsub4: case Opcode::Vabsdiff4: case Opcode::Vmin4: case Opcode::Vmax4: {
      // The video instructions' types are written d, a, b; the IR keeps the first two.
      Type bt = Type::None;
      int typesSeen = 0;
      for (Modifier m : in.modifiers)
        if (m == Modifier::U32 || m == Modifier::S32)
          if (++typesSeen == 3)
            bt = m == Modifier::S32 ? Type::S32 : Type::U32;
      const char *opName = in.opcode == Opcode::Vadd4 ? "P2M_VOP4_ADD" : in.opcode == Opcode::Vsub4 ? "P2M_VOP4_SUB"
                           : in.opcode == Opcode::Vabsdiff4 ? "P2M_VOP4_ABSDIFF"
                           : in.opcode == Opcode::Vmin4 ? "P2M_VOP4_MIN" : "P2M_VOP4_MAX";
      std::string r = helper(use(Helper::Vop4), {opName, a(1, Type::U32), a(2, Type::U32), a(3, Type::U32),
                                          flag(isSigned(in.type)), flag(isSigned(in.type2)), flag(bt == Type::S32),
                                          flag(in.has(Modifier::Sat)), flag(in.has(Modifier::Add))});
      return assignCall(op(0), r);
    }
    case Opcode::Vadd: case Opcode::Vsub: case Opcode::Vabsdiff: case Opcode::Vmin: case Opcode::Vmax: {
      // The types are written d, a, b; the IR keeps d and a. Selectors on a and b became a
      // bfe before the instruction (the IR builder); d's is a modifier (the merge form).
      const char *opName = in.opcode == Opcode::Vadd ? "P2M_VOP_ADD" : in.opcode == Opcode::Vsub ? "P2M_VOP_SUB"
                           : in.opcode == Opcode::Vabsdiff ? "P2M_VOP_ABSDIFF"
                           : in.opcode == Opcode::Vmin ? "P2M_VOP_MIN" : "P2M_VOP_MAX";
      std::string r = helper(use(Helper::Vop), {opName, a(1, Type::U32), a(2, Type::U32), videoThird(3),
                                         flag(isSigned(in.type)), flag(isSigned(in.type2)),
                                         flag(thirdVideoType() == Type::S32), flag(in.has(Modifier::Sat)),
                                         videoSecondary(), videoMerge()});
      return assignCall(op(0), r);
    }
    case Opcode::Vset: {
      // The types are written a, b: no d type (the result is unsigned).
      std::string_view cmp = cmpName(in);
      std::string cmpMacro = "P2M_VCMP_";
      for (char ch : cmp)
        cmpMacro += static_cast<char>(ch - 'a' + 'A');
      if (cmp != "eq" && cmp != "ne" && cmp != "lt" && cmp != "le" && cmp != "gt" && cmp != "ge")
        e.fail(in, "vset takes .eq, .ne, .lt, .le, .gt or .ge");
      std::string r = helper(use(Helper::Vset), {cmpMacro, a(1, Type::U32), a(2, Type::U32), videoThird(3),
                                          flag(isSigned(in.type)), flag(isSigned(in.type2)), videoSecondary(),
                                          videoMerge()});
      return assignCall(op(0), r);
    }
    case Opcode::Vshl: case Opcode::Vshr: {
      // The types are written d, a (then .u32 for b); the IR keeps d and a.
      std::string r = helper(use(Helper::Vshift), {flag(in.opcode == Opcode::Vshl), a(1, Type::U32), a(2, Type::U32),
                                            videoThird(3), flag(isSigned(in.type)), flag(isSigned(in.type2)),
                                            flag(in.has(Modifier::Clamp)), flag(in.has(Modifier::Sat)),
                                            videoSecondary(), videoMerge()});
      return assignCall(op(0), r);
    }
    case Opcode::Vmad: {
      // The types are written d, a, b; the final signedness follows a, b and the negations
      // (the IR builder marks a source written `-%r` as negated), not d.
      if (in.ops.size() != 4)
        e.fail(in, "vmad takes d, a, b, c");
      if (videoMerge() != "P2M_VSEL_NONE")
        e.fail(in, "vmad has no merge form");
      bool negA = in.ops[1].negated, negB = in.ops[2].negated, negC = in.ops[3].negated;
      if (in.has(Modifier::Po) && (negA || negB || negC))
        e.fail(in, "vmad.po takes no negated operand");
      auto word = [&](int i) {
        Operand o = in.ops[static_cast<size_t>(i)];
        o.negated = false;
        return val(o, Type::U32);
      };
      const char *scale = in.has(Modifier::Shr7) ? "7u" : in.has(Modifier::Shr15) ? "15u" : "0u";
      std::string r = helper(use(Helper::Vmad), {word(1), word(2), word(3), flag(isSigned(in.type2)),
                                          flag(thirdVideoType() == Type::S32), flag(negA != negB), flag(negC),
                                          flag(in.has(Modifier::Po)), scale, flag(in.has(Modifier::Sat))});
      return assignCall(op(0), r);
    }
    default:
      e.fail(in, "unhandled bit instruction");
    }
  }

  std::string floatView(const Operand &o, Type t) const {
    std::string v = val(o, t);
    switch (t) {
    case Type::F32: return v;
    case Type::F16: return formatCompiled(FMT_COMPILE("float(as_type<half>({}))"), v);
    case Type::BF16: return formatCompiled(FMT_COMPILE("as_type<float>(uint({}) << 16)"), v);
    default: e.fail(in, "unsupported floating-point comparison type");
    }
  }

  // In the expression buffer (formatted()).
  const std::string &compare(std::string_view cmp, Type t, const Operand &x, const Operand &y) const {
    std::string keptA, keptB;
    std::string_view a, b; // x's text, then y's (read in that order)
    if (t == Type::F32) { // compared as they are (floatView's f32 case)
      a = source(x, t, keptA);
      b = source(y, t, keptB);
      return compareFloats(cmp, a, b);
    }
    if (isFloat(t)) {
      a = keptA = floatView(x, t);
      b = keptB = floatView(y, t);
      return compareFloats(cmp, a, b);
    }
    // Equality is the same on the bits whatever the signedness: no signed views (nor for
    // unsigned types, whose ival is their val).
    bool equality = cmp == "eq" || cmp == "ne";
    if (equality || !isSigned(t)) {
      a = source(x, t, keptA);
      b = source(y, t, keptB);
    } else {
      a = keptA = ival(x, t);
      b = keptB = ival(y, t);
    }
    if (t == Type::Pred) {
      if (cmp == "eq") return concatenated(a, " == ", b);
      if (cmp == "ne") return concatenated(a, " != ", b);
      e.fail(in, "unsupported predicate comparison");
    }
    std::string_view op = integerComparison(cmp);
    if (op.empty())
      e.fail(in, "unsupported integer comparison");
    return concatenated(a, " ", op, " ", b);
  }

  // The C++ operator of integer comparison `cmp` (empty: none).
  static std::string_view integerComparison(std::string_view cmp) {
    if (cmp == "eq") return "==";
    if (cmp == "ne") return "!=";
    if (cmp == "lt" || cmp == "lo") return "<";
    if (cmp == "le" || cmp == "ls") return "<=";
    if (cmp == "gt" || cmp == "hi") return ">";
    if (cmp == "ge" || cmp == "hs") return ">=";
    return {};
  }

  void setp() {
    std::string_view cmp = cmpName(in);
    if (cmp.empty())
      e.fail(in, "setp without a comparison");
    if (in.type == Type::F16x2 || in.type == Type::BF16x2)
      e.fail(in, "packed setp is not supported yet");
    if (in.ops.size() != 3)
      e.fail(in, "setp with a combiner must be split by normalize-predicates");
    // An integer comparison is one operator between operands (compare()): its precedence.
    std::optional<Precedence> precedence;
    if (!isFloat(in.type) && !integerComparison(cmp).empty())
      precedence = operatorPrecedence(integerComparison(cmp));
    assign(op(0), compare(cmp, in.type, op(1), op(2)), precedence);
  }

  // A comparison of floats given as MSL expressions (shared by the scalar and packed forms), in
  // the expression buffer (formatted()).
  const std::string &compareFloats(std::string_view cmp, std::string_view a, std::string_view b) const {
    if (cmp == "eq") return concatenated(a, " == ", b);
    if (cmp == "ne") return concatenated("(", a, " < ", b, " || ", a, " > ", b, ")");
    if (cmp == "lt") return concatenated(a, " < ", b);
    if (cmp == "le") return concatenated(a, " <= ", b);
    if (cmp == "gt") return concatenated(a, " > ", b);
    if (cmp == "ge") return concatenated(a, " >= ", b);
    if (cmp == "equ") return concatenated("!(", a, " < ", b, " || ", a, " > ", b, ")");
    if (cmp == "neu") return concatenated("!(", a, " == ", b, ")");
    if (cmp == "ltu") return concatenated("!(", a, " >= ", b, ")");
    if (cmp == "leu") return concatenated("!(", a, " > ", b, ")");
    if (cmp == "gtu") return concatenated("!(", a, " <= ", b, ")");
    if (cmp == "geu") return concatenated("!(", a, " < ", b, ")");
    if (cmp == "num") return concatenated("(", a, " == ", a, " && ", b, " == ", b, ")");
    if (cmp == "nan") return concatenated("(", a, " != ", a, " || ", b, " != ", b, ")");
    e.fail(in, "unsupported floating-point comparison");
  }

  // One half (0: low, 1: high) of a packed f16x2/bf16x2 value, as a float (exact).
  std::string halfView(const std::string &v, Type t, int half) const {
    if (t == Type::F16x2)
      return formatCompiled(FMT_COMPILE("float(as_type<half>(ushort({} >> {})))"), v, half * 16);
    return half ? formatCompiled(FMT_COMPILE("as_type<float>({} & 0xFFFF0000u)"), v) : formatCompiled(FMT_COMPILE("as_type<float>({} << 16)"), v);
  }

  // set.CMP.dtype.{f16x2,bf16x2}: each half compares on its own; a true half is 0xFFFF
  // (integer dtype) or 1.0 (f16x2 dtype), a false one 0.
  void setPacked(std::string_view cmp) {
    Type st = in.type2;
    std::string a = val(op(1), st), b = val(op(2), st);
    std::string one = in.type == Type::F16x2 ? "0x3C00u" : in.type == Type::BF16x2 ? "0x3F80u" : "0xFFFFu";
    std::string lo = compareFloats(cmp, halfView(a, st, 0), halfView(b, st, 0));
    std::string hi = compareFloats(cmp, halfView(a, st, 1), halfView(b, st, 1));
    assign(op(0), formatCompiled(FMT_COMPILE("(({}) ? {} : 0u) | ((({}) ? {} : 0u) << 16)"), lo, one, hi, one));
  }

  void set() {
    std::string_view cmp = cmpName(in);
    if (in.ops.size() != 3 || cmp.empty())
      e.fail(in, "set with a boolean combiner is not supported yet");
    if (in.type2 == Type::F16x2 || in.type2 == Type::BF16x2)
      return setPacked(cmp);
    std::string c = compare(cmp, in.type2, op(1), op(2));
    if (in.type == Type::F32)
      return assign(op(0), formatCompiled(FMT_COMPILE("({}) ? 1.0f : 0.0f"), c));
    return assignAs(op(0), in.type, formatCompiled(FMT_COMPILE("({}) ? 0xFFFFFFFFu : 0u"), c));
  }

  void selp() {
    Type t = in.type;
    std::string keptC, keptX, keptY;
    const std::string_view c = source(op(3), Type::Pred, keptC), x = source(op(1), t, keptX), y = source(op(2), t, keptY);
    assign(op(0), concatenated(c, " ? ", x, " : ", y), operatorPrecedence("?"));
  }

  void slct() {
    Type t = in.type;
    std::string c = in.type2 == Type::F32 ? formatCompiled(FMT_COMPILE("{} >= 0.0f"), val(op(3), Type::F32))
                                          : formatCompiled(FMT_COMPILE("as_type<int>({}) >= 0"), val(op(3), Type::S32));
    if (in.has(Modifier::Ftz) && in.type2 == Type::F32)
      c = formatCompiled(FMT_COMPILE("(({0}) || as_type<uint>({1}) == 0x80000000u || (as_type<uint>({1}) & 0x7F800000u) == 0u)"),
                      c, val(op(3), Type::F32));
    assign(op(0), formatCompiled(FMT_COMPILE("{} ? {} : {}"), c, val(op(1), t), val(op(2), t)));
  }

  void mov() {
    Type t = in.type;
    const Operand &d = op(0), &s = op(1);
    if (d.kind == OperandKind::Vector) {
      // Unpack: element 0 takes the low bits.
      unsigned n = static_cast<unsigned>(d.value), w = bitWidth(t) / n;
      for (unsigned i = 0; i < n; ++i) {
        const Operand &el = f.vectorElements[d.id + i];
        if (el.kind == OperandKind::Sink)
          continue;
        std::string kept;
        const std::string_view v = source(s, t, kept);
        assign(el, concatenated(unsignedName(w), "(", v, " >> ", Decimal(i * w), ")"));
      }
      return;
    }
    if (s.kind == OperandKind::Vector) {
      unsigned n = static_cast<unsigned>(s.value), w = bitWidth(t) / n;
      // `U(e0) | (U(e1) << w) | ...`, appended into one string (the shifts through to_chars:
      // fmt through a back_inserter appends character by character).
      std::string expr;
      expr.reserve(32 * n);
      const std::string_view wide = unsignedName(bitWidth(t));
      for (unsigned i = 0; i < n; ++i) {
        const Operand &el = f.vectorElements[s.id + i];
        if (i)
          expr += " | (";
        expr += wide;
        expr += '(';
        std::string kept;
        expr += source(el, bitsType(w), kept);
        expr += ')';
        if (i) {
          char shift[16];
          expr += " << ";
          expr.append(shift, std::to_chars(shift, shift + sizeof shift, i * w).ptr);
          expr += ')';
        }
      }
      return assign(d, expr);
    }
    if (s.isReg() && !s.negated)
      return assign(d, reg(s.regId())); // the register's name or marker, not copied first
    assign(d, val(s, t));
  }

  // cvt between integer types, and the float forms MSL does exactly.
  void cvt() {
    Type dt = in.type, st = in.type2;
    unsigned dw = bitWidth(dt), sw = bitWidth(st);
    bool sat = in.has(Modifier::Sat);
    if (in.has(Modifier::Pack)) {
      // The convert type is a modifier; the IR types are u32 <- s32 (Builder.cpp).
      const char *ct = in.has(Modifier::U16) ? "u16" : in.has(Modifier::S16) ? "s16"
                       : in.has(Modifier::U8) ? "u8" : in.has(Modifier::S8) ? "s8" : nullptr;
      if (!ct || !sat || st != Type::S32)
        e.fail(in, "this cvt.pack form is not supported yet");
      std::string a = ival(op(1), Type::S32), b = ival(op(2), Type::S32);
      if (in.ops.size() == 4)
        return assignCall(op(0), called(use(Helper::CvtPackSatMerge, {ct}), {a, b, val(op(3), Type::B32)}));
      return assignCall(op(0), called(use(Helper::CvtPackSat, {ct}), {a, b}));
    }
    if (!isFloat(dt) && !isFloat(st)) {
      if (sat && (isSigned(dt) != isSigned(st) || dw < sw)) {
        std::string r = helper(use(Helper::SatIntFromInt, {typeSuffix(dt), typeSuffix(st)}), {ival(op(1), st)});
        return assignCall(op(0), isSigned(dt) ? formatCompiled(FMT_COMPILE("as_type<{}>({})"), unsignedName(dw), r) : r);
      }
      // Extension follows the source's signedness; narrowing keeps the low bits.
      std::string v = ival(op(1), st);
      if (dw > sw && isSigned(st))
        return assignCall(op(0), formatCompiled(FMT_COMPILE("as_type<{}>({}({}))"), unsignedName(dw), signedName(dw), v));
      return assignCall(op(0), formatCompiled(FMT_COMPILE("{}({})"), unsignedName(dw), val(op(1), st)));
    }
    e.fail(in, "floating-point cvt must be lowered by lower-rounding-and-ftz");
  }

  void floatArith() {
    Type t = in.type;
    if (t == Type::F32) {
      for (Modifier mm : in.modifiers)
        if (mm == Modifier::Rz || mm == Modifier::Rm || mm == Modifier::Rp || mm == Modifier::Sat ||
            mm == Modifier::Approx)
          e.fail(in, "f32 rounding/saturation must be lowered by lower-rounding-and-ftz");
      // NVIDIA's canonical NaN, unless defer-nan-canonicalization moved it to the readers.
      const bool canon = !in.nanBitsUnobserved;
      // A call, or one operator between operands.
      auto binary = [&](std::string_view sign) {
        std::string keptA, keptB;
        const std::string_view a = source(op(1), t, keptA), b = source(op(2), t, keptB);
        return assign(op(0), canon ? concatenated("p2m_canon_f32(", a, " ", sign, " ", b, ")")
                                   : concatenated(a, " ", sign, " ", b),
                      canon ? Precedence::Primary : operatorPrecedence(sign));
      };
      switch (in.opcode) {
      case Opcode::Add: return binary("+");
      case Opcode::Sub: return binary("-");
      case Opcode::Mul: return binary("*");
      case Opcode::Fma:
      case Opcode::Mad: {
        std::string keptA, keptB, keptC;
        const std::string_view a = source(op(1), t, keptA), b = source(op(2), t, keptB), c = source(op(3), t, keptC);
        return assignCall(op(0), canon ? concatenated("p2m_canon_f32(fma(", a, ", ", b, ", ", c, "))")
                                       : concatenated("fma(", a, ", ", b, ", ", c, ")"));
      }
      default: break;
      }
    }
    if (t == Type::F16) {
      for (Modifier mm : in.modifiers)
        if (mm == Modifier::Sat || mm == Modifier::Ftz || mm == Modifier::Relu || mm == Modifier::Oob)
          e.fail(in, "this f16 form must be lowered by lower-rounding-and-ftz");
      auto h = [&](size_t i) { return formatCompiled(FMT_COMPILE("as_type<half>({})"), val(op(i), t)); };
      switch (in.opcode) {
      case Opcode::Add: return assign(op(0), formatCompiled(FMT_COMPILE("as_type<ushort>(half({} + {}))"), h(1), h(2)));
      case Opcode::Sub: return assign(op(0), formatCompiled(FMT_COMPILE("as_type<ushort>(half({} - {}))"), h(1), h(2)));
      case Opcode::Mul: return assign(op(0), formatCompiled(FMT_COMPILE("as_type<ushort>(half({} * {}))"), h(1), h(2)));
      default: break;
      }
    }
    e.fail(in, formatCompiled(FMT_COMPILE("{}.{} is not supported yet"), ptx::spelling(in.opcode), spelling(t)));
  }

  // --- memory ---------------------------------------------------------------------------------

  // The base address of a memory operand, as an expression, and the address space of the
  // pointer the emitter builds from it.
  struct Place {
    std::string_view pointerSpace; // device, threadgroup, thread, constant, "generic" (literals)
    std::string base;              // for device/generic: a ulong address; else a `space uchar*` expr
    // Whether place() printed `base` as one parenthesized group (isOneGroup: `(x + 8)`), known
    // as it is built rather than found by a scan of the text.
    bool grouped = false;
  };

  Place place(const Operand &a, Space space, bool fromGeneric) const {
    auto offset = [&](std::string_view x) {
      return a.value ? concat("(", x, " + ", Decimal(a.value), ")") : std::string(x);
    };
    const std::string_view addrReg = a.kind == OperandKind::Reg ? reg(a.regId()) : std::string_view();
    Type at = a.kind == OperandKind::Reg ? f.reg(a.regId()).type : Type::U64;
    if (a.kind == OperandKind::Imm) {
      if (space != Space::Global && space != Space::Generic)
        e.fail(in, "absolute addresses are supported in global space only");
      return {"device", formatCompiled(FMT_COMPILE("{}ul"), static_cast<uint64_t>(a.value)), false};
    }
    switch (space) {
    case Space::Global:
      if (a.kind == OperandKind::Symbol)
        return {"device", offset(formatCompiled(FMT_COMPILE("(p2m_module_word(ctx.module, P2M_MODULE_GLOBAL_BASE) + {}ul)"),
                                             m.symbol(a.symId()).offset)), true};
      return {"device", bitWidth(at) == 32 ? offset(concat("ulong(", addrReg, ")")) : offset(addrReg), a.value != 0};
    case Space::Const:
      if (a.kind == OperandKind::Symbol)
        return {"device", offset(formatCompiled(FMT_COMPILE("(p2m_module_word(ctx.module, P2M_MODULE_CONST_BASE) + {}ul)"),
                                             m.symbol(a.symId()).offset)), true};
      if (fromGeneric)
        return {"device", offset(addrReg), a.value != 0};
      return {"device", offset(formatCompiled(FMT_COMPILE("(p2m_module_word(ctx.module, P2M_MODULE_CONST_BASE) + {})"), addrReg)), true};
    case Space::Shared: {
      std::string off;
      if (a.kind == OperandKind::Symbol) {
        off = sharedOffset(a.symId());
      } else if (fromGeneric) {
        off = formatCompiled(FMT_COMPILE("uint({} - P2M_SHARED_WINDOW)"), addrReg);
      } else {
        off = bitWidth(at) == 64 ? concat("uint(", addrReg, ")") : std::string(addrReg);
      }
      // `(ctx.smem + offset(off))` in one go.
      if (a.value)
        return {"threadgroup", concat("(ctx.smem + (", off, " + ", Decimal(a.value), "))"), true};
      return {"threadgroup", concat("(ctx.smem + ", off, ")"), true};
    }
    case Space::Local: {
      std::string off;
      if (a.kind == OperandKind::Symbol)
        off = formatCompiled(FMT_COMPILE("{}u"), localOffset(a.symId()));
      else if (fromGeneric)
        off = formatCompiled(FMT_COMPILE("uint({} - P2M_LOCAL_WINDOW)"), addrReg);
      else
        off = bitWidth(at) == 64 ? formatCompiled(FMT_COMPILE("uint({})"), addrReg) : std::string(addrReg);
      return {"thread", formatCompiled(FMT_COMPILE("(ctx.lmem + {})"), offset(off)), true};
    }
    case Space::Param: {
      if (a.kind == OperandKind::Symbol) {
        const Symbol &s = m.symbol(a.symId());
        if (s.kind == SymbolKind::Parameter && f.isEntry)
          return {"constant", formatCompiled(FMT_COMPILE("(ctx.params + {})"), s.offset + static_cast<uint64_t>(a.value)), true};
        return {"thread", a.value ? formatCompiled(FMT_COMPILE("({} + {})"), s.name, a.value) : s.name, a.value != 0};
      }
      if (f.isEntry && !fromGeneric)
        return {"constant", formatCompiled(FMT_COMPILE("(ctx.params + {})"), offset(addrReg)), true};
      if (fromGeneric) { // from cvta.param, which only kernels have
        if (!in.isPtx(Opcode::Ld) && !in.isPtx(Opcode::Ldu) && !in.isPtx(Opcode::Prefetch))
          e.fail(in, "a write through the generic address of a kernel parameter (parameters are read-only)");
        return {"constant", formatCompiled(FMT_COMPILE("(ctx.params + {})"), offset(formatCompiled(FMT_COMPILE("uint({} - P2M_PARAM_WINDOW)"), addrReg))), true};
      }
      e.fail(in, "a .param access through a register is supported in kernels only");
    }
    case Space::Generic:
      if (a.kind == OperandKind::Symbol)
        e.fail(in, "a generic access to a variable's non-generic address");
      return {"generic", bitWidth(at) == 32 ? offset(concat("ulong(", addrReg, ")")) : offset(addrReg), a.value != 0};
    default:
      e.fail(in, "unsupported state space");
    }
  }

  std::string sharedOffset(SymId s) const {
    const Symbol &sym = m.symbol(s);
    if (sym.isDynamicShared)
      return "ctx.dynamic_smem_offset";
    if (f.isEntry) {
      auto it = f.sharedOffsets.find(s);
      if (it == f.sharedOffsets.end())
        e.fail(in, "shared variable without a layout");
      return formatCompiled(FMT_COMPILE("{}u"), it->second);
    }
    return formatCompiled(FMT_COMPILE("{}u"), sym.offset); // shared variables a .func uses: module-wide offsets
  }

  uint64_t localOffset(SymId s) const {
    const Symbol &sym = m.symbol(s);
    if (sym.owner == kNone)
      e.fail(in, "module-scope .local variables are not supported yet");
    return m.function(sym.owner).localFrameOffset + sym.offset;
  }

  // The address space a plain access of the place names (FunctionEmitter::deviceSpace).
  std::string_view accessSpace(const Place &p) const {
    return p.pointerSpace == "device" ? e.deviceSpace() : p.pointerSpace;
  }

  // An lvalue of type `T` at byte `delta` past the place, alias-safe (abi.h's p2m_alias: memory
  // is typed per access, and strict aliasing must not reorder accesses of different types).
  // In the expression buffer (formatted()).
  const std::string &lvalue(const Place &p, std::string_view T, uint64_t delta, bool isVolatile) const {
    std::string_view base = p.base;
    if (p.grouped) // the macro's argument needs no parentheses of its own
      base = base.substr(1, base.size() - 2);
    std::string_view vol = isVolatile && p.pointerSpace != "constant" ? "volatile " : "";
    if (delta)
      return concatenated("P2M_MEM(", vol, accessSpace(p), ", ", T, ", ", base, " + ", Decimal(delta), ")");
    return concatenated("P2M_MEM(", vol, accessSpace(p), ", ", T, ", ", base, ")");
  }

  // A volatile load of type `T` at byte `delta` past the place, through abi.h's
  // p2m_volatile_load: one access the compiler may not merge or hoist (ld.volatile in a spin
  // loop), and a spin point where a target needs one (the host backend's fibers).
  std::string volatileLoad(const Place &p, std::string_view T, uint64_t delta) const {
    if (p.pointerSpace == "constant")
      return lvalue(p, T, delta, false); // parameters and constants do not change
    std::string addr = delta ? formatCompiled(FMT_COMPILE("{} + {}"), p.base, delta) : p.base;
    return formatCompiled(FMT_COMPILE("p2m_volatile_load<{0}>(reinterpret_cast<volatile {1} p2m_alias<{0}> *>({2}))"),
                          T, accessSpace(p), addr);
  }

  // A pointer to the alias-safe wrapper of a `T` at the place (device or threadgroup), for
  // p2m_volatile_load/store.
  std::string pointer(const Place &p, std::string_view T, bool isVolatile) const {
    return formatCompiled(FMT_COMPILE("reinterpret_cast<{}{} p2m_alias<{}> *>({})"), isVolatile ? "volatile " : "",
                          accessSpace(p), T, p.base);
  }

  void load(bool isStore) {
    Type t = in.type;
    if (t == Type::B128)
      e.fail(in, "128-bit loads and stores are not supported yet");
    const Operand &addr = isStore ? op(0) : op(1);
    if (in.has(Modifier::Relaxed) || in.has(Modifier::Acquire) || in.has(Modifier::Release) ||
        in.has(Modifier::Mmio))
      return orderedAccess(isStore);
    const Operand &data = isStore ? op(1) : op(0);
    if (!addr.address)
      e.fail(in, "expected an address operand");
    Place p = place(addr, in.space, in.fromGeneric);
    std::string T(mslStorageName(storageOf(t)));
    unsigned bytes = t == Type::Pred ? 1 : bitWidth(t) / 8;
    bool vol = in.has(Modifier::Volatile);
    auto one = [&](const Operand &d, uint64_t delta) {
      if (p.pointerSpace == "generic") {
        // Dispatched on the address at run time: abi.h's helpers, atomic_ops.h's volatile ones.
        std::string a = delta ? formatCompiled(FMT_COMPILE("{} + {}"), p.base, delta) : p.base;
        if (isStore && vol)
          e.line("{}<{}>(ctx, {}, {});", use(Helper::StVolatileGeneric), T, a, val(d, t));
        else if (isStore)
          e.line("p2m_st_generic<{}>(ctx, {}, {});", T, a, val(d, t));
        else if (d.kind != OperandKind::Sink)
          assignCall(d, vol ? formatCompiled(FMT_COMPILE("{}<{}>(ctx, {})"), use(Helper::LdVolatileGeneric), T, a)
                            : formatCompiled(FMT_COMPILE("p2m_ld_generic<{}>(ctx, {})"), T, a));
        return;
      }
      if (isStore) {
        if (p.pointerSpace == "constant")
          e.fail(in, "store to a kernel parameter");
        std::string kept;
        e.assignment(lvalue(p, T, delta, vol), source(d, t, kept));
      } else if (d.kind != OperandKind::Sink) {
        if (vol)
          assignCall(d, volatileLoad(p, T, delta));
        else
          assignCall(d, lvalue(p, T, delta, false));
      }
    };
    if (data.kind == OperandKind::Vector && !vol && wholeVector(p, t, data.value)) {
      wholeVectorAccess(p, T, data, isStore, false);
    } else if (data.kind == OperandKind::Vector) {
      // One access per element. An element that is also the address register (`ld.v2.u64
      // {%rd1, %rd2}, [%rd1]`) is loaded last, so that the others read the address it held.
      auto element = [&](int64_t i) -> const Operand & { return f.vectorElements[data.id + static_cast<size_t>(i)]; };
      int64_t addressElement = -1;
      for (int64_t i = 0; i < data.value && !isStore && addr.kind == OperandKind::Reg; ++i)
        if (element(i).isReg() && element(i).id == addr.id)
          addressElement = i;
      for (int64_t i = 0; i < data.value; ++i)
        if (i != addressElement)
          one(element(i), static_cast<uint64_t>(i) * bytes);
      if (addressElement >= 0)
        one(element(addressElement), static_cast<uint64_t>(addressElement) * bytes);
    } else {
      one(data, 0);
    }
  }

  // Whether a vector ld/st is one access of an MSL vector type: two or four elements of up to
  // 16 bytes in all, in device or threadgroup memory. The ISA requires a vector access to be
  // aligned to its whole size, which is the alignment of the MSL vector type, and those two
  // spaces keep PTX's alignment (their bases are aligned further). One access instead of one
  // per element is what the GPU's wide loads need.
  static bool wholeVector(const Place &p, Type t, int64_t elements) {
    if (p.pointerSpace != "device" && p.pointerSpace != "threadgroup")
      return false;
    if (elements != 2 && elements != 4)
      return false;
    Storage s = storageOf(t);
    if (s == Storage::Bool || s == Storage::U128)
      return false;
    return bitWidth(t) * elements <= 128;
  }

  // `isVolatile` makes it one volatile access, which may also be through a generic address
  // (p2m_ld/st_volatile_generic dispatch on it).
  void wholeVectorAccess(const Place &p, const std::string &T, const Operand &data, bool isStore,
                         bool isVolatile) {
    static constexpr char kLanes[] = "xyzw";
    std::string vectorType = formatCompiled(FMT_COMPILE("{}{}"), T, data.value);
    bool generic = p.pointerSpace == "generic";
    auto element = [&](int64_t i) -> const Operand & {
      return f.vectorElements[data.id + static_cast<size_t>(i)];
    };
    if (isStore) {
      std::string value = vectorType + "{";
      for (int64_t i = 0; i < data.value; ++i)
        value += (i ? ", " : "") + val(element(i), in.type);
      value += "}";
      if (generic)
        e.line("{}<{}>(ctx, {}, {});", use(Helper::StVolatileGeneric), vectorType, p.base, value);
      else if (isVolatile)
        e.line("p2m_volatile_store({}, {});", pointer(p, vectorType, true), value);
      else
        e.assignment(lvalue(p, vectorType, 0, false), value);
      return;
    }
    // Loaded whole first, so that an element register that is also the address reads right;
    // the vector is a temporary of its own (numbered: no braces around it, so that the
    // elements can be declared here).
    unsigned v = e.vectorTemps++;
    if (generic)
      e.line("{} p2m_v{} = {}<{}>(ctx, {});", vectorType, v, use(Helper::LdVolatileGeneric), vectorType, p.base);
    else if (isVolatile)
      e.line("{} p2m_v{} = p2m_volatile_load<{}>({});", vectorType, v, vectorType, pointer(p, vectorType, true));
    else
      e.assignment(formatCompiled(FMT_COMPILE("p2m_v{}"), v), lvalue(p, vectorType, 0, false), vectorType);
    // `p2m_v<v>.<lane>`, written into one buffer: only the lane letter changes.
    char lane[32] = "p2m_v";
    char *dot = std::to_chars(lane + 5, lane + sizeof lane - 2, v).ptr;
    dot[0] = '.';
    const std::string_view laneText(lane, static_cast<size_t>(dot + 2 - lane));
    for (int64_t i = 0; i < data.value; ++i) {
      dot[1] = kLanes[i];
      if (element(i).kind != OperandKind::Sink && !forward(element(i), laneText, true, Precedence::Primary))
        assign(element(i), laneText);
    }
  }

  // ld.relaxed/.acquire and st.relaxed/.release: single-copy atomic accesses with fences for
  // the ordering. 32 bits: Metal's relaxed atomics; bytes and halfwords are naturally so.
  // Wider ones (64-bit scalars, vectors): one volatile access of the whole width, as NVIDIA
  // hardware performs them and as real code relies on (CUB's decoupled look-back keeps a
  // status word and its value in one v2 access and reads them together). The ISA asks less
  // (8.2.4: a vector access is one single-copy atomic access per element, in any order).
  // Metal documents single-copy atomicity only for its atomic types, which stop at 32 bits;
  // that an aligned access of up to 16 bytes does not tear is what ld/st.volatile rest on too.
  void orderedAccess(bool isStore) {
    Type t = in.type;
    const Operand &addr = isStore ? op(0) : op(1);
    const Operand &data = isStore ? op(1) : op(0);
    if (in.has(Modifier::Mmio))
      e.fail(in, ".mmio accesses are not supported");
    bool vector = data.kind == OperandKind::Vector;
    if (vector && (bitWidth(t) * static_cast<uint64_t>(data.value) > 128 || (data.value != 2 && data.value != 4)))
      e.fail(in, "vector ld/st with memory-order semantics wider than 16 bytes are not supported");
    Place p = place(addr, in.space, in.fromGeneric);
    bool generic = p.pointerSpace == "generic";
    if (p.pointerSpace != "device" && p.pointerSpace != "threadgroup" && !generic)
      e.fail(in, "ld/st with memory-order semantics in this state space are not supported yet");
    Helper scope = in.has(Modifier::Cta) ? Helper::FenceCta : in.has(Modifier::Sys) ? Helper::FenceSys : Helper::FenceGpu;
    auto fence = [&] {
      if (!helperAvailable(scope, e.options.target.mslVersionNumber()))
        e.fail(in, "memory-order semantics need atomic_thread_fence, MSL 3.2 or later");
      e.line("{}();", use(scope));
    };
    std::string T(mslStorageName(storageOf(t)));
    if (isStore && in.has(Modifier::Release))
      fence();
    if (vector) {
      wholeVectorAccess(p, T, data, isStore, true);
    } else if (generic) {
      // Not placed at compile time: the helpers dispatch on the address (atomic_ops.h).
      if (bitWidth(t) == 32) {
        if (isStore) {
          std::string v = t == Type::F32 ? formatCompiled(FMT_COMPILE("as_type<uint>({})"), val(data, t)) : val(data, t);
          e.line("{}(ctx, {}, {});", use(Helper::StRelaxedGenericB32), p.base, v);
        } else {
          std::string v = formatCompiled(FMT_COMPILE("{}(ctx, {})"), use(Helper::LdRelaxedGenericB32), p.base);
          assign(data, t == Type::F32 ? formatCompiled(FMT_COMPILE("as_type<float>({})"), v) : v);
        }
      } else if (isStore && bitWidth(t) == 64 && helperAvailable(Helper::St64Locked, e.options.target.mslVersionNumber())) {
        e.line("{}(ctx, {}, {});", spaced(Helper::St64Locked, "generic"), p.base, val(data, t)); // see below
      } else if (isStore) {
        e.line("{}<{}>(ctx, {}, {});", use(Helper::StVolatileGeneric), T, p.base, val(data, t));
      } else {
        assign(data, formatCompiled(FMT_COMPILE("{}<{}>(ctx, {})"), use(Helper::LdVolatileGeneric), T, p.base));
      }
    } else if (bitWidth(t) == 32) {
      std::string ptr = formatCompiled(FMT_COMPILE("reinterpret_cast<{} atomic_uint *>({})"), p.pointerSpace, p.base);
      if (isStore) {
        std::string v = t == Type::F32 ? formatCompiled(FMT_COMPILE("as_type<uint>({})"), val(data, t)) : val(data, t);
        e.line("atomic_store_explicit({}, {}, memory_order_relaxed);", ptr, v);
      } else {
        std::string v = formatCompiled(FMT_COMPILE("atomic_load_explicit({}, memory_order_relaxed)"), ptr);
        assign(data, t == Type::F32 ? formatCompiled(FMT_COMPILE("as_type<float>({})"), v) : v);
      }
    } else if (isStore && bitWidth(t) == 64 && helperAvailable(Helper::St64Locked, e.options.target.mslVersionNumber())) {
      // Through the lock of 64-bit atomics (atomic_ops.h): a strong store must not land between
      // the read and the write of a locked read-modify-write of the same word.
      if (p.pointerSpace == "device")
        e.line("{}(ctx, {}, {});", spaced(Helper::St64Locked, "global"), p.base, val(data, t));
      else
        e.line("{}(ctx, reinterpret_cast<threadgroup ulong *>({}), {});", spaced(Helper::St64Locked, "shared"), p.base,
               val(data, t));
    } else if (isStore) {
      e.assignment(lvalue(p, T, 0, true), val(data, t));
    } else {
      assign(data, volatileLoad(p, T, 0));
    }
    if (!isStore && in.has(Modifier::Acquire))
      fence();
  }

  void cvta() {
    bool to = in.has(Modifier::To);
    Type t = in.type;
    std::string a = val(op(1), t);
    std::string r;
    switch (in.space) {
    case Space::Global: return assign(op(0), a); // the same address
    case Space::Shared:
      r = to ? formatCompiled(FMT_COMPILE("{} - P2M_SHARED_WINDOW"), a) : formatCompiled(FMT_COMPILE("ulong({}) + P2M_SHARED_WINDOW"), a);
      break;
    case Space::Local:
      r = to ? formatCompiled(FMT_COMPILE("{} - P2M_LOCAL_WINDOW"), a) : formatCompiled(FMT_COMPILE("ulong({}) + P2M_LOCAL_WINDOW"), a);
      break;
    case Space::Const:
      r = to ? formatCompiled(FMT_COMPILE("{} - p2m_module_word(ctx.module, P2M_MODULE_CONST_BASE)"), a)
             : formatCompiled(FMT_COMPILE("ulong({}) + p2m_module_word(ctx.module, P2M_MODULE_CONST_BASE)"), a);
      break;
    case Space::Param:
      // The address of a kernel parameter (its offset in the parameter block, mov of the
      // parameter's name) in abi.h's parameter window.
      if (!f.isEntry)
        e.fail(in, "cvta.param in a device function is not supported yet (kernel parameters only)");
      e.support.genericParams = true;
      r = to ? formatCompiled(FMT_COMPILE("{} - P2M_PARAM_WINDOW"), a) : formatCompiled(FMT_COMPILE("ulong({}) + P2M_PARAM_WINDOW"), a);
      break;
    default:
      e.fail(in, "cvta in this state space is not supported yet");
    }
    // The windows are ulong: a 32-bit result is converted back.
    if (bitWidth(t) == 64)
      return assign(op(0), r);
    assignAs(op(0), t, r);
  }

  // Whether generic address `a` lies in the module's .const segment (cvta.const gives its
  // device address plus the offset; an empty segment holds nothing).
  std::string inConstSegment(const std::string &a) const {
    if (e.module.constBytes == 0)
      return "false";
    return formatCompiled(FMT_COMPILE("({} - p2m_module_word(ctx.module, P2M_MODULE_CONST_BASE) < {}ul)"), a,
                          e.module.constBytes);
  }

  // The answers of the H200 (docs/gpu-facts.md): a kernel parameter's generic address
  // (cvta.param) is a global one and a parameter one (.param and .param::entry alike), not a
  // constant one; a .const variable's is a constant one only.
  void isspacep() {
    std::string a = val(op(1), Type::U64);
    switch (in.space) {
    case Space::Shared: return assign(op(0), formatCompiled(FMT_COMPILE("p2m_is_shared_window({})"), a));
    case Space::Local: return assign(op(0), formatCompiled(FMT_COMPILE("p2m_is_local_window({})"), a));
    case Space::Param: return assign(op(0), formatCompiled(FMT_COMPILE("p2m_is_param_window({})"), a));
    case Space::Const: return assign(op(0), inConstSegment(a));
    case Space::Global: {
      std::string r = formatCompiled(FMT_COMPILE("!p2m_is_shared_window({0}) && !p2m_is_local_window({0})"), a);
      if (e.module.constBytes != 0)
        r += " && !" + inConstSegment(a);
      return assign(op(0), r);
    }
    default: e.fail(in, "isspacep in this state space is not supported yet");
    }
  }

  // Whether a bulk copy writes global memory: the first state space it names is the destination's.
  bool bulkCopyToGlobal() const {
    auto first = std::find_if(in.modifiers.begin(), in.modifiers.end(), [](Modifier m) {
      return m == Modifier::Global || m == Modifier::Shared_cta || m == Modifier::Shared_cluster;
    });
    return first != in.modifiers.end() && *first == Modifier::Global;
  }

  // cp.async.bulk without a tensor map: the copy is made at issue, as cp.async's are, so the
  // bulk groups have nothing to wait for; lower-atomics has split the mbarrier's complete-tx off
  // a copy to shared memory. .shared::cluster is the own CTA's shared memory (a cluster of one).
  void cpAsyncBulk() {
    if (in.has(Modifier::Prefetch)) {
      e.line("// cp.async.bulk.prefetch: a hint, nothing to do");
      return;
    }
    if (in.has(Modifier::Reduce))
      e.fail(in, "cp.reduce.async.bulk is not supported yet");
    if (in.has(Modifier::Commit_group) || in.has(Modifier::Wait_group)) {
      e.line("// cp.async.bulk group operation: the copies are synchronous here");
      return;
    }
    if (in.has(Modifier::Tensor))
      return cpAsyncBulkTensor();
    if (in.has(Modifier::Mbarrier_complete_tx_bytes) || in.has(Modifier::Cp_mask) || in.ops.size() < 3)
      e.fail(in, "this cp.async.bulk form is not supported yet");
    const bool toGlobal = bulkCopyToGlobal();
    const bool fromGlobal = !toGlobal && in.has(Modifier::Global);
    Place pd = place(op(0), toGlobal ? Space::Global : Space::Shared, false);
    Place ps = place(op(1), fromGlobal ? Space::Global : Space::Shared, false);
    std::string size = val(op(2), Type::U32);
    if (toGlobal)
      e.line("{}({}, {}, {});", use(Helper::CpAsyncBulkGlobalShared), pd.base, ps.base, size);
    else if (fromGlobal)
      e.line("{}({}, {}, {}, {});", use(Helper::CpAsyncSharedGlobal), pd.base, ps.base, size, size);
    else
      e.line("{}({}, {}, {});", use(Helper::CpAsyncBulkSharedShared), pd.base, ps.base, size);
  }

  // cp.async.bulk.tensor in tile mode, [box], map, {c0..c4} (the builder's order; lower-atomics
  // has split a load's complete-tx off): the box copied at issue through the tensor map
  // (tensor_ops.h).
  void cpAsyncBulkTensor() {
    if (in.ops.size() < 3 || in.ops[2].kind != OperandKind::Vector || in.ops[2].value < 1 || in.ops[2].value > 5)
      e.fail(in, "expected cp.async.bulk.tensor [box], [map, {c...}] with 1 to 5 coordinates");
    const bool toGlobal = bulkCopyToGlobal();
    Place box = place(op(0), Space::Shared, false);
    std::string args = val(op(1), Type::U64) + ", " + box.base;
    const Operand &c = op(2);
    for (int64_t i = 0; i < 5; ++i)
      args += ", " + (i < c.value ? toValue(val(f.vectorElements[c.id + static_cast<size_t>(i)], Type::S32), Type::S32)
                                  : std::string("0"));
    e.line("{}(ctx, {});", use(toGlobal ? Helper::TensorStoreBox : Helper::TensorLoadBox), args);
  }

  void cpAsync() {
    if (in.has(Modifier::Bulk))
      return cpAsyncBulk();
    if (in.has(Modifier::Commit_group) || in.has(Modifier::Wait_group) || in.has(Modifier::Wait_all)) {
      e.line("// cp.async group operation: the copies are synchronous here");
      return;
    }
    if (!in.has(Modifier::Async) || !(in.has(Modifier::Shared) || in.has(Modifier::Shared_cta)) ||
        !in.has(Modifier::Global) || in.ops.size() < 3)
      e.fail(in, "this cp form is not supported yet");
    const Operand &d = op(0), &s = op(1);
    Place pd = place(d, Space::Shared, false);
    Place ps = place(s, Space::Global, false);
    std::string size = val(op(2), Type::U32);
    // [dst], [src], cp-size {, src-size | , ignore-src} {, cache-policy}: the policy operand
    // comes with .L2::cache_hint, last. Bytes from src-size up to cp-size are zero, and a true
    // ignore-src predicate reads nothing (all zero).
    size_t optional = in.ops.size() - (in.has(Modifier::L2_cache_hint) ? 1 : 0);
    std::string srcSize = size;
    if (optional > 3 && in.ops[3].kind != OperandKind::Symbol) {
      const Operand &o = op(3);
      bool pred = o.kind == OperandKind::Reg && f.reg(o.regId()).type == Type::Pred;
      srcSize = pred ? formatCompiled(FMT_COMPILE("({} ? 0u : {})"), val(o, Type::Pred), size) : val(o, Type::U32);
    }
    e.line("{}({}, {}, {}, {});", use(Helper::CpAsyncSharedGlobal), pd.base, ps.base, size, srcSize);
  }

  void barrier() {
    if (in.has(Modifier::Red)) {
      std::string fn = in.has(Modifier::Popc) ? "popc" : in.has(Modifier::And) ? "and" : "or";
      if (in.ops.size() == 4) {
        // bar.red.OP d, a, b, {!}c: the threads of named barrier a's count b (atomic_ops.h).
        if (!helperAvailable(Helper::BarRedNamed, e.options.target.mslVersionNumber()))
          e.fail(in, "barriers with a thread count need atomic_thread_fence, MSL 3.2 or later");
        return assign(op(0), formatCompiled(FMT_COMPILE("{}({}, {}, {}, {}(ctx))"), use(Helper::BarRedNamed, {fn}),
                                         val(op(1), Type::U32), val(op(2), Type::U32), val(op(3), Type::Pred),
                                         use(Helper::NamedBarrierWords)));
      }
      // bar.red.OP d, a, {!}c: every thread of the CTA.
      if (in.ops.size() != 3)
        e.fail(in, "expected bar.red d, a, {b,} c");
      std::string scratch = "reinterpret_cast<threadgroup uint *>(ctx.smem + ctx.bar_scratch)";
      std::string c = val(op(2), Type::Pred);
      return assign(op(0), formatCompiled(FMT_COMPILE("{}({}, {})"), use(Helper::BarRed, {fn}), c, scratch));
    }
    const bool arrive = in.has(Modifier::Arrive);
    if (in.ops.size() < 2) {
      if (arrive)
        e.fail(in, "bar.arrive needs a thread count");
      // The whole CTA, whichever barrier id it names.
      e.line("threadgroup_barrier(mem_flags::mem_threadgroup | mem_flags::mem_device);");
      return;
    }
    // A thread count, or an arrival without waiting: a named barrier (atomic_ops.h), whose
    // fences need MSL 3.2.
    if (!helperAvailable(Helper::BarNamed, e.options.target.mslVersionNumber()))
      e.fail(in, "barriers with a thread count need atomic_thread_fence, MSL 3.2 or later");
    e.line("{}({}, {}, {}, {}(ctx));", use(Helper::BarNamed), val(op(0), Type::U32), val(op(1), Type::U32),
           arrive ? "false" : "true", use(Helper::NamedBarrierWords));
  }

  void fence() {
    if (in.opcode == Opcode::Fence) {
      for (Modifier mm : in.modifiers)
        if (ptx::spelling(mm).starts_with("proxy")) {
          e.line("// fence.proxy: one memory proxy here, nothing to order");
          return;
        }
    }
    Helper fence = in.has(Modifier::Cta) ? Helper::FenceCta : in.has(Modifier::Sys) ? Helper::FenceSys : Helper::FenceGpu;
    if (!helperAvailable(fence, e.options.target.mslVersionNumber()))
      e.fail(in, "membar/fence need atomic_thread_fence, MSL 3.2 or later");
    e.line("{}();", use(fence));
  }

  void call() {
    const Operand &callee = op(1);
    if (callee.kind == OperandKind::Symbol)
      return directCall(m.function(m.symbol(callee.symId()).function));
    indirectCall();
  }

  // MSL has no function pointers: a switch over the call's candidates (CallTargets.h), each a
  // direct call. Any other value is not a function this call can reach: PTX leaves that
  // undefined, and a trap (the launch fails) is the honest stand-in.
  void indirectCall() {
    const Operand &targets = op(3);
    e.line("switch ({}) {{", val(op(1), Type::U64));
    for (int64_t k = 0; k < targets.value; ++k) {
      FuncId g = m.symbols[f.vectorElements[targets.id + static_cast<size_t>(k)].id].function;
      e.line("case {}:", functionAddress(g));
      ++e.indent;
      directCall(m.function(g));
      e.line("break;");
      --e.indent;
    }
    e.line("default:");
    ++e.indent;
    e.emitThreadEnd(true);
    if (f.doneFlag != kNone)
      e.line("break;");
    --e.indent;
    e.line("}");
  }

  // A function's address: its id in the window no device address reaches (abi.h).
  static std::string functionAddress(FuncId g) { return formatCompiled(FMT_COMPILE("P2M_FUNCTION_WINDOW + {}ul"), g.index()); }

  // A call of `g` with the instruction's result and argument lists.
  void directCall(const Function &g) {
    const Operand &rets = op(0), &args = op(2);
    // vprintf and __assertfail: support-library helpers with the .func calling convention
    // (legalize-for-metal checked their signatures).
    const DeviceRuntimeFunction *runtime = g.isDeclaration ? findDeviceRuntimeFunction(g.ptxName) : nullptr;
    std::string s(runtime ? use(runtime->mslHelper) : std::string_view(g.name));
    s += "(ctx";
    auto pass = [&](const Operand &list, const std::vector<SymId> &formals, bool isReturn) {
      size_t n = list.kind == OperandKind::Vector ? static_cast<size_t>(list.value) : 0;
      if (n != formals.size())
        e.fail(in, "call with a wrong number of arguments");
      for (size_t i = 0; i < n; ++i) {
        const Operand &a = f.vectorElements[list.id + i];
        const Symbol &formal = m.symbol(formals[i]);
        if (a.kind == OperandKind::Symbol && m.symbol(a.symId()).space == Space::Param && !a.value) {
          s += ", " + m.symbol(a.symId()).name;
        } else if (a.kind == OperandKind::Reg || a.kind == OperandKind::Imm) {
          // A register passed to a .param parameter: through a temporary frame.
          std::string tmp = formatCompiled(FMT_COMPILE("p2m_arg{}"), e.callTemps++);
          std::string T(mslStorageName(storageOf(formal.elementType)));
          e.line("ulong {}_storage[{}];", tmp, (formal.size + 7) / 8);
          e.line("thread uchar *{0} = reinterpret_cast<thread uchar *>({0}_storage);", tmp);
          if (!isReturn)
            e.line("P2M_MEM(thread, {}, {}) = {};", T, tmp, val(a, formal.elementType));
          else
            pendingCopies.push_back(formatCompiled(FMT_COMPILE("{} = P2M_MEM(thread, {}, {});"),
                                                   reg(a.regId()), T, tmp));
          s += ", " + tmp;
        } else {
          e.fail(in, "unsupported call argument");
        }
      }
    };
    e.line("{");
    ++e.indent;
    pass(rets, g.returns, true);
    pass(args, g.params, false);
    e.line(s + ");");
    for (const std::string &c : pendingCopies)
      e.line(c);
    pendingCopies.clear();
    if (runtime && runtime->failsLaunch) {
      e.emitThreadEnd(true); // a failed assert: its message is recorded, then the launch fails
    } else if (g.mayEndThread) {
      // A trap or exit ends the thread, not just the callee.
      if (f.doneFlag != kNone)
        e.line("if (ctx.ended) " + f.reg(f.doneFlag).name + " = true;");
      else
        e.line("if (ctx.ended) return;");
    }
    --e.indent;
    e.line("}");
  }

  std::vector<std::string> pendingCopies;

  void readSpecial() {
    auto sp = static_cast<Special>(op(1).id);
    std::string_view v; // a literal, or `kept`
    std::string kept;
    switch (sp) {
    case Special::TidX: v = "ctx.b.tid.x"; break;
    case Special::TidY: v = "ctx.b.tid.y"; break;
    case Special::TidZ: v = "ctx.b.tid.z"; break;
    case Special::NtidX: v = "ctx.b.ntid.x"; break;
    case Special::NtidY: v = "ctx.b.ntid.y"; break;
    case Special::NtidZ: v = "ctx.b.ntid.z"; break;
    case Special::CtaidX: v = "ctx.b.ctaid.x"; break;
    case Special::CtaidY: v = "ctx.b.ctaid.y"; break;
    case Special::CtaidZ: v = "ctx.b.ctaid.z"; break;
    case Special::NctaidX: v = "ctx.b.nctaid.x"; break;
    case Special::NctaidY: v = "ctx.b.nctaid.y"; break;
    case Special::NctaidZ: v = "ctx.b.nctaid.z"; break;
    case Special::LaneId: v = "ctx.b.lane"; break;
    case Special::WarpId: v = "ctx.b.warp"; break;
    case Special::NWarpId: v = "ctx.b.nwarp"; break;
    case Special::SmId: v = "0u"; break;   // one SM: any id in [0, %nsmid) is valid PTX behaviour
    case Special::NSmId: v = "1u"; break;
    case Special::GridId: v = "1ul"; break;
    case Special::LanemaskEq: v = "(1u << ctx.b.lane)"; break;
    case Special::LanemaskLe: v = "(0xFFFFFFFFu >> (31u - ctx.b.lane))"; break;
    case Special::LanemaskLt: v = "((1u << ctx.b.lane) - 1u)"; break;
    case Special::LanemaskGe: v = "(0xFFFFFFFFu << ctx.b.lane)"; break;
    case Special::LanemaskGt: v = "(ctx.b.lane == 31u ? 0u : (0xFFFFFFFFu << (ctx.b.lane + 1u)))"; break;
    case Special::Clock: v = "uint(++ctx.clock)"; break;
    case Special::Clock64: v = "(++ctx.clock)"; break;
    case Special::GlobalTimer: v = "((++ctx.clock) * 32ul)"; break;
    case Special::GlobalTimerLo: v = "uint((++ctx.clock) * 32ul)"; break;
    case Special::GlobalTimerHi: v = "uint(((++ctx.clock) * 32ul) >> 32)"; break;
    case Special::DynamicSmemSize: v = "ctx.b.dynamic_smem"; break;
    case Special::TotalSmemSize: v = "(ctx.static_smem + ctx.b.dynamic_smem)"; break;
    // The reserved region ends the static area (legalize-for-metal).
    case Special::ReservedSmemBegin:
    case Special::ReservedSmemOffset0:
    case Special::ReservedSmemOffset1:
      v = kept = formatCompiled(FMT_COMPILE("(ctx.static_smem - {}u)"), kReservedSmemCap);
      break;
    case Special::ReservedSmemEnd:
      v = kept = formatCompiled(FMT_COMPILE("(ctx.static_smem - {}u)"), kReservedSmemCap - kReservedSmemInUse);
      break;
    case Special::ReservedSmemCap: v = kept = formatCompiled(FMT_COMPILE("{}u"), kReservedSmemCap); break;
    }
    Type t = in.type;
    if (bitWidth(t) == 32 && bitWidth(typeOf(sp)) == 32 && t != Type::F32)
      return assign(op(0), v);
    if (bitWidth(t) == 64 && bitWidth(typeOf(sp)) == 64 && t != Type::F64)
      return assign(op(0), v);
    return assignAs(op(0), t, v);
  }

  void addressOf() {
    const Operand &s = op(1);
    const Symbol &sym = m.symbol(s.symId());
    if (sym.kind == SymbolKind::Function) {
      if (bitWidth(in.type) != 64 || s.value)
        e.fail(in, "a function's address is a whole 64-bit value");
      return assign(op(0), functionAddress(sym.function));
    }
    uint64_t extra = static_cast<uint64_t>(s.value);
    std::string v;
    switch (in.space) {
    case Space::Global:
      v = formatCompiled(FMT_COMPILE("p2m_module_word(ctx.module, P2M_MODULE_GLOBAL_BASE) + {}ul"), sym.offset + extra);
      break;
    case Space::Const: v = formatCompiled(FMT_COMPILE("{}ul"), sym.offset + extra); break;
    case Space::Shared: v = extra ? formatCompiled(FMT_COMPILE("{} + {}u"), sharedOffset(s.symId()), extra) : sharedOffset(s.symId()); break;
    case Space::Local: v = formatCompiled(FMT_COMPILE("{}u"), localOffset(s.symId()) + extra); break;
    case Space::Param:
      if (sym.kind == SymbolKind::Parameter && f.isEntry) {
        v = formatCompiled(FMT_COMPILE("{}u"), sym.offset + extra);
        break;
      }
      // A .func's own parameters moved to local copies (localize-addressed-params).
      e.fail(in, "taking the address of a .func return value or call argument is not supported yet");
    default: e.fail(in, "unsupported address_of");
    }
    // Global and constant addresses are ulong, the others uint offsets: converted only where
    // the register is the other width.
    bool wide = in.space == Space::Global || in.space == Space::Const;
    if (bitWidth(in.type) == (wide ? 64u : 32u))
      return assign(op(0), v);
    assignAs(op(0), in.type, v);
  }

  void convert() {
    Type dt = in.type, st = in.type2;
    unsigned dw = bitWidth(dt), sw = bitWidth(st);
    std::string kept;
    const std::string_view v = source(op(1), st, kept);
    if (dw == sw) {
      if (storageOf(dt) == storageOf(st))
        return assign(op(0), v);
      return assignCall(op(0), concatenated("as_type<", mslStorageName(storageOf(dt)), ">(", v, ")"));
    }
    if (dw < sw)
      return assignCall(op(0), concatenated(unsignedName(dw), "(", v, ")"));
    if (isSigned(st))
      return assignCall(op(0), concatenated("as_type<", unsignedName(dw), ">(", signedName(dw), "(as_type<", signedName(sw), ">(", v, ")))"));
    return assignCall(op(0), concatenated(unsignedName(dw), "(", v, ")"));
  }

  // A helper's value type for a PTX type differs from the register storage only in signed
  // integers (int vs uint) and f16 (half vs ushort bits): convert across with as_type.
  std::string toValue(const std::string &v, Type t) const {
    std::string_view value = mslValueName(t), storage = mslStorageName(storageOf(t));
    return value == storage ? v : formatCompiled(FMT_COMPILE("as_type<{}>({})"), value, v);
  }

  // The same appended to `out`: a register's name (the common operand) without a temporary.
  void appendValue(std::string &out, const Operand &o, Type t) const {
    const bool view = e.hasValueView(t);
    if (view) {
      out += "as_type<";
      out += mslValueName(t);
      out += ">(";
    }
    if (o.kind == OperandKind::Reg && !o.address && !o.negated)
      out += reg(o.regId());
    else
      out += val(o, t);
    if (view)
      out += ')';
  }

  // `name(arguments)` of a helper call (the instruction's operands after the destination),
  // written into the expression buffer (formatted()).
  const std::string &helperCallText(std::string_view name, std::string_view spaceName, const Place *place) const {
    std::string &s = e.expression;
    s.clear();
    s += name;
    s += '(';
    llvm::ArrayRef<Type> types = m.argTypes(in);
    for (size_t i = 1; i < in.ops.size(); ++i) {
      const Operand &o = in.ops[i];
      Type t = i - 1 < types.size() ? types[i - 1] : Type::U32;
      if (i > 1)
        s += ", ";
      if (o.address) {
        // The pointee is the helper's value type for `t`.
        std::string_view T = mslValueName(t);
        if (!place)
          e.fail(in, "unexpected address argument");
        if (spaceName == "shared") {
          s += "reinterpret_cast<threadgroup ";
          s += T;
          s += "*>(";
          if (place->pointerSpace == "generic") {
            s += "ctx.smem + uint(";
            s += place->base;
            s += " - P2M_SHARED_WINDOW)";
          } else {
            s += place->base;
          }
          s += ')';
        } else if (m.helpers[in.name] == Helper::Atom64) {
          s += place->base; // the locked 64-bit atomics hash the address itself (a ulong)
        } else {
          s += "reinterpret_cast<device ";
          s += T;
          s += "*>(";
          s += place->base;
          s += ')';
        }
      } else if (o.kind == OperandKind::Imm && (t == Type::S32 || t == Type::S64)) {
        s += ival(o, t); // the int or long literal (a rounding mode: `0`, not `as_type<int>(0u)`)
      } else if (o.kind == OperandKind::Reg || o.kind == OperandKind::Imm) {
        appendValue(s, o, t);
      } else if (o.kind == OperandKind::Special) {
        s += "ctx";
      } else {
        e.fail(in, "unsupported helper argument");
      }
    }
    s += ')';
    return s;
  }

  void helperCall() {
    const std::string &name = m.strings[in.name];
    const bool byAddress = helperInfo(m.helpers[in.name]).space == HelperSpace::ByAddress;
    // The address argument, if any, decides the state space of `{}` helpers.
    const Operand *addr = nullptr;
    for (size_t i = 1; i < in.ops.size(); ++i)
      if (in.ops[i].address)
        addr = &in.ops[i];
    Type rt = in.type;
    auto finish = [&](const std::string &call) {
      if (in.ops.empty() || in.ops[0].kind == OperandKind::None)
        e.line(call + ";");
      else if (rt != Type::None && e.hasValueView(rt))
        assignCall(in.ops[0], formatCompiled(FMT_COMPILE("as_type<{}>({})"), mslStorageName(storageOf(rt)), call));
      else
        assignCall(in.ops[0], call);
    };
    if (!addr || !byAddress) {
      e.useHelperString(in, in.name);
      Place p;
      if (addr)
        p = place(*addr, in.space, in.fromGeneric);
      finish(helperCallText(name, in.space == Space::Shared ? "shared" : "global", addr ? &p : nullptr));
      return;
    }
    auto named = [&](const char *sp) {
      std::string n = name;
      n.replace(name.find("{}"), 2, sp);
      e.useName(in, n);
      return n;
    };
    if (in.space == Space::Generic) {
      Place p = place(*addr, Space::Generic, false);
      if (!in.ops.empty() && in.ops[0].kind != OperandKind::None)
        e.line("// generic atomic: shared or global, decided by the address");
      e.line("if (p2m_is_shared_window({})) {{", p.base);
      ++e.indent;
      finish(helperCallText(named("shared"), "shared", &p));
      --e.indent;
      e.line("} else {");
      ++e.indent;
      Place g{"device", p.base};
      finish(helperCallText(named("global"), "global", &g));
      --e.indent;
      e.line("}");
      return;
    }
    if (in.space != Space::Global && in.space != Space::Shared)
      e.fail(in, "atomics are supported in global and shared memory");
    Place p = place(*addr, in.space, in.fromGeneric);
    const char *sp = in.space == Space::Shared ? "shared" : "global";
    finish(helperCallText(named(sp), sp, &p));
  }

  void run() {
    switch (in.irop) {
    case IrOp::Convert: return convert();
    case IrOp::Call: return helperCall();
    case IrOp::ReadSpecial: return readSpecial();
    case IrOp::AddressOf: return addressOf();
    case IrOp::Ptx: break;
    }
    switch (in.opcode) {
    case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Mad: case Opcode::Fma:
      if (isFloat(in.type))
        return floatArith();
      return integerArith();
    case Opcode::Madc: return carryMad(true);
    case Opcode::Addc: case Opcode::Subc: case Opcode::Mul24: case Opcode::Mad24:
    case Opcode::Div: case Opcode::Rem: case Opcode::Abs: case Opcode::Neg: case Opcode::Min:
    case Opcode::Max:
      if (isFloat(in.type))
        return floatArith();
      return integerArith();
    case Opcode::And: case Opcode::Or: case Opcode::Xor: case Opcode::Not: case Opcode::Cnot:
      return logic();
    case Opcode::Shl: case Opcode::Shr: case Opcode::Popc: case Opcode::Clz: case Opcode::Brev:
    case Opcode::Bfind: case Opcode::Bfe: case Opcode::Bfi: case Opcode::Prmt: case Opcode::Lop3:
    case Opcode::Shf: case Opcode::Bmsk: case Opcode::Szext: case Opcode::Sad: case Opcode::Dp4a:
    case Opcode::Dp2a: case Opcode::Vadd4: case Opcode::Vsub4: case Opcode::Vabsdiff4: case Opcode::Vmin4:
    case Opcode::Vmax4: case Opcode::Vshl: case Opcode::Vshr: case Opcode::Vadd: case Opcode::Vsub:
    case Opcode::Vabsdiff: case Opcode::Vmin: case Opcode::Vmax: case Opcode::Vset: case Opcode::Vmad:
      return bits();
    case Opcode::Setp: return setp();
    case Opcode::Set: return set();
    case Opcode::Selp: return selp();
    case Opcode::Slct: return slct();
    case Opcode::Mov: return mov();
    case Opcode::Cvt: return cvt();
    case Opcode::Ld: case Opcode::Ldu: return load(false);
    case Opcode::St: return load(true);
    case Opcode::Cvta: return cvta();
    case Opcode::Isspacep: return isspacep();
    case Opcode::Cp: return cpAsync();
    case Opcode::Bar: case Opcode::Barrier: return barrier();
    case Opcode::Membar: case Opcode::Fence: return fence();
    case Opcode::Call: return call();
    // Only keep-exited-threads-at-barriers makes trap an instruction: the launch fails, the
    // thread stays for the barriers.
    case Opcode::Trap: return e.emitThreadEnd(true);
    case Opcode::Prefetch: case Opcode::Prefetchu: case Opcode::Applypriority: case Opcode::Discard:
      e.line("// {}: a cache hint, nothing to do", ptx::spelling(in.opcode));
      return;
    case Opcode::Nanosleep:
      e.line("// nanosleep: a zero-length sleep is within PTX's [0, 2t] bound");
      return;
    case Opcode::Griddepcontrol:
      e.line("// griddepcontrol: without programmatic dependent launch, a no-op");
      return;
    case Opcode::Pmevent:
      e.line("// pmevent: no performance monitor here");
      return;
    case Opcode::Createpolicy:
      return assign(op(0), "0ul");
    default:
      e.fail(in, formatCompiled(FMT_COMPILE("{} is not supported yet"), ptx::spelling(in.opcode)));
    }
  }
};

} // namespace

void FunctionEmitter::emitInstruction(const Inst &inst) {
  const size_t beforeComment = out.size();
  const uint32_t debugLineBefore = lastDebugLine;
  if (options.comments && inst.debugLine && inst.debugLine != lastDebugLine) {
    lastDebugLine = inst.debugLine;
    line("// line {}", inst.debugLine);
  }
  const size_t start = out.size(), checkpoint = forwarded.checkpoint();
  const unsigned firstVectorTemp = vectorTemps, firstCallTemp = callTemps;
  printInstruction(inst);
  if (forwarded.commit(out, start, checkpoint, inst.guard != kNone)) {
    if (out.size() == start && start != beforeComment) {
      out.resize(beforeComment); // all forwarded: its line comment goes with its reader's
      lastDebugLine = debugLineBefore;
    }
    return;
  }
  // A forwarded operand would be evaluated twice, or after one of the instruction's own
  // statements (which may write what it reads): the operands become statements first.
  out.resize(start);
  vectorTemps = firstVectorTemp;
  callTemps = firstCallTemp;
  for (auto &[r, expression] : forwarded.rollback(checkpoint)) {
    assignment(function.reg(r).name, expression, mslStorageName(storageOf(function.reg(r).type)));
    declaredInline[r.index()] = 1;
  }
  const size_t again = out.size();
  printInstruction(inst);
  if (!forwarded.commit(out, again, checkpoint, inst.guard != kNone))
    fail(inst, "internal error: a forwarded value stayed unprinted");
}

void FunctionEmitter::printInstruction(const Inst &inst) {
  instIndent = indent;
  ++instSerial;
  bool guarded = inst.guard != kNone;
  if (guarded) {
    const std::string_view forwardedGuard = forwarded.read(inst.guard);
    // `if ([!]p) {`, appended piece by piece (a format string is parsed at each use).
    out.append(indent, '\t');
    out += inst.guardNegated ? "if (!" : "if (";
    out += forwardedGuard.empty() ? std::string_view(function.reg(inst.guard).name) : forwardedGuard;
    out += ") {\n";
    ++indent;
  }
  Sel{*this, inst, function, module, {}}.run();
  if (guarded) {
    --indent;
    line("}");
  }
}

void FunctionEmitter::emitTrap() {
  line("p2m_trap(ctx);");
  line("return;");
}

void FunctionEmitter::emitThreadEnd(bool trap) {
  if (trap)
    line("p2m_trap(ctx);");
  if (function.doneFlag != kNone)
    line(function.reg(function.doneFlag).name + " = true;");
  else
    line("return;");
}

void FunctionEmitter::emitFuncExit() {
  line("ctx.ended = true;");
  line("return;");
}

} // namespace p2m::msl
