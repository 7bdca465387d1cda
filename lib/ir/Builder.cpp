#include "ir/Builder.h"

#include "ir/CallTargets.h"
#include "ir/Declarations.h"
#include "ptx/Ast.h"
#include "ptx/BodyReader.h"
#include "support/SourceFile.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringRef.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <optional>
#include <span>
#include <string>

namespace p2m::ir {

using ptx::Directive;
using ptx::Expr;
using ptx::ExprKind;
using ptx::Modifier;
using ptx::Opcode;

namespace {

// Whether `name` is one of the PTX ISA's special registers (section 10), with its component
// (`%ctaid.x`) or index (`%pm3`, `%envreg7`): the ones the IR knows are found before this.
bool isPtxSpecialRegisterName(std::string_view name) {
  static constexpr std::string_view kBases[] = {
      "%tid", "%ntid", "%laneid", "%warpid", "%nwarpid", "%ctaid", "%nctaid", "%smid", "%nsmid",
      "%gridid", "%is_explicit_cluster", "%clusterid", "%nclusterid", "%cluster_ctaid",
      "%cluster_nctaid", "%cluster_ctarank", "%cluster_nctarank", "%lanemask_eq", "%lanemask_le",
      "%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%clock", "%clock_hi", "%clock64", "%pm",
      "%envreg", "%globaltimer", "%globaltimer_lo", "%globaltimer_hi", "%reserved_smem_offset_begin",
      "%reserved_smem_offset_end", "%reserved_smem_offset_cap", "%reserved_smem_offset_0",
      "%reserved_smem_offset_1", "%total_smem_size", "%aggr_smem_size", "%dynamic_smem_size",
      "%current_graph_exec"};
  std::string_view base = name.substr(0, name.find('.'));
  for (std::string_view known : kBases) {
    if (base == known)
      return true;
    // Indexed families: %pm0..%pm7, %pm0_64, %envreg0..%envreg31.
    if ((known == "%pm" || known == "%envreg") && base.starts_with(known) && base.size() > known.size() &&
        base[known.size()] >= '0' && base[known.size()] <= '9')
      return true;
  }
  return false;
}

// A register's name converted to the std::string that Register holds, which the conversion
// constructs in place (Register's aggregate initialization elides the copy): a name of up to 15
// bytes, as nearly all are, is copied with its length known (a few moves, not a call of memcpy:
// large modules declare hundreds of thousands of registers).
struct RegisterName {
  std::string_view text;
  operator std::string() const {
    const char *p = text.data();
    switch (text.size()) {
    case 1: return std::string(p, 1);
    case 2: return std::string(p, 2);
    case 3: return std::string(p, 3);
    case 4: return std::string(p, 4);
    case 5: return std::string(p, 5);
    case 6: return std::string(p, 6);
    case 7: return std::string(p, 7);
    case 8: return std::string(p, 8);
    case 9: return std::string(p, 9);
    case 10: return std::string(p, 10);
    case 11: return std::string(p, 11);
    case 12: return std::string(p, 12);
    case 13: return std::string(p, 13);
    case 14: return std::string(p, 14);
    case 15: return std::string(p, 15);
    default: return std::string(text);
    }
  }
};

// An instruction's modifiers into its (empty) list: the usual few copied with their count known
// (a few moves, not a call of memcpy, for each of the module's instructions).
void copyModifiers(std::span<const Modifier> from, llvm::SmallVectorImpl<Modifier> &to) {
  to.resize_for_overwrite(from.size());
  const Modifier *s = from.data();
  Modifier *d = to.data();
  switch (from.size()) {
  case 6: d[5] = s[5]; [[fallthrough]];
  case 5: d[4] = s[4]; [[fallthrough]];
  case 4: d[3] = s[3]; [[fallthrough]];
  case 3: d[2] = s[2]; [[fallthrough]];
  case 2: d[1] = s[1]; [[fallthrough]];
  case 1: d[0] = s[0]; [[fallthrough]];
  case 0: break;
  default: std::copy(from.begin(), from.end(), d);
  }
}

// Thrown inside one function's build; the function becomes unsupported.
struct BuildError {
  uint32_t offset;
  std::string message;
};

Space spaceOfDirective(Directive d) {
  switch (d) {
  case Directive::Global: return Space::Global;
  case Directive::Const: return Space::Const;
  case Directive::Shared: return Space::Shared;
  case Directive::Local: return Space::Local;
  case Directive::Param: return Space::Param;
  default: return Space::Reg;
  }
}

} // namespace

class BuilderImpl {
public:
  BuilderImpl(const ptx::Module &ast, ptx::BodyReader::BodyCheck check)
      : ast_(ast), m_(std::make_unique<Module>()), module_(m_.get()),
        callTargets_(ast, *module_, moduleNames_), bodyReader_(ast, std::move(check)) {}

  // Declarations: module variables with their initializers, functions with their signatures.
  // The caller owns the module; the builder keeps a pointer to build bodies into it.
  std::unique_ptr<Module> declare() {
    module_->source = ast_.sharedSource();
    module_->version = std::string(ast_.version);
    for (std::string_view t : ast_.targets)
      module_->targets.emplace_back(t);
    if (ast_.addressSize)
      module_->addressSize = ast_.addressSize;
    // Declarations first, so bodies can refer to anything at module scope.
    for (const ptx::Item *item : ast_.items) {
      if (item->kind == ptx::ItemKind::Variable)
        declareModuleVariable(static_cast<const ptx::VariableItem *>(item)->decl);
      else if (item->kind == ptx::ItemKind::Function)
        declareFunction(*static_cast<const ptx::Function *>(item));
    }
    for (const ptx::Item *item : ast_.items)
      if (item->kind == ptx::ItemKind::Alias)
        resolveAlias(*static_cast<const ptx::AliasItem *>(item));
    for (PendingInit &p : pendingInits_)
      buildInitializer(p);
    return std::move(m_);
  }

  void buildBodyOf(FuncId id) {
    if (const ptx::Function *fn = bodies_[id.index()])
      buildBody(*fn);
  }

  // The functions a body's calls may reach (CallTargets.h), read from the AST.
  std::vector<FuncId> callees(FuncId id) {
    const ptx::Function *fn = bodies_[id.index()];
    if (!fn || !fn->hasCalls)
      return {}; // most bodies call nothing: no need to parse them again
    const ptx::BlockStmt *body = bodyReader_.read(*fn);
    std::vector<FuncId> out = body ? callTargets_.calleesOf(*body) : std::vector<FuncId>();
    bodyReader_.release();
    return out;
  }

private:
  struct PendingInit {
    SymId symbol;
    const Expr *init;
  };

  // --- module scope ---------------------------------------------------------------------------

  SymId addSymbol(Symbol s) {
    module_->symbols.push_back(std::move(s));
    return static_cast<SymId>(module_->symbols.size() - 1);
  }

  Symbol variableSymbol(const ptx::VariableDecl &decl, const ptx::Declarator &d, Space space) {
    DeclType t = declType(decl.typeModifiers);
    Symbol s;
    s.ptxName = std::string(d.name);
    s.kind = SymbolKind::Variable;
    s.space = space;
    s.elementType = t.type;
    s.vector = t.vector;
    uint32_t natural = elementBytes(t.type) * t.vector;
    s.align = decl.align ? decl.align : (natural ? natural : 1);
    bool unsized = false;
    declaratorCount(d, unsized);
    s.size = declaredBytes(decl, d);
    s.isExtern = decl.linkage == ptx::Linkage::Extern;
    if (unsized && space == Space::Shared) {
      s.isDynamicShared = true;
      s.size = 0;
    } else if (unsized) {
      s.size = 0; // `a[] = {...}`: the initializer gives the size (buildInitializer)
    }
    s.srcOffset = d.offset;
    if (t.opaque) // module-scope ones: declareReference
      s.unsupported = Unsupported{d.offset, "texture, sampler and surface references (.texref, .samplerref, "
                                            ".surfref) are supported as module-scope .global variables only"};
    return s;
  }

  // Whether `.target` names texmode_independent (texmode_unified is the default).
  bool independentTextureMode() const {
    return std::find(ast_.targets.begin(), ast_.targets.end(), std::string_view("texmode_independent")) !=
           ast_.targets.end();
  }

  // A module-scope `.global .texref`/`.surfref` (or `.tex .u32/.u64`, which the PTX ISA defines
  // as `.global .texref`): an 8-byte .global variable holding the handle of the object the
  // runtime builds from the reference's state (Ir.h's ReferenceKind). Samplers and independent
  // mode stay refused: a handle here names one descriptor holding texels and sampling state
  // together, and a separate sampler would need every sampling helper to read a second one.
  void declareReference(const ptx::VariableDecl &decl, const ptx::Declarator &d, Symbol &s) {
    DeclType t = declType(decl.typeModifiers);
    bool tex = decl.space == Directive::Tex;
    s.unsupported.reset();
    if (!tex && decl.space != Directive::Global) {
      s.unsupported = Unsupported{d.offset, "texture, sampler and surface references must be .global"};
      return;
    }
    if (tex && (t.opaque ? t.opaqueType != Modifier::Texref : t.type != Type::U32 && t.type != Type::U64)) {
      s.unsupported = Unsupported{d.offset, ".tex variables must be .texref, .u32 or .u64"};
      return;
    }
    if (t.opaqueType == Modifier::Samplerref) {
      s.unsupported = Unsupported{d.offset, "sampler references (.samplerref) are not supported: a texture "
                                            "handle here carries its own sampler state, and independent "
                                            "texturing mode has no separate sampler to combine with it"};
      return;
    }
    if (independentTextureMode()) {
      s.unsupported = Unsupported{d.offset, "texture and surface references in independent texturing mode "
                                            "(.target texmode_independent) are not supported: their "
                                            "sampler state comes from separate .samplerref variables"};
      return;
    }
    if (d.initializer || !d.dims.empty()) {
      s.unsupported = Unsupported{d.offset, "texture and surface references with initializers or array "
                                            "dimensions are not supported"};
      return;
    }
    s.space = Space::Global;
    s.elementType = Type::U64;
    s.vector = 1;
    s.size = 8;
    s.align = 8;
    s.reference = (tex || t.opaqueType == Modifier::Texref) ? ReferenceKind::Texture : ReferenceKind::Surface;
  }

  void declareModuleVariable(const ptx::VariableDecl &decl) {
    Space space = spaceOfDirective(decl.space);
    for (const ptx::Declarator &d : decl.declarators) {
      Symbol s = variableSymbol(decl, d, space);
      if (space == Space::Reg || space == Space::Param)
        s.unsupported = Unsupported{d.offset, "module-scope variables in this state space are "
                                              "not supported"};
      bool reference = decl.space == Directive::Tex || declType(decl.typeModifiers).opaque;
      if (reference)
        declareReference(decl, d, s);
      bool unsized = false;
      declaratorCount(d, unsized);
      SymId id = addSymbol(std::move(s));
      moduleNames_[d.name] = id;
      if (reference)
        continue; // an initializer was refused above
      if (d.initializer)
        pendingInits_.push_back({id, d.initializer});
      else if (unsized && space != Space::Shared && !module_->symbol(id).isExtern)
        module_->symbol(id).unsupported = Unsupported{d.offset, "an unsized array needs an initializer"};
    }
  }

  // `.alias a, b;`: calls to the declared function a reach b's body (the ISA requires a
  // prototype for a, the same as b's, and a body for b in this module).
  void resolveAlias(const ptx::AliasItem &item) {
    auto alias = moduleNames_.find(item.alias);
    auto target = moduleNames_.find(item.aliasee);
    if (alias == moduleNames_.end() || target == moduleNames_.end())
      return; // the validator reports unknown names
    Symbol &a = module_->symbol(alias->second);
    const Symbol &t = module_->symbol(target->second);
    if (a.kind != SymbolKind::Function || t.kind != SymbolKind::Function)
      return;
    Function &af = module_->function(a.function);
    const Function &tf = module_->function(t.function);
    if (!af.isDeclaration || tf.isDeclaration || tf.isEntry)
      af.unsupported = Unsupported{item.offset, ".alias needs a declared function and a function "
                                                "defined in this module"};
    else if (!sameSignature(*module_, af, tf))
      af.unsupported = Unsupported{item.offset, ".alias between functions of different prototypes"};
    else
      a.function = t.function;
  }

  void declareFunction(const ptx::Function &fn) {
    auto it = moduleNames_.find(fn.name);
    FuncId id;
    if (it != moduleNames_.end() && module_->symbol(it->second).kind == SymbolKind::Function) {
      // A prototype followed by the definition: keep one function.
      id = module_->symbol(it->second).function;
      if (!fn.hasBody)
        return;
      module_->function(id) = Function{};
    } else {
      id = static_cast<FuncId>(module_->functions.size());
      module_->functions.emplace_back();
      Symbol s;
      s.ptxName = std::string(fn.name);
      s.kind = SymbolKind::Function;
      s.function = id;
      s.srcOffset = fn.nameOffset;
      moduleNames_[fn.name] = addSymbol(std::move(s));
    }
    Function &f = module_->function(id);
    f.ptxName = std::string(fn.name);
    f.isEntry = fn.isEntry;
    f.isDeclaration = !fn.hasBody;
    f.srcOffset = fn.nameOffset;
    f.params = declareParams(fn.params, id, fn.isEntry, f.paramBytes);
    uint64_t retBytes = 0;
    f.returns = declareParams(fn.returns, id, false, retBytes);
    f.symbols = f.params;
    f.symbols.insert(f.symbols.end(), f.returns.begin(), f.returns.end());
    for (const ptx::FunctionDirective &d : fn.directives) {
      std::vector<uint32_t> values(d.values.begin(), d.values.end());
      if (d.directive == Directive::Maxntid)
        f.maxntid = values;
      else if (d.directive == Directive::Reqntid)
        f.reqntid = values;
      else if (d.directive == Directive::Minnctapersm && !values.empty())
        f.minnctapersm = values[0];
      // .maxclusterrank only bounds the cluster a launch may ask for: without one it says
      // nothing (cluster instructions are diagnosed where they are used).
      else if (d.directive == Directive::Reqnctapercluster ||
               d.directive == Directive::Explicitcluster ||
               d.directive == Directive::Blocksareclusters)
        f.unsupported = Unsupported{d.offset, "thread-block clusters are not supported yet"};
    }
    if (bodies_.size() <= id.index())
      bodies_.resize(id.index() + 1, nullptr);
    bodies_[id.index()] = fn.hasBody ? &fn : nullptr;
  }

  // The components of a register vector, and the ISA's other spelling of them.
  static constexpr const char *kLaneSuffixes[] = {".x", ".y", ".z", ".w"};
  static constexpr const char *kColourSuffixes[] = {".r", ".g", ".b", ".a"};

  // How many lanes a .func's `.reg .vN` parameter declaration has (1: not one).
  static uint32_t vectorRegisterLanes(const ptx::VariableDecl &decl, bool isEntry) {
    if (decl.space != Directive::Reg || isEntry)
      return 1;
    DeclType t = declType(decl.typeModifiers);
    return t.vector >= 2 && t.vector <= 4 && !t.opaque && t.type != Type::None ? t.vector : 1;
  }

  std::vector<SymId> declareParams(std::span<const ptx::VariableDecl> decls, FuncId owner,
                                   bool isEntry, uint64_t &bytes) {
    std::vector<SymId> ids;
    uint64_t offset = 0;
    for (const ptx::VariableDecl &decl : decls) {
      const uint32_t lanes = vectorRegisterLanes(decl, isEntry);
      for (const ptx::Declarator &d : decl.declarators) {
        if (lanes > 1 && !d.rangeCount && d.dims.empty()) {
          // `.reg .v2 .f32 %a`: a scalar .reg parameter per lane, %a.x and %a.y (calls pass a
          // vector register's lanes the same way: buildCall).
          for (uint32_t i = 0; i < lanes; ++i) {
            Symbol s = variableSymbol(decl, d, Space::Reg);
            s.ptxName += kLaneSuffixes[i];
            s.vector = 1;
            s.size = elementBytes(s.elementType);
            s.align = decl.align ? decl.align : s.size;
            s.kind = SymbolKind::Parameter;
            s.owner = owner;
            offset = (offset + s.align - 1) / s.align * s.align;
            s.offset = offset;
            offset += s.size;
            ids.push_back(addSymbol(std::move(s)));
          }
          continue;
        }
        Symbol s = variableSymbol(decl, d, decl.space == Directive::Reg ? Space::Reg : Space::Param);
        if (declType(decl.typeModifiers).opaque)
          s.unsupported = Unsupported{d.offset, "texture, sampler and surface references (.texref, .samplerref, "
                                                ".surfref) as parameters are not supported: no Driver API call "
                                                "passes one to a launch (texture and surface objects are)"};
        s.kind = SymbolKind::Parameter;
        s.owner = owner;
        if (d.rangeCount)
          s.unsupported = Unsupported{d.offset, "parameterized parameter names are not supported"};
        offset = (offset + s.align - 1) / s.align * s.align;
        s.offset = offset;
        offset += s.size;
        if (isEntry && s.space == Space::Reg)
          s.unsupported = Unsupported{d.offset, "a kernel parameter must be in .param space"};
        ids.push_back(addSymbol(std::move(s)));
      }
    }
    bytes = offset;
    return ids;
  }

  // --- initializers -----------------------------------------------------------------------------

  void flattenInit(const Expr &e, std::vector<const Expr *> &out) {
    if (e.kind == ExprKind::Braced) {
      for (const Expr &c : e.operands())
        flattenInit(c, out);
    } else {
      out.push_back(&e);
    }
  }

  void buildInitializer(PendingInit &p) {
    Symbol &s = module_->symbol(p.symbol);
    std::vector<const Expr *> leaves;
    flattenInit(*p.init, leaves);
    uint32_t elem = elementBytes(s.elementType);
    if (elem == 0) {
      s.unsupported = Unsupported{s.srcOffset, "cannot lay out this initializer"};
      return;
    }
    uint64_t needed = static_cast<uint64_t>(leaves.size()) * elem;
    if (s.size == 0)
      s.size = needed;
    if (needed > s.size || s.size > (1u << 30)) {
      s.unsupported = Unsupported{s.srcOffset, "initializer larger than its variable"};
      return;
    }
    s.init.assign(s.size, 0);
    for (size_t i = 0; i < leaves.size(); ++i) {
      uint64_t at = i * elem;
      if (!initLeaf(s, *leaves[i], at, elem))
        return;
    }
  }

  // Evaluates a constant integer expression; false if it is not one.
  static bool evalInt(const Expr &e, int64_t &out) {
    switch (e.kind) {
    case ExprKind::Integer: out = static_cast<int64_t>(e.value); return true;
    case ExprKind::Paren: return evalInt(e.child(0), out);
    case ExprKind::Unary: {
      int64_t v;
      if (!evalInt(e.child(0), v))
        return false;
      switch (static_cast<ptx::UnaryOp>(e.sub)) {
      case ptx::UnaryOp::Minus: out = static_cast<int64_t>(0ull - static_cast<uint64_t>(v)); return true;
      case ptx::UnaryOp::BitNot: out = ~v; return true;
      case ptx::UnaryOp::LogicalNot: out = !v; return true;
      case ptx::UnaryOp::Plus: out = v; return true;
      }
      return false;
    }
    case ExprKind::Binary: {
      int64_t a, b;
      if (!evalInt(e.child(0), a) || !evalInt(e.child(1), b))
        return false;
      uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
      switch (static_cast<ptx::BinaryOp>(e.sub)) {
      case ptx::BinaryOp::Add: out = static_cast<int64_t>(ua + ub); return true;
      case ptx::BinaryOp::Sub: out = static_cast<int64_t>(ua - ub); return true;
      case ptx::BinaryOp::Mul: out = static_cast<int64_t>(ua * ub); return true;
      case ptx::BinaryOp::Div: if (b == 0 || (a == INT64_MIN && b == -1)) return false; out = a / b; return true;
      case ptx::BinaryOp::Rem: if (b == 0 || (a == INT64_MIN && b == -1)) return false; out = a % b; return true;
      case ptx::BinaryOp::Shl: out = static_cast<int64_t>(ub >= 64 ? 0 : ua << ub); return true;
      case ptx::BinaryOp::Shr: out = ub >= 64 ? (a < 0 ? -1 : 0) : (a >> ub); return true;
      case ptx::BinaryOp::And: out = a & b; return true;
      case ptx::BinaryOp::Or: out = a | b; return true;
      case ptx::BinaryOp::Xor: out = a ^ b; return true;
      default: return false;
      }
    }
    default: return false;
    }
  }

  // The bits of `d` as an f32 or f64 element (rounded to nearest for f32); nullopt for others.
  static std::optional<uint64_t> floatElementBits(Type t, double d) {
    if (t == Type::F32) {
      float f = static_cast<float>(d);
      uint32_t b32;
      std::memcpy(&b32, &f, 4);
      return b32;
    }
    if (t == Type::F64) {
      uint64_t b64;
      std::memcpy(&b64, &d, 8);
      return b64;
    }
    return std::nullopt;
  }

  bool initLeaf(Symbol &s, const Expr &e, uint64_t at, uint32_t elem) {
    uint64_t bits = 0;
    bool isFloat = ir::isFloat(s.elementType);
    auto fail = [&](const char *why) {
      s.unsupported = Unsupported{s.srcOffset, why};
      return false;
    };
    const Expr *x = &e;
    while (x->kind == ExprKind::Paren)
      x = &x->child(0);
    // -2.25 or -(-0f40100000): a float literal under minus signs (and parentheses), each of
    // which flips its sign bit.
    bool negated = false;
    {
      const Expr *c = x;
      bool odd = false;
      auto isMinus = [](const Expr *e) {
        return e->kind == ExprKind::Unary && static_cast<ptx::UnaryOp>(e->sub) == ptx::UnaryOp::Minus;
      };
      while (c->kind == ExprKind::Paren || isMinus(c)) {
        odd ^= isMinus(c);
        c = &c->child(0);
      }
      if (c->kind == ExprKind::FloatBits || c->kind == ExprKind::FloatDecimal) {
        negated = odd;
        x = c;
      }
    }
    if (x->kind == ExprKind::FloatBits || x->kind == ExprKind::FloatDecimal) {
      bool single = x->kind == ExprKind::FloatBits && x->sub == 'f';
      if (negated && !isFloat)
        return fail("a negated floating-point initializer of an integer variable is not supported");
      if (x->kind == ExprKind::FloatBits &&
          (!isFloat || s.elementType == (single ? Type::F32 : Type::F64))) {
        bits = single ? (x->value & 0xFFFFFFFFu) : x->value; // the bit pattern as written
        if (negated)
          bits ^= single ? 0x80000000ull : 0x8000000000000000ull;
      } else {
        double d;
        if (x->kind == ExprKind::FloatDecimal) {
          d = std::strtod(std::string(x->text()).c_str(), nullptr);
        } else if (single) {
          float f;
          uint32_t b32 = static_cast<uint32_t>(x->value);
          std::memcpy(&f, &b32, 4);
          d = f;
        } else {
          std::memcpy(&d, &x->value, 8);
        }
        std::optional<uint64_t> b = floatElementBits(s.elementType, negated ? -d : d);
        if (!b)
          return fail("floating-point initializer of this type is not supported");
        bits = *b;
      }
    } else if (int64_t v; evalInt(*x, v)) {
      if (isFloat) {
        std::optional<uint64_t> b = floatElementBits(s.elementType, static_cast<double>(v));
        if (!b)
          return fail("integer initializer of this type is not supported");
        bits = *b;
      } else {
        bits = static_cast<uint64_t>(v);
      }
    } else {
      // An address: name, generic(name), name+offset.
      bool generic = false;
      int64_t addend = 0;
      if (x->kind == ExprKind::Generic) {
        generic = true;
        x = &x->child(1);
      }
      if (x->kind == ExprKind::Binary &&
          (static_cast<ptx::BinaryOp>(x->sub) == ptx::BinaryOp::Add ||
           static_cast<ptx::BinaryOp>(x->sub) == ptx::BinaryOp::Sub) &&
          evalInt(x->child(1), addend)) {
        if (static_cast<ptx::BinaryOp>(x->sub) == ptx::BinaryOp::Sub)
          addend = -addend;
        x = &x->child(0);
      }
      if (x->kind == ExprKind::Generic) {
        generic = true;
        x = &x->child(1);
      }
      if (x->kind != ExprKind::Name)
        return fail("unsupported initializer expression");
      auto it = moduleNames_.find(x->text());
      if (it == moduleNames_.end())
        return fail("initializer refers to an unknown symbol");
      // Device addresses are 64-bit on every backend (the runtime patches 8 bytes), so a 32-bit
      // element could only hold a truncated one.
      if (elem != 8)
        return fail("an address in an initializer must fill a 64-bit element (device addresses are 64-bit)");
      // A function's address is a 64-bit id (CallTargets.h), not a place to offset from.
      if (module_->symbol(it->second).kind == SymbolKind::Function && addend != 0)
        return fail("a function's address in an initializer must fill a 64-bit element, without an offset");
      s.relocations.push_back({at, it->second, addend, generic});
      return true;
    }
    for (uint32_t i = 0; i < elem && i < 8; ++i)
      s.init[at + i] = static_cast<uint8_t>(bits >> (8 * i));
    return true;
  }

  // --- function bodies ----------------------------------------------------------------------------

  // A scope's bindings are undone from the end of undo_ and rangeUndo_ (name, previous
  // binding) back to where the scope began.
  struct Scope {
    size_t undoFrom = 0, rangeUndoFrom = 0;
  };
  std::vector<std::pair<std::string_view, uint64_t>> undo_, rangeUndo_;

  void pushScope() { scopes_.push_back({undo_.size(), rangeUndo_.size()}); }

  static constexpr uint32_t kMaxRangeRegisters = 10'000'000;
  static constexpr uint32_t kMaxVectorRangeRegisters = 100'000; // each binds its names

  // A binding: the low 32 bits index regs or symbols; bit 32 set for a symbol; bit 33 set for a
  // register vector (`.reg .v4 .f32 %v`), whose elements follow the base register.
  static constexpr uint64_t kSymbolBit = 1ull << 32;
  static constexpr uint64_t kVectorBit = 1ull << 33;

  // What names_ holds for a name no scope binds now: a name leaving its scope keeps its entry
  // (inline asm blocks bind the same few names again and again; erasing them would fill the
  // map with tombstones, which lengthen every lookup's probing).
  static constexpr uint64_t kUnbound = UINT64_MAX;

  void bind(std::string_view name, uint64_t value) {
    boundNames_.add(name);
    members_.evict(name);
    auto [it, inserted] = names_.try_emplace(name, kUnbound);
    undo_.push_back({name, it->second});
    it->second = value;
  }

  void bindRange(std::string_view base, RegId first, uint32_t count) {
    uint64_t packed = (uint64_t(count) << 32) | first.index();
    auto [it, inserted] = ranges_.try_emplace(base, packed);
    rangeUndo_.push_back({base, inserted ? UINT64_MAX : it->second});
    it->second = packed;
    rangeCache_ = {};
    members_.clear();
  }

  // The range named `base` (count << 32 | first reg), if there is one. Nearly every operand is
  // a member of one of a few ranges (%r, %rd, %f, %p): a small cache in front of ranges_ saves
  // hashing the base each time.
  std::optional<uint64_t> findRange(std::string_view base) {
    RangeCacheEntry &c = rangeCache_[(base.size() * 7 + static_cast<unsigned char>(base.back())) %
                                     rangeCache_.size()];
    // Compared byte by byte: the bases are a few bytes long, shorter than a call to memcmp.
    bool hit = c.valid && c.base.size() == base.size();
    for (size_t i = 0; hit && i < base.size(); ++i)
      hit = c.base[i] == base[i];
    if (hit)
      return c.packed;
    auto r = ranges_.find(base);
    if (r == ranges_.end())
      return std::nullopt;
    c = {r->first, r->second, true};
    return r->second;
  }

  void popScope() {
    Scope s = scopes_.back();
    scopes_.pop_back();
    if (rangeUndo_.size() > s.rangeUndoFrom) {
      for (size_t i = rangeUndo_.size(); i-- > s.rangeUndoFrom;) {
        auto [base, previous] = rangeUndo_[i];
        if (previous == UINT64_MAX)
          ranges_.erase(base);
        else
          ranges_[base] = previous;
      }
      rangeUndo_.resize(s.rangeUndoFrom);
      rangeCache_ = {};
      members_.clear();
    }
    for (size_t i = undo_.size(); i-- > s.undoFrom;)
      names_[undo_[i].first] = undo_[i].second;
    undo_.resize(s.undoFrom);
  }

  [[noreturn]] void error(uint32_t offset, std::string message) {
    throw BuildError{offset, std::move(message)};
  }

  // A .func parameter or result declared in .reg space: a register of the function, passed
  // in a frame like a .param one (so calls and the MSL signature need nothing of their own):
  // parameters are loaded from their frames on entry, results stored to theirs at each ret.
  struct RegParameter {
    SymId frame;
    RegId reg;
    bool isReturn;
    std::span<const ptx::Modifier> typeModifiers;
    uint32_t offset;
  };
  std::vector<RegParameter> regParams_;

  uint64_t regParameter(const ptx::VariableDecl &decl, const ptx::Declarator &d, SymId frame,
                        bool isReturn) {
    DeclType t = declType(decl.typeModifiers);
    if (t.vector != 1 || t.type == Type::None || d.rangeCount || !d.dims.empty())
      error(d.offset, "a .reg parameter must be a scalar or a vector of 2 to 4 (array .reg "
                      "parameters are not supported yet)");
    RegId r = fn_->addReg(std::string(d.name), t.type);
    regParams_.push_back({frame, r, isReturn, decl.typeModifiers, d.offset});
    return r.index();
  }

  // The lanes of a vector .reg parameter (declareParams made one scalar parameter of each):
  // registers %a.x, %a.y, ... bound as the components of the register vector %a.
  void bindVectorRegParameter(const ptx::VariableDecl &decl, const ptx::Declarator &d,
                              std::span<const SymId> lanes, bool isReturn) {
    const RegId first = static_cast<RegId>(fn_->regs.size());
    const std::span<const ptx::Modifier> laneType = scalarTypeModifiers(decl.typeModifiers);
    for (SymId lane : lanes) {
      const Symbol &s = module_->symbol(lane);
      regParams_.push_back({lane, fn_->addReg(s.ptxName, s.elementType), isReturn, laneType, d.offset});
    }
    bindVectorLanes(std::string(d.name), first, static_cast<uint32_t>(lanes.size()));
  }

  // A declaration's type modifiers without its .v2/.v4 (an element's own).
  std::span<const ptx::Modifier> scalarTypeModifiers(std::span<const ptx::Modifier> mods) {
    auto &kept = ownedModifiers_.emplace_back(std::make_unique<std::vector<ptx::Modifier>>());
    for (ptx::Modifier m : mods)
      if (m != ptx::Modifier::V2 && m != ptx::Modifier::V4)
        kept->push_back(m);
    return *kept;
  }

  // ld.param.T reg, [frame] or st.param.T [frame], reg.
  Inst regParameterAccess(const RegParameter &p, Opcode op) {
    Inst inst;
    inst.opcode = op;
    inst.srcOffset = p.offset;
    inst.space = Space::Param;
    inst.type = module_->symbol(p.frame).elementType;
    inst.modifiers.push_back(Modifier::Param);
    inst.modifiers.append(p.typeModifiers.begin(), p.typeModifiers.end());
    Operand frame = Operand::symbol(p.frame);
    frame.address = true;
    if (op == Opcode::Ld)
      inst.ops = {Operand::reg(p.reg), frame};
    else
      inst.ops = {frame, Operand::reg(p.reg)};
    return inst;
  }

  void storeRegReturns() {
    for (const RegParameter &p : regParams_)
      if (p.isReturn)
        newInst() = regParameterAccess(p, Opcode::St);
  }

  void buildBody(const ptx::Function &fn) {
    FuncId id = module_->symbol(moduleNames_.find(fn.name)->second).function;
    Function &f = module_->function(id);
    fn_ = &f;
    fnId_ = id;
    names_.clear();
    boundNames_ = {};
    ranges_.clear();
    rangeCache_ = {};
    members_.clear();
    scopes_.clear();
    undo_.clear();
    rangeUndo_.clear();
    labels_.clear();
    branchTargets_.clear();
    callLists_ = CallLists();
    pushScope();
    // Bind the AST's names (views into the source): views into Symbol::ptxName would dangle
    // when the symbol table grows.
    regParams_.clear();
    auto bindParams = [&](std::span<const ptx::VariableDecl> decls, const std::vector<SymId> &ids,
                          bool isReturn) {
      size_t i = 0;
      for (const ptx::VariableDecl &decl : decls) {
        const uint32_t lanes = vectorRegisterLanes(decl, f.isEntry);
        for (const ptx::Declarator &d : decl.declarators)
          if (lanes > 1 && !d.rangeCount && d.dims.empty()) {
            if (i + lanes <= ids.size())
              bindVectorRegParameter(decl, d, std::span<const SymId>(ids).subspan(i, lanes), isReturn);
            i += lanes;
          } else if (i < ids.size()) {
            SymId id = ids[i++];
            if (module_->symbol(id).space == Space::Reg && !f.isEntry)
              bind(d.name, regParameter(decl, d, id, isReturn));
            else
              bind(d.name, kSymbolBit | id.index());
          }
      }
    };
    try {
      bindParams(fn.params, f.params, false);
      bindParams(fn.returns, f.returns, true);
      debugLine_ = 0;
      walking_ = false;
      current_ = newBlock("$entry");
      for (const RegParameter &p : regParams_)
        if (!p.isReturn)
          newInst() = regParameterAccess(p, Opcode::Ld);
      const ptx::BlockStmt *read = bodyReader_.read(fn);
      if (!read)
        error(fn.bodyOffset, "the body did not pass its check"); // the driver reports why
      const ptx::BlockStmt &body = *read;
      collectLabels(body);
      // With room for the temporaries that the passes add.
      fn_->regs.reserve(fn_->regs.size() + declaredRegisters_ + declaredRegisters_ / 2);
      walk(body);
      storeRegReturns();
      finishBlock(TermKind::Return, 0);
    } catch (BuildError &e) {
      if (!f.unsupported)
        f.unsupported = Unsupported{e.offset, std::move(e.message)};
    }
    while (scopes_.size())
      popScope();
    fn_ = nullptr;
    // The body's tree is not needed past here; the passes have the IR.
    branchTargets_.clear();
    callLists_ = CallLists();
    bodyReader_.release();
  }

  BlockId newBlock(std::string label) {
    fn_->blocks.push_back(Block{});
    fn_->blocks.back().label = std::move(label);
    return static_cast<BlockId>(fn_->blocks.size() - 1);
  }

  // The registers a declaration makes (a vector's as one: a hint), into declaredRegisters_, so
  // that the function's list is sized once.
  void countRegisters(const ptx::VariableDecl &decl) {
    if (decl.space != Directive::Reg)
      return;
    for (const ptx::Declarator &d : decl.declarators)
      declaredRegisters_ += d.hasRange && d.rangeCount <= kMaxRangeRegisters ? d.rangeCount : 1;
  }

  // Whether `op` ends its block (the walk continues in a new one).
  static bool endsBlock(Opcode op) {
    return op == Opcode::Bra || op == Opcode::Brx || op == Opcode::Ret || op == Opcode::Exit || op == Opcode::Trap;
  }

  // Labels, branch and call target lists and call prototypes are function-scoped: collect them
  // (labels numbered as consecutive blocks from firstLabelBlock_, in source order) before the
  // walk so forward uses resolve. The registers the body declares are counted on the way, the
  // instructions ahead of each (instructionsAhead_) and the blocks the walk adds (blocksAhead_),
  // so that the function's list of blocks is sized once.
  void collectLabels(const ptx::BlockStmt &body) {
    declaredRegisters_ = 0;
    blocksAhead_ = 0;
    firstLabelBlock_ = static_cast<uint32_t>(fn_->blocks.size());
    labelNames_.clear();
    instructionsAhead_.clear();
    // The instructions from runStart on up to a label or an instruction that ends the block:
    // each is told how many of them are left from it on.
    size_t runStart = 0;
    auto endRun = [&](size_t runEnd) {
      for (size_t k = runStart; k < runEnd; ++k)
        instructionsAhead_[k] = static_cast<uint32_t>(runEnd - k);
    };
    std::vector<std::pair<const ptx::BlockStmt *, size_t>> work{{&body, 0}};
    while (!work.empty()) {
      auto &[blk, i] = work.back();
      if (i == blk->statements.size()) {
        work.pop_back();
        continue;
      }
      const ptx::Statement *s = blk->statements[i++];
      if (s->kind == ptx::StatementKind::Instruction) {
        instructionsAhead_.push_back(0);
        auto *in = static_cast<const ptx::Instruction *>(s);
        if (endsBlock(in->opcode)) {
          endRun(instructionsAhead_.size() - 1);
          runStart = instructionsAhead_.size();
          // The block after it, and for a guarded ret/exit/trap/brx also the block that runs it
          // (a guarded bra only branches).
          blocksAhead_ += in->guard && in->opcode != Opcode::Bra ? 2 : 1;
        }
      } else if (s->kind == ptx::StatementKind::Label) {
        endRun(instructionsAhead_.size());
        runStart = instructionsAhead_.size();
        auto *l = static_cast<const ptx::LabelStmt *>(s);
        auto [it, inserted] =
            labels_.try_emplace(l->name, BlockId(firstLabelBlock_ + static_cast<uint32_t>(labelNames_.size())));
        if (!inserted) {
          addLabelBlocks(); // those before it, as a body with the error is left
          error(s->offset, "label defined twice");
        }
        labelNames_.push_back(l->name);
      } else if (s->kind == ptx::StatementKind::BranchTargets) {
        auto *t = static_cast<const ptx::TargetListStmt *>(s);
        branchTargets_[t->name] = t;
      } else if (s->kind == ptx::StatementKind::Block) {
        work.push_back({static_cast<const ptx::BlockStmt *>(s), 0});
      } else if (s->kind == ptx::StatementKind::Variable) {
        countRegisters(static_cast<const ptx::VariableStmt *>(s)->decl);
      } else if (s->kind == ptx::StatementKind::CallPrototype || s->kind == ptx::StatementKind::CallTargets) {
        callLists_.add(*s);
      }
    }
    endRun(instructionsAhead_.size());
    fn_->blocks.reserve(fn_->blocks.size() + labelNames_.size() + blocksAhead_);
    addLabelBlocks();
  }

  // The blocks of the labels collectLabels found, added once their number is known (one
  // allocation for the function's blocks rather than one per doubling).
  void addLabelBlocks() {
    for (std::string_view name : labelNames_)
      newBlock(std::string(name));
    labelNames_.clear();
  }

  void walk(const ptx::BlockStmt &body) {
    // Iterative, so deeply nested `{ }` blocks cannot exhaust the stack.
    std::vector<std::pair<const ptx::BlockStmt *, size_t>> work{{&body, 0}};
    walking_ = true;
    walkInstruction_ = 0;
    uint32_t labelBlock = firstLabelBlock_; // the walk meets the labels in collectLabels' order
    while (!work.empty()) {
      auto &[blk, i] = work.back();
      if (i == blk->statements.size()) {
        work.pop_back();
        if (!work.empty())
          popScope();
        continue;
      }
      const ptx::Statement *s = blk->statements[i++];
      switch (s->kind) {
      case ptx::StatementKind::Instruction:
        instruction(*static_cast<const ptx::Instruction *>(s));
        ++walkInstruction_;
        break;
      case ptx::StatementKind::Label: {
        BlockId b(labelBlock++);
        Block &cur = fn_->block(current_);
        cur.term = Terminator{TermKind::Goto, kNone, false, {b}, s->offset};
        switchTo(b);
        break;
      }
      case ptx::StatementKind::Variable:
        localVariable(static_cast<const ptx::VariableStmt *>(s)->decl);
        break;
      case ptx::StatementKind::Block:
        pushScope();
        work.push_back({static_cast<const ptx::BlockStmt *>(s), 0});
        break;
      case ptx::StatementKind::Loc: {
        auto *loc = static_cast<const ptx::LocStmt *>(s);
        debugLine_ = loc->line;
        break;
      }
      case ptx::StatementKind::CallTargets:
      case ptx::StatementKind::CallPrototype:
      case ptx::StatementKind::Pragma:
      case ptx::StatementKind::DebugFile:
      case ptx::StatementKind::BranchTargets:
        break;
      }
    }
    walking_ = false;
  }

  void localVariable(const ptx::VariableDecl &decl) {
    if (decl.space == Directive::Reg) {
      DeclType t = declType(decl.typeModifiers);
      if (t.type == Type::None || t.opaque)
        error(decl.offset, "unsupported register type");
      if (t.type == Type::B128)
        error(decl.offset, "128-bit registers are not supported yet");
      for (const ptx::Declarator &d : decl.declarators) {
        if (!d.dims.empty())
          error(d.offset, "register arrays are not supported");
        if (t.vector > 1) {
          if (t.vector > 4)
            error(d.offset, "register vectors wider than 4 are not supported");
          if (d.hasRange && d.rangeCount > kMaxVectorRangeRegisters)
            error(d.offset, "too many registers");
          // `%v<N>` declares N vectors %v0..%v(N-1).
          const uint32_t count = d.hasRange ? d.rangeCount : 1;
          for (uint32_t k = 0; k < count; ++k)
            vectorRegister(d.hasRange ? std::string(d.name) + std::to_string(k) : std::string(d.name), t);
        } else if (d.hasRange) {
          if (d.rangeCount > kMaxRangeRegisters)
            error(d.offset, "too many registers");
          // %r<N>: N registers %r0..%r(N-1), found by splitting a name's trailing digits
          // (binding each name would cost a map entry per register).
          RegId first = static_cast<RegId>(fn_->regs.size());
          size_t needed = fn_->regs.size() + d.rangeCount; // grown geometrically: many small
          if (needed > fn_->regs.capacity())                // ranges must not each reallocate
            fn_->regs.reserve(std::max(needed, 2 * fn_->regs.capacity()));
          // The base, then the index counted up in place (hundreds of thousands of registers in
          // a large module): each name is constructed once, in the list.
          std::string name(d.name);
          size_t baseLength = name.size();
          name += '0';
          for (uint32_t i = 0; i < d.rangeCount; ++i) {
            fn_->regs.emplace_back(RegisterName{name}, t.type);
            if (name.back() != '9')
              ++name.back(); // nine times in ten
            else
              incrementDecimal(name, baseLength);
          }
          bindRange(d.name, first, d.rangeCount);
        } else {
          bind(d.name, fn_->addReg(std::string(d.name), t.type).index());
        }
      }
      return;
    }
    Space space = spaceOfDirective(decl.space);
    if (space == Space::Reg)
      error(decl.offset, "unsupported declaration in a function body");
    for (const ptx::Declarator &d : decl.declarators) {
      Symbol s = variableSymbol(decl, d, space);
      s.owner = fnId_;
      if (s.unsupported)
        error(d.offset, s.unsupported->message);
      if (d.initializer)
        error(d.offset, "initialized variables in a function body are not supported yet");
      SymId id = addSymbol(std::move(s));
      fn_->symbols.push_back(id);
      bind(d.name, kSymbolBit | id.index());
    }
  }

  // The decimal number that `s` ends with, from `digitsAt` on, plus one (%r9 -> %r10).
  static void incrementDecimal(std::string &s, size_t digitsAt) {
    size_t i = s.size();
    while (i > digitsAt && s[i - 1] == '9')
      s[--i] = '0';
    if (i == digitsAt)
      s.insert(s.begin() + static_cast<ptrdiff_t>(digitsAt), '1');
    else
      ++s[i - 1];
  }

  // A register vector %v of t.vector lanes: registers %v.x, %v.y, ... (also %v.r, %v.g, ...),
  // and %v bound to all of them.
  void vectorRegister(const std::string &name, DeclType t) {
    const RegId first = static_cast<RegId>(fn_->regs.size());
    for (uint32_t i = 0; i < t.vector; ++i)
      fn_->addReg(name + kLaneSuffixes[i], t.type);
    bindVectorLanes(name, first, t.vector);
  }

  // Binds `name`'s components (.x ... and .r ...) to `count` consecutive registers from `first`,
  // and `name` to all of them.
  void bindVectorLanes(const std::string &name, RegId first, uint32_t count) {
    for (uint32_t i = 0; i < count; ++i) {
      bind(intern(name + kLaneSuffixes[i]), first.index() + i);
      bind(intern(name + kColourSuffixes[i]), first.index() + i);
    }
    bind(intern(name), kVectorBit | (uint64_t(count) << 34) | first.index());
  }

  // Names built for ranged registers must outlive the map that refers to them.
  std::string_view intern(const std::string &s) {
    ownedNames_.push_back(std::make_unique<std::string>(s));
    return *ownedNames_.back();
  }

  // --- instructions -------------------------------------------------------------------------------

  // Most operands are members of a register range (%r12) named before: those are found in
  // members_ here (small enough to be inlined), the others by uncachedName.
  Operand lookupName(const Expr &e) {
    uint64_t key = members_.keyOf(e.text());
    if (std::optional<RegId> r = members_.find(key))
      return Operand::reg(*r);
    return uncachedName(e, key);
  }

  // A range member whose name no scope binds now (which boundNames_ tells of most names without
  // a lookup) is found without the general lookup's checks, and cached (under `key`,
  // members_.keyOf its name).
  [[gnu::noinline]] Operand uncachedName(const Expr &e, uint64_t key) {
    std::string_view name = e.text();
    // A name a scope binds now (inline asm blocks' `low`, `high`) is found by this one lookup
    // (`_`, the sink, by lookupName, whatever binds it).
    if (boundNames_.mayHold(name) && name != "_")
      if (auto it = names_.find(name); it != names_.end() && it->second != kUnbound)
        return boundOperand(it->second);
    if (std::optional<RegId> r = rangeMember(name)) {
      members_.insert(key, *r);
      return Operand::reg(*r);
    }
    return lookupName(name, e);
  }

  // The operand of a name bound to `v` (names_).
  Operand boundOperand(uint64_t v) {
    if (v & kVectorBit) {
      Operand o;
      o.kind = OperandKind::Vector;
      o.id = static_cast<uint32_t>(fn_->vectorElements.size());
      uint32_t n = static_cast<uint32_t>(v >> 34);
      for (uint32_t i = 0; i < n; ++i)
        fn_->vectorElements.push_back(Operand::reg(RegId(static_cast<uint32_t>(v & 0xffffffffu) + i)));
      o.value = n;
      return o;
    }
    if (v & kSymbolBit)
      return Operand::symbol(static_cast<SymId>(v & 0xffffffffu));
    return Operand::reg(static_cast<RegId>(v));
  }

  // The member of a register range that `name` spells (%r12 of %r<N>, N > 12), if any.
  std::optional<RegId> rangeMember(std::string_view name) {
    if (ranges_.empty() || name.empty() || name.back() < '0' || name.back() > '9')
      return std::nullopt;
    // The index: the trailing digits, at most 9, without leading zeros (PTX spells range
    // members so: %r010 is not %r10), after a base.
    auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
    const char *begin = name.data(), *end = begin + name.size(), *digits = end;
    uint64_t i = 0, scale = 1;
    for (; digits > begin && isDigit(digits[-1]); scale *= 10)
      i += static_cast<uint64_t>(*--digits - '0') * scale;
    if (digits == begin || end - digits > 9 || (end - digits > 1 && *digits == '0'))
      return std::nullopt;
    std::optional<uint64_t> range = findRange(name.substr(0, static_cast<size_t>(digits - begin)));
    if (range && i < (*range >> 32))
      return static_cast<RegId>((*range & 0xffffffffu) + i);
    return std::nullopt;
  }

  // `name` is e's text, or a part of it (a video operand's register without its selector).
  Operand lookupName(std::string_view name, const Expr &e) {
    if (name == "_") {
      Operand o;
      o.kind = OperandKind::Sink;
      return o;
    }
    auto it = boundNames_.mayHold(name) ? names_.find(name) : names_.end();
    if (it != names_.end() && it->second != kUnbound)
      return boundOperand(it->second);
    if (std::optional<RegId> r = rangeMember(name))
      return Operand::reg(*r);
    if (auto sp = lookupSpecial(name)) {
      Operand o;
      o.kind = OperandKind::Special;
      o.id = static_cast<uint32_t>(*sp);
      return o;
    }
    if (auto mit = moduleNames_.find(name); mit != moduleNames_.end())
      return Operand::symbol(mit->second);
    if (name == "WARP_SZ") // PTX's predefined constant: the warp size
      return Operand::imm(32);
    uint32_t offset = ast_.offsetOf(e); // the name's own, for the diagnostics below
    // A video instruction's operand selector (`%r1.b0`, `%r2.h1`) is lexed into the name.
    if (size_t dot = name.rfind('.'); dot != std::string_view::npos && name[0] == '%' &&
                                      (name.substr(dot + 1).starts_with("b") || name.substr(dot + 1).starts_with("h")))
      error(offset, "'" + std::string(name) + "': operand selectors of video instructions are not supported yet");
    // %envreg<N>: what a driver sets is its own; NVIDIA's carries the grid workspace of a
    // cooperative launch (cooperative groups' grid sync), which the runtime does not provide.
    if (name.starts_with("%envreg"))
      error(offset, "'" + std::string(name) + "' is not supported yet: the driver-defined registers "
                    "carry a cooperative launch's grid workspace (grid-wide sync), which the runtime "
                    "does not provide");
    if (isPtxSpecialRegisterName(name))
      error(offset, "'" + std::string(name) + "' is not supported (a special register with no "
                    "lowering)");
    if (!name.empty() && name[0] == '%')
      error(offset, "'" + std::string(name) + "' is not declared: no .reg declares it, and PTX has no "
                    "such special register");
    error(offset, "unknown name '" + std::string(name) + "'");
  }

  Operand operand(const Expr &e, uint32_t offset) {
    // Names and integers first, apart from the other kinds: most operands are names, and the
    // composite kinds' handling makes a costly call frame.
    if (e.kind == ExprKind::Name)
      return lookupName(e);
    if (e.kind == ExprKind::Integer)
      return Operand::imm(static_cast<int64_t>(e.value));
    return compositeOperand(e, offset);
  }

  Operand compositeOperand(const Expr &e, uint32_t offset) {
    switch (e.kind) {
    case ExprKind::Name: return lookupName(e);
    case ExprKind::Integer: return Operand::imm(static_cast<int64_t>(e.value));
    case ExprKind::FloatBits: {
      Operand o = Operand::imm(static_cast<int64_t>(e.value));
      o.floatBits = e.sub;
      return o;
    }
    case ExprKind::FloatDecimal: {
      double d = std::strtod(std::string(e.text()).c_str(), nullptr);
      Operand o;
      o.kind = OperandKind::Imm;
      std::memcpy(&o.value, &d, 8);
      o.floatBits = 'd';
      return o;
    }
    case ExprKind::Paren: return operand(e.child(0), offset);
    case ExprKind::Unary: {
      auto op = static_cast<ptx::UnaryOp>(e.sub);
      if (op == ptx::UnaryOp::LogicalNot) {
        Operand o = operand(e.child(0), offset);
        if (o.kind != OperandKind::Reg)
          error(offset, "'!' applies to a predicate register");
        o.negated = !o.negated;
        return o;
      }
      if (int64_t v; evalInt(e, v))
        return Operand::imm(v);
      Operand o = operand(e.child(0), offset);
      if (op == ptx::UnaryOp::Minus && o.kind == OperandKind::Imm && o.floatBits) {
        o.value ^= o.floatBits == 'f' ? 0x80000000ll : INT64_MIN;
        return o;
      }
      error(offset, "unsupported operand expression");
    }
    case ExprKind::Binary: {
      if (int64_t v; evalInt(e, v))
        return Operand::imm(v);
      auto op = static_cast<ptx::BinaryOp>(e.sub);
      if (op == ptx::BinaryOp::Or) { // setp's p|q destination pair
        Operand a = operand(e.child(0), offset), b = operand(e.child(1), offset);
        Operand o;
        o.kind = OperandKind::Vector;
        o.id = static_cast<uint32_t>(fn_->vectorElements.size());
        o.value = 2;
        fn_->vectorElements.push_back(a);
        fn_->vectorElements.push_back(b);
        return o;
      }
      if (op == ptx::BinaryOp::Add || op == ptx::BinaryOp::Sub) {
        int64_t off;
        if (evalInt(e.child(1), off)) {
          Operand base = operand(e.child(0), offset);
          if (base.kind == OperandKind::Symbol || base.kind == OperandKind::Reg) {
            base.value += op == ptx::BinaryOp::Sub ? -off : off;
            if (base.kind == OperandKind::Reg && !base.address)
              error(offset, "a register plus an offset is only allowed inside [ ]");
            return base;
          }
        }
      }
      error(offset, "unsupported operand expression");
    }
    case ExprKind::Address: {
      if (e.count != 1)
        error(offset, "texture/surface coordinates are not supported yet");
      const Expr &inner = e.child(0);
      Operand o;
      if (inner.kind == ExprKind::Integer || inner.kind == ExprKind::Unary) {
        int64_t v;
        if (!evalInt(inner, v))
          error(offset, "unsupported address expression");
        o = Operand::imm(0);
        o.value = v;
        o.address = true;
        return o;
      }
      if (inner.kind == ExprKind::Binary) {
        auto op = static_cast<ptx::BinaryOp>(inner.sub);
        int64_t off;
        if ((op == ptx::BinaryOp::Add || op == ptx::BinaryOp::Sub) && evalInt(inner.child(1), off)) {
          o = operand(inner.child(0), offset);
          o.value += op == ptx::BinaryOp::Sub ? -off : off;
        } else {
          error(offset, "unsupported address expression");
        }
      } else {
        o = operand(inner, offset);
      }
      if (o.kind != OperandKind::Reg && o.kind != OperandKind::Symbol)
        error(offset, "unsupported address expression");
      o.address = true;
      return o;
    }
    case ExprKind::Braced:
    case ExprKind::List: {
      // Built aside first: an element may itself add vector elements (setp's p|q) before it
      // is known to be invalid here. Inline storage: one such operand per vector load or store.
      llvm::SmallVector<Operand, 8> elems;
      for (const Expr &c : e.operands())
        elems.push_back(operand(c, offset));
      return vectorOperand(elems, offset);
    }
    default:
      error(offset, "unsupported operand expression");
    }
  }

  Operand vectorOperand(std::span<const Operand> elems, uint32_t offset) {
    Operand o;
    o.kind = OperandKind::Vector;
    o.id = static_cast<uint32_t>(fn_->vectorElements.size());
    o.value = static_cast<int64_t>(elems.size());
    for (const Operand &x : elems) {
      if (x.kind == OperandKind::Vector && flattenCallLists_) {
        // A register vector passed to (or returned from) a vector .reg parameter: its lanes,
        // one scalar parameter each (declareParams).
        for (int64_t i = 0; i < x.value; ++i) {
          Operand lane = fn_->vectorElements[x.id + i];
          fn_->vectorElements.push_back(lane);
        }
        o.value += x.value - 1;
        continue;
      }
      if (x.kind == OperandKind::Vector)
        error(offset, "nested vector operands are not supported");
      fn_->vectorElements.push_back(x);
    }
    return o;
  }

  BlockId labelTarget(const Expr &e, uint32_t offset) {
    if (e.kind != ExprKind::Name)
      error(offset, "a branch target must be a label");
    auto it = labels_.find(e.text());
    if (it == labels_.end())
      error(offset, "unknown label '" + std::string(e.text()) + "'");
    return it->second;
  }

  RegId guardReg(const ptx::Instruction &in) {
    Operand g = operand(*in.guard, in.offset);
    if (g.kind != OperandKind::Reg || fn_->reg(g.regId()).type != Type::Pred)
      error(in.offset, "a guard must be a predicate register");
    return g.regId();
  }

  void switchTo(BlockId next) { current_ = next; }

  // A new instruction at the end of the current block. Instructions are built in their block
  // (moving them there from a buffer cost 1.5% of a translation), whose list is sized when its
  // first instruction comes for the instructions from the walk's instruction on, into nested
  // blocks and out of them, up to a label or an instruction that ends the block (a hint: one
  // PTX instruction can make several), as collectLabels counted them.
  Inst &newInst() {
    std::vector<Inst> &insts = fn_->block(current_).insts;
    if (insts.capacity() == 0)
      insts.reserve(walking_ ? std::max<size_t>(instructionsAhead_[walkInstruction_], 1) : 1);
    return insts.emplace_back();
  }

  void finishBlock(TermKind kind, uint32_t offset) {
    switchTo(current_);
    Block &cur = fn_->block(current_);
    cur.term = Terminator{kind, kNone, false, {}, offset};
  }

  // Ends the current block with `term` and continues in a fresh (possibly unreachable) block.
  void endBlock(Terminator term) {
    fn_->block(current_).term = std::move(term);
    switchTo(newBlock("$L_" + std::to_string(fn_->blocks.size())));
  }

  // `@p ret` and friends: branch to a block that does only that.
  void guardedEnd(const ptx::Instruction &in, TermKind kind) {
    RegId g = guardReg(in);
    BlockId endBlock = newBlock("$L_" + std::to_string(fn_->blocks.size()));
    fn_->block(endBlock).term = Terminator{kind, kNone, false, {}, in.offset};
    BlockId next = newBlock("$L_" + std::to_string(fn_->blocks.size()));
    fn_->block(current_).term = Terminator{TermKind::Branch, g, in.guardNegated, {endBlock, next},
                                            in.offset};
    switchTo(next);
  }

  void instruction(const ptx::Instruction &in) {
    Opcode op = in.opcode;
    ShapeEntry &known = shapes_[shapeSlot(in)];
    const bool shapeKnown =
        known.modifiers == in.modifierData && known.opcode == op && known.numModifiers == in.numModifiers;
    if (!shapeKnown)
      if (const char *why = unsupportedFamily(op))
        error(in.offset, std::string(ptx::spelling(op)) + ": " + why);
    auto ops = in.operands();
    switch (op) {
    case Opcode::Bra: {
      if (ops.size() != 1)
        error(in.offset, "bra takes one target");
      BlockId target = labelTarget(ops[0], in.offset);
      if (in.guard) {
        RegId g = guardReg(in);
        BlockId next = newBlock("$L_" + std::to_string(fn_->blocks.size()));
        fn_->block(current_).term =
            Terminator{TermKind::Branch, g, in.guardNegated, {target, next}, in.offset};
        switchTo(next);
      } else {
        endBlock(Terminator{TermKind::Goto, kNone, false, {target}, in.offset});
      }
      return;
    }
    case Opcode::Brx: {
      if (ops.size() != 2)
        error(in.offset, "brx.idx takes an index and a target list");
      Operand idx = operand(ops[0], in.offset);
      if (idx.kind != OperandKind::Reg)
        error(in.offset, "brx.idx needs an index register");
      auto it = branchTargets_.find(ops[1].text());
      if (ops[1].kind != ExprKind::Name || it == branchTargets_.end())
        error(in.offset, "brx.idx needs a .branchtargets list of this function");
      Terminator t{TermKind::Switch, idx.regId(), false, {}, in.offset};
      for (std::string_view name : it->second->targets) {
        auto l = labels_.find(name);
        if (l == labels_.end())
          error(it->second->offset, "unknown label in .branchtargets");
        t.targets.push_back(l->second);
      }
      if (t.targets.empty())
        error(in.offset, "empty .branchtargets list");
      if (in.guard) {
        RegId g = guardReg(in);
        BlockId sw = newBlock("$L_" + std::to_string(fn_->blocks.size()));
        fn_->block(sw).term = std::move(t);
        BlockId next = newBlock("$L_" + std::to_string(fn_->blocks.size()));
        fn_->block(current_).term =
            Terminator{TermKind::Branch, g, in.guardNegated, {sw, next}, in.offset};
        switchTo(next);
      } else {
        endBlock(std::move(t));
      }
      return;
    }
    case Opcode::Ret:
    case Opcode::Exit:
    case Opcode::Trap: {
      if (op == Opcode::Ret)
        storeRegReturns(); // before a guarded ret too: a frame written early is written again
      TermKind kind = op == Opcode::Ret ? TermKind::Return
                      : op == Opcode::Exit ? TermKind::Exit : TermKind::Trap;
      if (in.guard)
        guardedEnd(in, kind);
      else
        endBlock(Terminator{kind, kNone, false, {}, in.offset});
      return;
    }
    default:
      break;
    }

    // Built in place (instructions are large): an error abandons the whole body.
    Inst &inst = newInst();
    inst.opcode = op;
    inst.srcOffset = in.offset;
    inst.debugLine = debugLine_;
    copyModifiers(in.modifiers(), inst.modifiers);
    if (shapeKnown) {
      inst.type = known.type;
      inst.type2 = known.type2;
      inst.space = known.space;
      inst.vector = known.vector;
    } else {
      shape(in, inst);
      known = {in.modifierData, op, in.numModifiers, inst.type, inst.type2, inst.space, inst.vector};
    }
    if (in.guard) {
      inst.guard = guardReg(in);
      inst.guardNegated = in.guardNegated;
    }
    if (op == Opcode::Call) {
      buildCall(in, inst);
    } else if (isTextureOpcode(op)) {
      textureOperands(ops, in.offset, inst);
    } else if (op == Opcode::Cp && inst.has(Modifier::Tensor) && !inst.has(Modifier::Prefetch)) {
      tensorCopyOperands(ops, in.offset, inst);
    } else if (op == Opcode::Cp && inst.has(Modifier::Bulk) && inst.has(Modifier::Prefetch)) {
      // cp.async.bulk.prefetch{.tensor}: a hint to the L2 cache that changes nothing a program
      // can observe; its operands (a tensor map's coordinates too) are not needed.
    } else if (isScalarVideo(op)) {
      videoOperands(in, ops);
      return; // `inst` moved
    } else {
      inst.ops.reserve(ops.size());
      for (const Expr &e : ops)
        inst.ops.push_back(operand(e, in.offset));
    }
    if (op == Opcode::Mov && inst.vector > 1)
      splitVectorMov(in.offset);
  }

  // The types, state space and vector width that the opcode and modifiers of `in` give `inst`
  // (whose modifiers are in's), or the error that they are not supported.
  void shape(const ptx::Instruction &in, Inst &inst) {
    Opcode op = in.opcode;
    if (op == Opcode::Cp && inst.has(Modifier::Tensor) && !inst.has(Modifier::Prefetch)) {
      // The bulk tensor copies address a box through a tensor map, a 128-byte object that our
      // libcuda's cuTensorMapEncodeTiled writes (tensor_map_abi.h): tile mode only.
      if (inst.has(Modifier::Reduce))
        error(in.offset, "cp.reduce.async.bulk.tensor is not supported yet");
      if (inst.has(Modifier::Im2col) || inst.has(Modifier::Im2col_w) || inst.has(Modifier::Im2col_w_128) ||
          inst.has(Modifier::Im2col_no_offs) || inst.has(Modifier::Tile_gather4) || inst.has(Modifier::Tile_scatter4))
        error(in.offset, "cp.async.bulk.tensor is supported in tile mode only (im2col and gather/scatter "
                         "modes are not supported yet)");
      if (inst.has(Modifier::Cta_group_1) || inst.has(Modifier::Cta_group_2))
        error(in.offset, "cp.async.bulk.tensor with .cta_group is not supported (sm_100 CTA pairs)");
    }
    if (op == Opcode::Cvt && inst.has(Modifier::Rs))
      // The ISA says which bits of rbits go with which element, but not where they are added
      // (against which discarded bits, for subnormal results and for the 8-bit fields of the x4
      // forms), and no GPU here can run it (sm_100a): nothing to check a lowering against.
      error(in.offset, "cvt.rs (stochastic rounding with random bits) is not supported yet: the PTX ISA "
                       "does not fix how rbits meets the discarded bits, and no recording exists");
    for (Modifier m : in.modifiers()) {
      switch (m) {
      case Modifier::Global: inst.space = Space::Global; break;
      case Modifier::Shared:
      case Modifier::Shared_cta: inst.space = Space::Shared; break;
      case Modifier::Shared_cluster:
        // A launch here is a cluster of one CTA (the runtime refuses larger clusters, and a
        // kernel that declares one is unsupported), and without mapa, which is diagnosed, the
        // only shared::cluster addresses a kernel can form are its own CTA's shared ones: the
        // bulk copies and mbarriers that name the space work on them as on .shared::cta.
        if (op != Opcode::Mbarrier && !(op == Opcode::Cp && inst.has(Modifier::Bulk)))
          error(in.offset, "shared::cluster memory is not supported yet");
        inst.space = Space::Shared;
        break;
      case Modifier::Local: inst.space = Space::Local; break;
      case Modifier::Const: inst.space = Space::Const; break;
      case Modifier::Param: inst.space = Space::Param; break;
      case Modifier::Param_entry: // isspacep.param::entry asks what isspacep.param asks
        if (op == Opcode::Isspacep)
          inst.space = Space::Param;
        break;
      case Modifier::V2: inst.vector = 2; break;
      case Modifier::V4: inst.vector = 4; break;
      case Modifier::V8: inst.vector = 8; break;
      case Modifier::E4m3x2: case Modifier::E5m2x2: case Modifier::E2m1x2: case Modifier::E2m3x2:
      case Modifier::E3m2x2: case Modifier::Ue8m0x2: case Modifier::E4m3: case Modifier::E5m2:
      case Modifier::E2m1: case Modifier::E2m1x4: case Modifier::E2m3: case Modifier::E2m3x4:
      case Modifier::E3m2: case Modifier::E3m2x4: case Modifier::E4m3x4: case Modifier::E5m2x4:
      case Modifier::Ue8m0:
        if (op == Opcode::Cvt && (m == Modifier::E4m3x2 || m == Modifier::E5m2x2 || m == Modifier::E2m1x2 ||
                                  m == Modifier::E2m3x2 || m == Modifier::E3m2x2 || m == Modifier::Ue8m0x2)) {
          // A pair of cvt is its register in the IR: b8 for e2m1x2, b16 for the others (the
          // format stays in the modifiers; the forms are checked below).
          Type pair = m == Modifier::E2m1x2 ? Type::B8 : Type::B16;
          if (inst.type == Type::None)
            inst.type = pair;
          else if (inst.type2 == Type::None)
            inst.type2 = pair;
          break;
        }
        // mma.sync's fp8 multiplicands: the format stays in the modifiers (lower-tensor-ops).
        if (op == Opcode::Mma && (m == Modifier::E4m3 || m == Modifier::E5m2))
          break;
        error(in.offset, "fp8/fp6/fp4 formats (." + std::string(ptx::spelling(m)) +
                             ") are not supported yet");
      case Modifier::U16x2: case Modifier::S16x2:
        error(in.offset, "packed 16-bit integer SIMD forms (." + std::string(ptx::spelling(m)) +
                             ") are not supported yet");
      default:
        if (Type t = typeFromModifier(m); t != Type::None) {
          if (inst.type == Type::None)
            inst.type = t;
          else if (inst.type2 == Type::None)
            inst.type2 = t;
        }
      }
    }
    if (op == Opcode::Cvt && inst.has(Modifier::Pack)) {
      // cvt.pack.sat.{u16,s16,u8,s8}.s32[.b32]: d is a u32 whatever the convert type (which
      // stays in the modifiers for the emitter).
      inst.type = Type::U32;
      inst.type2 = Type::S32;
    }
    if (op == Opcode::Cvt && (inst.has(Modifier::E2m1x2) || inst.has(Modifier::E2m3x2) || inst.has(Modifier::E3m2x2))) {
      // The fp4/fp6 pairs (OCP MX): cvt.rn{.relu}.f16x2.<f4x2|f6x2> and
      // cvt.rn.satfinite{.relu}.<f4x2|f6x2>.f32, the ISA's only forms.
      Type pair = inst.has(Modifier::E2m1x2) ? Type::B8 : Type::B16;
      bool toF16x2 = inst.type == Type::F16x2 && inst.type2 == pair && !inst.has(Modifier::Satfinite);
      bool fromF32 = inst.type == pair && inst.type2 == Type::F32 && inst.has(Modifier::Satfinite);
      if (!inst.has(Modifier::Rn) || (!toF16x2 && !fromF32))
        error(in.offset, "expected cvt.rn{.relu}.f16x2.{e2m1x2,e2m3x2,e3m2x2} or "
                         "cvt.rn.satfinite{.relu}.{e2m1x2,e2m3x2,e3m2x2}.f32");
    }
    if (op == Opcode::Cvt && inst.has(Modifier::Ue8m0x2)) {
      // cvt.{rz,rp}{.satfinite}.ue8m0x2.{f32,bf16x2} and cvt.rn.bf16x2.ue8m0x2.
      bool to = inst.type == Type::B16 && (inst.type2 == Type::F32 || inst.type2 == Type::BF16x2) &&
                (inst.has(Modifier::Rz) || inst.has(Modifier::Rp)) && !inst.has(Modifier::Relu);
      bool from = inst.type == Type::BF16x2 && inst.type2 == Type::B16 && inst.has(Modifier::Rn) &&
                  !inst.has(Modifier::Satfinite) && !inst.has(Modifier::Relu);
      if (!to && !from)
        error(in.offset, "expected cvt.{rz,rp}{.satfinite}.ue8m0x2.{f32,bf16x2} or cvt.rn.bf16x2.ue8m0x2");
    }
    if (op == Opcode::Cvt && (inst.has(Modifier::E4m3x2) || inst.has(Modifier::E5m2x2))) {
      // The fp8 forms with exact helpers: cvt.rn{.relu}.f16x2.<f8x2> and
      // cvt.rn.satfinite{.relu}.<f8x2>.{f16x2,f32}. Others (bf16x2 sources, say) wait.
      bool toF16x2 = inst.type == Type::F16x2 && inst.type2 == Type::B16 && !inst.has(Modifier::Satfinite);
      bool fromF16x2OrF32 = inst.type == Type::B16 && (inst.type2 == Type::F16x2 || inst.type2 == Type::F32) &&
                            inst.has(Modifier::Satfinite);
      if (!inst.has(Modifier::Rn) || (!toF16x2 && !fromF16x2OrF32))
        error(in.offset, "this fp8 cvt form is not supported yet (only cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} "
                         "and cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.{f16x2,f32} are)");
    }
  }

  // Instructions spelled alike share their shape (shape()): the parser keeps one modifier array
  // per distinct spelling, for as long as the builder reads bodies (in the body reader's spelling
  // table or in the module's arena), so its address and the opcode identify the spelling. Each
  // entry is a spelling that passed shape()'s checks.
  struct ShapeEntry {
    const ptx::Modifier *modifiers = nullptr;
    Opcode opcode{};
    uint16_t numModifiers = UINT16_MAX; // matches no instruction: the entry is empty
    Type type = Type::None, type2 = Type::None;
    Space space = Space::Generic;
    uint8_t vector = 1;
  };
  std::array<ShapeEntry, 256> shapes_{};
  static size_t shapeSlot(const ptx::Instruction &in) {
    uint64_t key = reinterpret_cast<uintptr_t>(in.modifierData) ^ static_cast<uint64_t>(in.opcode);
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> 56);
  }

  static bool isScalarVideo(Opcode op) {
    return op == Opcode::Vadd || op == Opcode::Vsub || op == Opcode::Vabsdiff || op == Opcode::Vmin ||
           op == Opcode::Vmax || op == Opcode::Vshl || op == Opcode::Vshr || op == Opcode::Vmad ||
           op == Opcode::Vset;
  }

  // The scalar video instructions' operands (the last instruction built). A selector
  // (`%r1.b2`, `%r2.h1`, lexed into the name) on d is the merge form's: it becomes a modifier
  // of the instruction. On a or b it is the ISA's partSelectSignExtend: a bfe before the
  // instruction extracts the byte or half-word into a temporary, sign- or zero-extended per
  // that operand's type, and the instruction reads the temporary as a word (the same value).
  // vmad's sources may be written `-%r`: Operand::negated.
  void videoOperands(const ptx::Instruction &in, std::span<const Expr> ops) {
    Inst video = std::move(fn_->block(current_).insts.back());
    fn_->block(current_).insts.pop_back();
    llvm::SmallVector<Type, 3> types; // as written: d, a, b (vset: a, b)
    for (Modifier m : video.modifiers)
      if (Type t = typeFromModifier(m); t != Type::None)
        types.push_back(t);
    size_t firstSourceType = in.opcode == Opcode::Vset ? 0 : 1;
    struct Selector {
      std::string_view spelling;
      Modifier modifier;
      int64_t position, length;
    };
    static constexpr Selector kSelectors[] = {
        {"b0", Modifier::B0, 0, 8},   {"b1", Modifier::B1, 8, 8},  {"b2", Modifier::B2, 16, 8},
        {"b3", Modifier::B3, 24, 8},  {"h0", Modifier::H0, 0, 16}, {"h1", Modifier::H1, 16, 16}};
    for (size_t i = 0; i < ops.size(); ++i) {
      const Expr *e = &ops[i];
      bool negated = false;
      if (in.opcode == Opcode::Vmad && i > 0 && e->kind == ExprKind::Unary &&
          static_cast<ptx::UnaryOp>(e->sub) == ptx::UnaryOp::Minus && e->child(0).kind == ExprKind::Name) {
        negated = true;
        e = &e->child(0);
      }
      const Selector *selector = nullptr;
      std::string_view name = e->kind == ExprKind::Name ? e->text() : std::string_view{};
      if (size_t dot = name.rfind('.'); dot != std::string_view::npos && name[0] == '%')
        for (const Selector &sel : kSelectors)
          if (name.substr(dot + 1) == sel.spelling) {
            selector = &sel;
            name = name.substr(0, dot);
            break;
          }
      Operand o = selector ? lookupName(name, *e) : operand(*e, in.offset);
      if (selector && o.kind != OperandKind::Reg)
        error(in.offset, "an operand selector applies to a register");
      if (selector && i == 0) {
        video.modifiers.push_back(selector->modifier);
      } else if (selector && (i == 1 || i == 2)) {
        size_t k = firstSourceType + i - 1;
        if (k >= types.size())
          error(in.offset, "a video instruction names the type of each operand");
        Type t = isSigned(types[k]) ? Type::S32 : Type::U32;
        Operand part = Operand::reg(fn_->addReg("p2m_t" + std::to_string(fn_->regs.size()), t));
        Inst &x = newInst();
        x.opcode = Opcode::Bfe;
        x.type = t;
        x.modifiers.push_back(t == Type::S32 ? Modifier::S32 : Modifier::U32);
        x.srcOffset = video.srcOffset;
        x.debugLine = video.debugLine;
        x.guard = video.guard;
        x.guardNegated = video.guardNegated;
        x.ops = {part, o, Operand::imm(selector->position), Operand::imm(selector->length)};
        o = part;
      } else if (selector) {
        error(in.offset, "c of a video instruction takes no selector");
      }
      o.negated = negated;
      video.ops.push_back(o);
    }
    fn_->block(current_).insts.push_back(std::move(video));
  }

  static bool isTextureOpcode(Opcode op) {
    return op == Opcode::Tex || op == Opcode::Tld4 || op == Opcode::Txq || op == Opcode::Suld ||
           op == Opcode::Sust || op == Opcode::Sured || op == Opcode::Suq;
  }

  // Texture and surface operands: the bracket `[h, {c...}]` (or `[h, s, {c...}]`, `[h]`) is
  // flattened into the handle (and sampler) as plain operands and the coordinates as a vector
  // (a lone coordinate too), so that lower-texture-ops finds them by kind: scalar handle, then
  // an optional scalar sampler, then the coordinate vector.
  void textureOperands(std::span<const Expr> ops, uint32_t offset, Inst &inst) {
    for (const Expr &e : ops) {
      if (e.kind != ExprKind::Address) {
        inst.ops.push_back(operand(e, offset));
        continue;
      }
      std::vector<const Expr *> parts;
      for (const Expr &c : e.operands())
        parts.push_back(&c);
      for (size_t i = 0; i < parts.size(); ++i) {
        Operand o = operand(*parts[i], offset);
        bool coordinates = i + 1 == parts.size() && parts.size() > 1;
        if (coordinates && o.kind != OperandKind::Vector)
          o = vectorOperand(std::span<const Operand>(&o, 1), offset);
        else if (!coordinates && (o.kind == OperandKind::Vector || o.address))
          error(offset, "a texture or surface operand must be a register or a name");
        inst.ops.push_back(o);
      }
    }
  }

  // cp.async.bulk.tensor's operands: the bracket `[map, {c...}]` becomes the map (a register
  // holding its generic address) and the coordinates as a vector of 1 to 5 elements; the shared
  // memory box comes first in both directions (an address: nothing reads the first operand as
  // written), then the mbarrier and the cache policy as they are. Load: [box], map, {c}, [mbar]
  // {, policy}; store (written map, {c}, [box]): [box], map, {c} {, policy}.
  void tensorCopyOperands(std::span<const Expr> ops, uint32_t offset, Inst &inst) {
    auto isMapBracket = [](const Expr &e) { return e.kind == ExprKind::Address && e.operands().size() == 2; };
    const bool store = ops.size() >= 2 && isMapBracket(ops[0]);
    if (store)
      inst.ops.push_back(operand(ops[1], offset)); // the store's box goes first
    for (size_t i = 0; i < ops.size(); ++i) {
      if (store && i == 1)
        continue;
      const Expr &e = ops[i];
      if (!isMapBracket(e)) {
        inst.ops.push_back(operand(e, offset));
        continue;
      }
      Operand map = operand(e.operands()[0], offset), c = operand(e.operands()[1], offset);
      if (map.kind != OperandKind::Reg)
        error(offset, "the tensor map of cp.async.bulk.tensor must be a register holding its address");
      if (c.kind != OperandKind::Vector)
        c = vectorOperand(std::span<const Operand>(&c, 1), offset);
      inst.ops.push_back(map);
      inst.ops.push_back(c);
    }
  }

  // mov.v2/.v4 {d...}, {a...} (ptxas accepts up to 128 bits): element-wise movs through
  // temporaries, so that {a, b} -> {b, a} swaps as one parallel copy.
  void splitVectorMov(uint32_t offset) {
    Inst vec = std::move(fn_->block(current_).insts.back());
    fn_->block(current_).insts.pop_back();
    size_t n = vec.vector;
    auto elements = [&](const Operand &o) {
      if (o.kind != OperandKind::Vector || static_cast<size_t>(o.value) != n)
        error(offset, "mov.v" + std::to_string(n) + " needs braced vectors of " + std::to_string(n) + " elements");
      return std::vector<Operand>(fn_->vectorElements.begin() + o.id, fn_->vectorElements.begin() + o.id + n);
    };
    if (vec.type == Type::Pred || bitWidth(vec.type) * n > 128)
      error(offset, "mov." + std::string(ptx::spelling(vec.vector == 2 ? Modifier::V2 : Modifier::V4)) +
                        " of this type is not valid PTX (vectors hold at most 128 bits, no predicates)");
    std::vector<Operand> dst = elements(vec.ops[0]), src = elements(vec.ops[1]);
    auto mov = [&](Operand d, Operand a) {
      Inst &m = newInst();
      m.opcode = Opcode::Mov;
      m.type = vec.type;
      m.srcOffset = vec.srcOffset;
      m.debugLine = vec.debugLine;
      m.guard = vec.guard;
      m.guardNegated = vec.guardNegated;
      for (Modifier x : vec.modifiers)
        if (x != Modifier::V2 && x != Modifier::V4)
          m.modifiers.push_back(x);
      m.ops = {d, a};
    };
    std::vector<Operand> temps;
    for (size_t i = 0; i < n; ++i) {
      std::string name = "p2m_t" + std::to_string(fn_->regs.size());
      temps.push_back(Operand::reg(fn_->addReg(name, vec.type)));
      mov(temps.back(), src[i]);
    }
    for (size_t i = 0; i < n; ++i)
      mov(dst[i], temps[i]);
  }

  // A direct call: {rets, the function's symbol, args}. An indirect call (through a register):
  // {rets, the register, args, its candidates as a vector of function symbols} (CallTargets.h).
  void buildCall(const ptx::Instruction &in, Inst &inst) {
    CallOperands call;
    if (!splitCall(in, call))
      error(in.offset, "unsupported form of call");
    Operand rets, args;
    {
      struct Flatten { // on while the lists are built, also when a diagnostic leaves early
        bool &on;
        ~Flatten() { on = false; }
      } flatten{flattenCallLists_ = true};
      rets = call.rets ? operand(*call.rets, in.offset) : Operand{};
      args = call.args ? operand(*call.args, in.offset) : Operand{};
    }
    Operand callee = operand(*call.callee, in.offset);
    if (callee.kind == OperandKind::Symbol && module_->symbol(callee.symId()).kind == SymbolKind::Function) {
      if (call.list)
        error(in.offset, "a direct call takes no prototype or target list");
      inst.ops = {rets, callee, args};
      return;
    }
    if (!callee.isReg())
      error(in.offset, "a call's target must be a function or a register");
    if (module_->addressSize != 64 || bitWidth(fn_->reg(callee.regId()).type) != 64)
      error(in.offset, "indirect calls need 64-bit function addresses");
    CallTargets::Resolved targets = callTargets_.indirectTargets(call, callLists_);
    if (!targets.error.empty())
      error(in.offset, targets.error);
    std::vector<Operand> candidates;
    for (SymId s : targets.functions)
      candidates.push_back(Operand::symbol(s));
    inst.ops = {rets, callee, args, vectorOperand(candidates, in.offset)};
  }

  const ptx::Module &ast_;
  std::unique_ptr<Module> m_; // until declare() hands it over
  Module *module_;            // the module being built, before and after that

  llvm::DenseMap<llvm::StringRef, SymId> moduleNames_;
  CallTargets callTargets_; // over module_ and moduleNames_
  std::vector<PendingInit> pendingInits_;
  std::vector<const ptx::Function *> bodies_; // by FuncId; null for a declaration
  ptx::BodyReader bodyReader_;                // the body being built, or whose callees are asked

  Function *fn_ = nullptr;
  FuncId fnId_{0};
  BlockId current_{0};
  bool walking_ = false;       // in walk()
  size_t walkInstruction_ = 0; // walk()'s instruction: how many came before it
  // By instruction, in the walk's order: the instructions from it on up to a label or an
  // instruction that ends the block; 0 for one that ends it (collectLabels).
  std::vector<uint32_t> instructionsAhead_;
  size_t declaredRegisters_ = 0; // by the body being built (collectLabels)
  size_t blocksAhead_ = 0;       // that its branches and returns make (collectLabels)
  uint32_t firstLabelBlock_ = 0;  // the block of the body's first label (collectLabels)
  std::vector<std::string_view> labelNames_; // collectLabels': their blocks are still to add
  uint32_t debugLine_ = 0;
  llvm::DenseMap<llvm::StringRef, uint64_t> names_;
  // Every name ever bound in names_ in this function, as a bit of a small filter by length,
  // second and last byte: register names (%r12, %rd7) rarely share all three with a bound name
  // (%SP, %SPL, an inline asm block's p, r1, lo), so most lookups skip hashing them.
  struct BoundNameFilter {
    std::array<uint64_t, 4> bits{};
    static unsigned slot(std::string_view name) {
      if (name.empty())
        return 0;
      unsigned second = static_cast<unsigned char>(name[name.size() > 1 ? 1 : 0]);
      return (static_cast<unsigned>(name.size()) * 31 + second * 7 + static_cast<unsigned char>(name.back())) % 256;
    }
    void add(std::string_view name) { bits[slot(name) / 64] |= 1ull << (slot(name) % 64); }
    bool mayHold(std::string_view name) const { return bits[slot(name) / 64] >> (slot(name) % 64) & 1; }
  };
  BoundNameFilter boundNames_;
  llvm::DenseMap<llvm::StringRef, uint64_t> ranges_; // %r<N> bases: count << 32 | first reg
  struct RangeCacheEntry {
    std::string_view base; // a key of ranges_; the cache is emptied whenever ranges_ changes
    uint64_t packed = 0;
    bool valid = false;
  };
  std::array<RangeCacheEntry, 8> rangeCache_{};
  // Range members found before (a body names thousands of registers again and again), by
  // their name when it is at most 8 bytes long. An entry is made only for a name that names_
  // does not bind then, is evicted when names_ binds it (bind), and the whole cache is dropped
  // when the ranges change.
  class RangeMemberCache {
  public:
    // Names in `text` (the source, followed by its NUL) are read 8 bytes at a time.
    explicit RangeMemberCache(std::string_view text)
        : textBegin_(reinterpret_cast<uintptr_t>(text.data())),
          textEnd_(reinterpret_cast<uintptr_t>(text.data() + text.size())) {}

    // The member cached under `key` (keyOf its name), if any.
    std::optional<RegId> find(uint64_t key) const {
      const Entry &e = entries_[slot(key)];
      if (key == 0 || e.key != key || e.generation != generation_)
        return std::nullopt;
      return e.reg;
    }
    void insert(uint64_t key, RegId reg) {
      if (key)
        entries_[slot(key)] = {key, generation_, reg};
    }
    void evict(std::string_view name) {
      uint64_t key = keyOf(name);
      if (key && entries_[slot(key)].key == key)
        entries_[slot(key)] = {};
    }
    void clear() {
      if (++generation_ == 0) { // after 2^32 clears: entries of generation 1 would come back
        entries_.fill({});
        generation_ = 1;
      }
    }

    // The name's bytes as a number (names hold no NUL byte, so no two names share one); 0 for
    // the empty name and for one longer than 8 bytes (which are not cached).
    uint64_t keyOf(std::string_view name) const {
      size_t n = name.size();
      if (n == 0 || n > 8)
        return 0;
      uintptr_t at = reinterpret_cast<uintptr_t>(name.data());
      uint64_t key = 0;
      if (std::endian::native == std::endian::little && at >= textBegin_ && at + 8 <= textEnd_) {
        std::memcpy(&key, name.data(), 8);
        return key & (~0ull >> (64 - 8 * n)); // the name's bytes (little-endian: the low ones)
      }
      std::memcpy(&key, name.data(), n);
      return key;
    }

  private:
    struct Entry {
      uint64_t key = 0;
      uint32_t generation = 0;
      RegId reg{0};
    };
    static size_t slot(uint64_t key) { return (key * 0x9E3779B97F4A7C15ull) >> (64 - 12); }
    uintptr_t textBegin_, textEnd_;
    uint32_t generation_ = 1;
    std::array<Entry, 4096> entries_{};
  };
  RangeMemberCache members_{ast_.source().text()};
  std::vector<Scope> scopes_;
  llvm::DenseMap<llvm::StringRef, BlockId> labels_;
  llvm::DenseMap<llvm::StringRef, const ptx::TargetListStmt *> branchTargets_;
  CallLists callLists_; // the body's .callprototype and .calltargets statements
  std::vector<std::unique_ptr<std::string>> ownedNames_;
  std::vector<std::unique_ptr<std::vector<ptx::Modifier>>> ownedModifiers_;
  bool flattenCallLists_ = false; // while a call's argument and return lists are built
};


ModuleBuilder::ModuleBuilder(const ptx::Module &ast, ptx::BodyReader::BodyCheck check)
    : impl_(std::make_unique<BuilderImpl>(ast, std::move(check))) {}
ModuleBuilder::~ModuleBuilder() = default;
std::unique_ptr<Module> ModuleBuilder::declare() { return impl_->declare(); }
void ModuleBuilder::buildBody(FuncId function) { impl_->buildBodyOf(function); }
std::vector<FuncId> ModuleBuilder::callees(FuncId function) {
  return impl_->callees(function);
}

std::unique_ptr<Module> buildModule(const ptx::Module &ast) {
  ModuleBuilder builder(ast);
  std::unique_ptr<Module> m = builder.declare();
  for (uint32_t f = 0; f < m->functions.size(); ++f)
    builder.buildBody(FuncId(f));
  return m;
}

uint32_t Module::internHelper(Helper h, std::initializer_list<std::string_view> parts) {
  std::string name = helperName(h, parts);
  auto [it, inserted] = stringIndex.try_emplace(name, static_cast<uint32_t>(strings.size()));
  if (inserted) {
    strings.push_back(std::move(name));
    helpers.push_back(h);
  }
  return it->second;
}

uint32_t Module::internArgTypes(llvm::ArrayRef<Type> types) {
  auto it = argTypeIndex_.find(types);
  if (it != argTypeIndex_.end())
    return it->second;
  llvm::ArrayRef<Type> stored = llvm::ArrayRef(types).copy(argTypeStorage_);
  uint32_t index = static_cast<uint32_t>(argTypeLists_.size());
  argTypeLists_.push_back(stored);
  argTypeIndex_.try_emplace(stored, index);
  return index;
}

uint32_t Module::findHelper(Helper h, std::initializer_list<std::string_view> parts) const {
  auto it = stringIndex.find(helperName(h, parts));
  return it == stringIndex.end() ? kNone : it->second;
}

} // namespace p2m::ir
