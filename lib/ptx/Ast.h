// The PTX abstract syntax tree. Nodes live in the Module's arena and refer to the source text
// (identifiers, decimal float literals) through string_views into the Module's own copy of
// it, so a parsed module allocates little beyond its node arrays. Every node records the byte
// offset of its first token; SourceFile turns that into line:column on demand.
#pragma once

#include "ptx/Vocabulary.h"

#include "support/Arena.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace p2m {
class SourceFile;
}

namespace p2m::ptx {

using SourceOffset = uint32_t;

// ---------------------------------------------------------------------------------------------
// Expressions: operands, initializers and constant expressions share one small node type.

enum class ExprKind : uint8_t {
  Name,         // %r1, %tid.x, foo, $L__BB0_1, _ ; also .debug_abbrev in debug sections
  Integer,      // 42, 0x2A, 052, 0b101010, with an optional U suffix
  FloatBits,    // 0f3F800000 / 0d3FF0000000000000: exact bit patterns
  FloatDecimal, // 1.5, 1e-3: kept as written
  String,       // "text" (only in a few directives)
  Unary,        // -x ~x !x
  Binary,       // x+y ... and p|q destination pairs of setp
  Conditional,  // c ? a : b
  Paren,        // (x), kept so printing preserves the source's grouping
  Address,      // [x] or [a, b, ...] (texture/surface coordinates)
  Braced,       // {a, b} vector operand or { ... } initializer list
  List,         // (a, b) argument and return lists of call
  Generic,      // generic(var) in initializers
  Call,         // other function-like forms in initializers and attributes: name(args)
};

enum class IntegerRadix : uint8_t { Decimal, Hex, Octal, Binary };

// 16 bytes, stored by value: operands live inline in their instruction and children inline in
// their parent, because large modules hold tens of millions of them.
struct Expr {
  ExprKind kind = ExprKind::Name;
  // Integer: IntegerRadix; Unary/Binary: UnaryOp/BinaryOp; FloatBits: 'f' or 'd'.
  uint8_t sub = 0;
  bool isUnsigned = false; // Integer with a U suffix
  uint8_t reserved = 0;
  // Name/FloatDecimal/String: text length; other composite kinds: number of children.
  uint32_t count = 0;
  union {
    const char *chars = nullptr; // Name, FloatDecimal, String (with quotes): into the source
    uint64_t value;              // Integer, FloatBits
    // Unary, Paren: 1 child; Binary: 2; Conditional: 3; Address, Braced, List: `count`;
    // Generic, Call: children[0] is the callee's Name, the arguments follow.
    const Expr *children;
  };

  std::string_view text() const { return {chars, count}; }
  std::span<const Expr> operands() const { return {children, count}; }
  const Expr &child(size_t i) const { return children[i]; }
  std::span<const Expr> callArgs() const { return {children + 1, count - 1}; }
};
static_assert(sizeof(Expr) == 16, "Expr is stored by the million; keep it small");

enum class UnaryOp : uint8_t { Minus, BitNot, LogicalNot, Plus };
enum class BinaryOp : uint8_t {
  Add, Sub, Mul, Div, Rem, Shl, Shr, And, Or, Xor, LogicalAnd, LogicalOr,
  Eq, Ne, Lt, Le, Gt, Ge, Assign,
};

std::string_view spelling(UnaryOp op);
std::string_view spelling(BinaryOp op);

// ---------------------------------------------------------------------------------------------
// Declarations.

enum class Linkage : uint8_t { None, Visible, Extern, Weak, Common };

// One name in a declaration: `%r<100>`, `buf[16][4]`, `x = 5`.
struct Declarator {
  SourceOffset offset = 0;
  std::string_view name;
  uint32_t rangeCount = 0;       // %r<N>: N registers, 0 when not parameterized
  bool hasRange = false;
  std::span<const int64_t> dims; // array dimensions; -1 for an unsized `[]`
  const Expr *initializer = nullptr;
};

// `.space [.align N] [.vN] .type name...` — module variables, locals, parameters.
struct VariableDecl {
  SourceOffset offset = 0;
  Linkage linkage = Linkage::None;
  Directive space = Directive::Reg; // reg sreg const global local param shared tex
  uint32_t align = 0;               // 0 when absent
  std::span<const Modifier> typeModifiers; // e.g. {v4, f32} or {b8} or {texref}
  // Parameter attributes: .ptr [.space] [.align N]
  bool isPointer = false;
  Directive pointerSpace = Directive::Global;
  bool hasPointerSpace = false;
  uint32_t pointerAlign = 0;
  // `.attribute(...)` raw words for variables (e.g. .managed, .unified(...)).
  std::span<const Expr> attributes;
  std::span<const Declarator> declarators;
};

// ---------------------------------------------------------------------------------------------
// Statements inside function bodies.

enum class StatementKind : uint8_t {
  Instruction,
  Label,
  Variable,      // .reg/.local/.shared/.param/... declarations
  Block,         // { ... }
  Loc,           // .loc
  Pragma,        // .pragma "...";
  BranchTargets, // L: .branchtargets a, b;
  CallTargets,   // L: .calltargets f, g;
  CallPrototype, // L: .callprototype (...) _ (...);
  DebugFile,     // .file inside a body (rare but legal)
};

struct Statement {
  StatementKind kind;
  SourceOffset offset = 0;
  explicit Statement(StatementKind k) : kind(k) {}
};

// Allocated in one block with its modifiers and operands right behind it.
struct Instruction : Statement {
  Instruction() : Statement(StatementKind::Instruction) {}
  const Expr *guard = nullptr; // the predicate register; null when unguarded
  Opcode opcode{};
  bool guardNegated = false;
  uint16_t numModifiers = 0;
  uint16_t numOperands = 0;
  const Modifier *modifierData = nullptr;
  const Expr *operandData = nullptr;

  std::span<const Modifier> modifiers() const { return {modifierData, numModifiers}; }
  std::span<const Expr> operands() const { return {operandData, numOperands}; }
  const Expr &operand(size_t i) const { return operandData[i]; }
  bool has(Modifier m) const {
    for (Modifier x : modifiers())
      if (x == m)
        return true;
    return false;
  }
};

struct LabelStmt : Statement {
  LabelStmt() : Statement(StatementKind::Label) {}
  std::string_view name;
};

struct VariableStmt : Statement {
  VariableStmt() : Statement(StatementKind::Variable) {}
  VariableDecl decl;
};

struct BlockStmt : Statement {
  BlockStmt() : Statement(StatementKind::Block) {}
  std::span<const Statement *const> statements;
};

// .loc file line column [, function_name label[+off]] [, inlined_at file line column]
struct LocStmt : Statement {
  LocStmt() : Statement(StatementKind::Loc) {}
  uint32_t file = 0, line = 0, column = 0;
  const Expr *functionName = nullptr;
  bool hasInlinedAt = false;
  uint32_t inlinedFile = 0, inlinedLine = 0, inlinedColumn = 0;
};

struct PragmaStmt : Statement {
  PragmaStmt() : Statement(StatementKind::Pragma) {}
  std::span<const std::string_view> strings; // with quotes, as written
};

struct TargetListStmt : Statement { // .branchtargets / .calltargets
  explicit TargetListStmt(StatementKind k) : Statement(k) {}
  std::string_view name;
  std::span<const std::string_view> targets;
};

struct CallPrototypeStmt : Statement {
  CallPrototypeStmt() : Statement(StatementKind::CallPrototype) {}
  std::string_view name;
  bool hasReturnList = false;
  std::span<const VariableDecl> returns;
  std::span<const VariableDecl> params;
  bool noreturn = false;
};

// .file index "path" [, timestamp, size]: at module scope or (rarely) inside a body.
struct DebugFile {
  uint32_t index = 0;
  std::span<const std::string_view> strings; // path pieces, with quotes
  std::span<const uint64_t> numbers;         // timestamp, size
};

struct DebugFileStmt : Statement {
  DebugFileStmt() : Statement(StatementKind::DebugFile) {}
  DebugFile file;
};

// ---------------------------------------------------------------------------------------------
// Module-level items.

enum class ItemKind : uint8_t { Function, Variable, File, Section, Alias, Pragma };

struct Item {
  ItemKind kind;
  SourceOffset offset = 0;
  explicit Item(ItemKind k) : kind(k) {}
};

// A performance-tuning or ABI directive attached to a function: .maxntid 256, 1, 1
struct FunctionDirective {
  SourceOffset offset = 0;
  Directive directive{};
  std::span<const uint64_t> values;          // numeric arguments
  std::span<const std::string_view> strings; // .pragma strings
};

struct Function : Item {
  Function() : Item(ItemKind::Function) {}
  bool isEntry = false;
  Linkage linkage = Linkage::None;
  std::string_view name;
  SourceOffset nameOffset = 0;
  bool hasReturnList = false;
  std::span<const VariableDecl> returns;
  bool hasParamList = false;
  std::span<const VariableDecl> params;
  std::span<const FunctionDirective> directives; // in source order, incl. .noreturn
  bool hasBody = false;                          // false for a declaration (prototype)
  bool hasCalls = false;                         // its body has a `call` instruction
  SourceOffset bodyOffset = 0;                   // the body's '{'
  // Null for a declaration, and in a lazily parsed module (parseModuleLazily, parseBody).
  const BlockStmt *body = nullptr;
};

struct VariableItem : Item {
  VariableItem() : Item(ItemKind::Variable) {}
  VariableDecl decl;
};

struct FileItem : Item {
  FileItem() : Item(ItemKind::File) {}
  DebugFile file;
};

// One entry of a debug section: a label, or a data directive with values.
struct SectionEntry {
  SourceOffset offset = 0;
  std::string_view label; // non-empty for a label
  Modifier dataType{};    // b8/b16/b32/b64 otherwise
  std::span<const Expr> values;
};

struct SectionItem : Item {
  SectionItem() : Item(ItemKind::Section) {}
  std::string_view name; // e.g. .debug_info (with the dot, as written)
  std::span<const SectionEntry> entries;
};

struct AliasItem : Item {
  AliasItem() : Item(ItemKind::Alias) {}
  std::string_view alias, aliasee;
};

struct PragmaItem : Item {
  PragmaItem() : Item(ItemKind::Pragma) {}
  std::span<const std::string_view> strings;
};

// A parsed PTX module. Owns the source text and every node.
class Module {
public:
  explicit Module(std::shared_ptr<const SourceFile> source) : source_(std::move(source)) {}
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  const SourceFile &source() const { return *source_; }
  std::shared_ptr<const SourceFile> sharedSource() const { return source_; }
  Arena &arena() { return arena_; }

  // Header directives. Versions are kept as written ("9.0"); targets as a list ("sm_90a", "debug").
  std::string_view version;
  SourceOffset versionOffset = 0;
  std::span<const std::string_view> targets;
  uint32_t addressSize = 0; // 0 when the module has no .address_size
  std::span<const Item *const> items;

  template <typename T, typename... Args> T *create(Args &&...args) {
    return new (arena_.Allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
  }
  // Offset of a name-like expression (Name, String, FloatDecimal) in the source.
  SourceOffset offsetOf(const Expr &e) const;

  template <typename T> std::span<const T> copyArray(std::span<const T> values) {
    if (values.empty())
      return {};
    T *out = static_cast<T *>(arena_.Allocate(sizeof(T) * values.size(), alignof(T)));
    std::uninitialized_copy(values.begin(), values.end(), out);
    return {out, values.size()};
  }

private:
  std::shared_ptr<const SourceFile> source_;
  Arena arena_;
};

// Counts for `ptx2metal parse --stats`.
struct ModuleStats {
  uint64_t functions = 0, entries = 0, instructions = 0, variables = 0;
};
ModuleStats computeStats(const Module &module);

} // namespace p2m::ptx
