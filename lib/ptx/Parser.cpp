#include "ptx/Parser.h"

#include "ptx/Lexer.h"
#include "support/Diagnostics.h"
#include "support/SourceFile.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringRef.h>

#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <vector>
#include <string>

namespace p2m::ptx {

namespace {

// Thrown after a diagnostic has been reported; caught at the nearest recovery point.
struct ParseFailure {};

// Bounds nesting (blocks, braces, parentheses) so hostile input cannot exhaust the stack.
constexpr unsigned kMaxNesting = 256;
// Past this many errors the input is not PTX worth reading further.
constexpr unsigned kMaxErrors = 1000;

bool isStateSpace(Directive d) {
  switch (d) {
  case Directive::Reg:
  case Directive::Sreg:
  case Directive::Const:
  case Directive::Global:
  case Directive::Local:
  case Directive::Param:
  case Directive::Shared:
  case Directive::Tex:
    return true;
  default:
    return false;
  }
}

bool isFunctionDirective(Directive d) {
  switch (d) {
  case Directive::Maxntid:
  case Directive::Reqntid:
  case Directive::Minnctapersm:
  case Directive::Maxnctapersm:
  case Directive::Maxnreg:
  case Directive::Maxclusterrank:
  case Directive::Reqnctapercluster:
  case Directive::Explicitcluster:
  case Directive::Noreturn:
  case Directive::Pragma:
  case Directive::AbiPreserve:
  case Directive::AbiPreserveControl:
    return true;
  default:
    return false;
  }
}

class Parser {
public:
  // A whole module, into the module's arena. With `onBody`, each function body goes into a
  // scratch arena instead and is dropped once `onBody` has seen it (parseModuleLazily).
  Parser(Module &module, DiagnosticEngine &diags, BodyVisitor onBody = nullptr, bool skipBodies = false)
      : source_(module.source()), module_(&module), nodes_(&module.arena()),
        spellingArena_(module.arena()), diags_(diags), lex_(source_.text()), onBody_(onBody),
        skipBodies_(skipBodies) {
    advance();
  }
  // One function body of `source`, into `arena` (parseBody).
  Parser(const SourceFile &source, Arena &arena, DiagnosticEngine &diags, SpellingTable *spellings)
      : source_(source), nodes_(&arena), spellingArena_(arena), diags_(diags), lex_(source.text()),
        spellings_(spellings ? &spellings->decoded : &ownSpellings_), spellingTable_(spellings) {}

  void parseModule();
  const BlockStmt *parseBodyAt(uint32_t offset) {
    lex_.seek(offset);
    hasPeek_ = false;
    advance();
    return parseBlock();
  }

private:
  // --- token handling ---------------------------------------------------------------------
  void advance() {
    if (hasPeek_) {
      tok_ = peek_;
      hasPeek_ = false;
    } else {
      tok_ = lex_.next();
    }
  }
  const Token &peek() {
    if (!hasPeek_) {
      peek_ = lex_.next();
      hasPeek_ = true;
    }
    return peek_;
  }
  std::string_view text(const Token &t) const { return lex_.text(t); }
  bool at(TokenKind k) const { return tok_.kind == k; }
  bool accept(TokenKind k) {
    if (tok_.kind != k)
      return false;
    advance();
    return true;
  }
  Token expect(TokenKind k, const char *what) {
    if (tok_.kind != k)
      fail(tok_, std::string("expected ") + what + ", found " + found(tok_));
    Token t = tok_;
    advance();
    return t;
  }
  std::optional<Directive> directiveOf(const Token &t) const {
    if (t.kind != TokenKind::DotWord)
      return std::nullopt;
    return lookupDirective(text(t).substr(1));
  }
  bool atDirective(Directive d) const {
    auto dir = directiveOf(tok_);
    return dir && *dir == d;
  }

  std::string found(const Token &t) const {
    switch (t.kind) {
    case TokenKind::MalformedNumber:
      return "malformed number '" + std::string(text(t).substr(0, 40)) + "'";
    case TokenKind::End:
    case TokenKind::Invalid:
    case TokenKind::UnterminatedString:
    case TokenKind::UnterminatedComment:
      return describe(t.kind);
    default: {
      std::string s(text(t).substr(0, 40));
      return "'" + s + "'";
    }
    }
  }

  [[noreturn]] void fail(const Token &t, std::string message) { fail(t.offset, std::move(message)); }
  [[noreturn]] void fail(uint32_t offset, std::string message) {
    error(offset, std::move(message));
    throw ParseFailure{};
  }
  void error(uint32_t offset, std::string message) {
    diags_.report(Severity::Error, source_, offset, std::move(message));
    if (diags_.errorCount() >= kMaxErrors) {
      tooManyErrors_ = true;
    }
  }

  struct DepthGuard {
    Parser &p;
    DepthGuard(Parser &parser, uint32_t offset) : p(parser) {
      if (++p.depth_ > kMaxNesting) {
        --p.depth_;
        p.fail(offset, "nesting is too deep (more than " + std::to_string(kMaxNesting) + " levels)");
      }
    }
    ~DepthGuard() { --p.depth_; }
  };

  // --- arena helpers --------------------------------------------------------------------------
  template <typename T, typename... Args> T *create(Args &&...args) {
    return new (nodes_->Allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
  }
  template <typename T, typename Allocator>
  static std::span<const T> copyArrayInto(Allocator &arena, std::span<const T> values) {
    if (values.empty())
      return {};
    T *out = static_cast<T *>(arena.Allocate(sizeof(T) * values.size(), alignof(T)));
    std::uninitialized_copy(values.begin(), values.end(), out);
    return {out, values.size()};
  }
  template <typename T> std::span<const T> copyArray(std::span<const T> values) {
    return copyArrayInto(*nodes_, values);
  }
  template <typename T, unsigned N> std::span<const T> store(const llvm::SmallVector<T, N> &v) {
    return copyArray(std::span<const T>(v.data(), v.size()));
  }
  const Expr *storeExpr(const Expr &e) { return create<Expr>(e); }
  static Expr nameExpr(std::string_view text) {
    Expr e;
    e.kind = ExprKind::Name;
    e.chars = text.data();
    e.count = static_cast<uint32_t>(text.size());
    return e;
  }

  // --- literals -------------------------------------------------------------------------------
  uint64_t integerValue(const Token &t, IntegerRadix &radix, bool &isUnsigned);
  uint64_t parseUnsigned(const char *what);
  uint32_t parseUnsigned32(const char *what);

  // --- module level ---------------------------------------------------------------------------
  void parseTopLevel(llvm::SmallVectorImpl<const Item *> &items);
  void parseVersion();
  void parseTarget();
  void parseFunction(Linkage linkage, uint32_t start, llvm::SmallVectorImpl<const Item *> &items);
  void parseParamList(llvm::SmallVectorImpl<VariableDecl> &out);
  const Item *parseFileItem(uint32_t start);
  DebugFile parseDebugFile();
  const Item *parseSection(uint32_t start);
  const Item *parseAlias(uint32_t start);
  std::span<const std::string_view> parsePragmaStrings();
  void recoverTopLevel();

  // --- declarations ---------------------------------------------------------------------------
  Linkage parseLinkage();
  VariableDecl parseVariableDecl(Linkage linkage, bool isParameter);
  Declarator parseDeclarator(bool isParameter);
  const Expr *parseInitializer();

  // --- statements -----------------------------------------------------------------------------
  const BlockStmt *parseBlock();
  const Statement *parseStatement();
  DecodedSpelling decodeSpelling(std::string_view spelling, uint32_t offset);
  const DecodedSpelling &lookUpSpelling(std::string_view spelling, uint32_t offset);
  const Statement *parseInstruction(uint32_t start, const Expr *guard, bool negated);
  const Statement *parseLabelled();
  const Statement *parseLoc(uint32_t start);
  const Statement *parseDebugFileStmt(uint32_t start);
  const Statement *parseCallPrototype(std::string_view name, uint32_t start);
  void recoverStatement();

  // --- expressions ----------------------------------------------------------------------------
  bool scanSimpleOperands(const char *&p, llvm::SmallVectorImpl<Expr> &operands);
  const char *scanSimpleOperand(const char *p, Expr &out);
  Expr parseOperand(bool callLists);
  bool atLoneTerm();
  Expr parseLoneTerm();
  Expr parseExpr(int minPrecedence = 0);
  Expr parseUnary();
  Expr parsePrimary();
  Expr parseNameExpr();
  Expr parseBracedList(ExprKind kind, TokenKind close, const char *closeText, bool callLists,
                       bool initializer);
  Expr makeComposite(ExprKind kind, uint8_t sub, std::initializer_list<Expr> children);

  const SourceFile &source_;
  Module *module_ = nullptr;     // null when parsing one body
  Function *function_ = nullptr; // the function whose body is being parsed (module parse only)
  Arena *nodes_;                 // where nodes go: the module's arena, or a body's scratch arena
  Arena &spellingArena_;         // decoded opcode spellings, shared by every body
  Arena bodyArena_;              // with onBody_: the current body's nodes
  DiagnosticEngine &diags_;
  Lexer lex_;
  Token tok_;
  Token peek_;
  bool hasPeek_ = false;
  unsigned depth_ = 0;
  bool tooManyErrors_ = false;
  bool inInitializer_ = false;
  std::vector<const Statement *> statementStack_;
  // An instruction's operands while parseInstruction reads them (they are copied behind it):
  // one list for every instruction.
  llvm::SmallVector<Expr, 16> operandScratch_;
  llvm::DenseMap<llvm::StringRef, DecodedSpelling> ownSpellings_;
  llvm::DenseMap<llvm::StringRef, DecodedSpelling> *spellings_ = &ownSpellings_; // or a SpellingTable's
  // The spellings decoded lately, in front of spellings_ (whose hash of a spelling costs more
  // than finding it here), by their length and first and last 8 bytes (SpellingKey), which are
  // the whole spelling up to 16 bytes.
  struct SpellingKey {
    uint64_t first = 0, last = 0; // a shorter spelling's bytes in `first`, `last` 0
    size_t length = 0;
    bool operator==(const SpellingKey &) const = default;
  };
  struct RecentSpelling {
    const char *text = nullptr; // into the source
    SpellingKey key;
    DecodedSpelling decoded;
  };
  std::array<RecentSpelling, 64> recentSpellings_{};
  SpellingKey spellingKey(std::string_view spelling) const {
    SpellingKey key;
    key.length = spelling.size();
    if (spelling.size() >= 8) {
      std::memcpy(&key.first, spelling.data(), 8);
      std::memcpy(&key.last, spelling.data() + spelling.size() - 8, 8);
    } else if (std::endian::native == std::endian::little &&
               spelling.data() + 8 <= lex_.source().data() + lex_.source().size()) {
      // The 8 bytes from the spelling on (more of the source follows it), less those past it.
      std::memcpy(&key.first, spelling.data(), 8);
      key.first &= ~0ull >> (64 - 8 * spelling.size());
    } else {
      std::memcpy(&key.first, spelling.data(), spelling.size());
    }
    return key;
  }
  static size_t recentSlot(const SpellingKey &key) {
    uint64_t h = (key.first ^ (key.last * 0xC2B2AE3D27D4EB4Full) ^ key.length) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(h >> (64 - 6));
  }
  SpellingTable *spellingTable_ = nullptr; // where decoded modifiers go instead of spellingArena_
  BodyVisitor onBody_;
  bool skipBodies_ = false; // parseModuleSkippingBodies

  void skipBody();
};

// ---------------------------------------------------------------------------------------------
// Literals

uint64_t Parser::integerValue(const Token &t, IntegerRadix &radix, bool &isUnsigned) {
  std::string_view s = text(t);
  isUnsigned = !s.empty() && s.back() == 'U';
  if (isUnsigned)
    s.remove_suffix(1);
  unsigned base = 10;
  radix = IntegerRadix::Decimal;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    radix = IntegerRadix::Hex;
    s.remove_prefix(2);
  } else if (s.size() > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
    base = 2;
    radix = IntegerRadix::Binary;
    s.remove_prefix(2);
  } else if (s.size() > 1 && s[0] == '0') {
    base = 8;
    radix = IntegerRadix::Octal;
    s.remove_prefix(1);
  }
  uint64_t value = 0;
  for (char c : s) {
    unsigned digit = c >= 'a' ? c - 'a' + 10 : c >= 'A' ? c - 'A' + 10 : c - '0';
    if (digit >= base)
      fail(t, "invalid digit '" + std::string(1, c) + "' in " +
                  (base == 8 ? "octal" : base == 2 ? "binary" : "integer") + " literal");
    if (__builtin_mul_overflow(value, base, &value) || __builtin_add_overflow(value, digit, &value))
      fail(t, "integer literal does not fit in 64 bits");
  }
  return value;
}

uint64_t Parser::parseUnsigned(const char *what) {
  if (!at(TokenKind::Integer))
    fail(tok_, std::string("expected ") + what + ", found " + found(tok_));
  IntegerRadix radix;
  bool isUnsigned;
  uint64_t v = integerValue(tok_, radix, isUnsigned);
  advance();
  return v;
}

uint32_t Parser::parseUnsigned32(const char *what) {
  uint32_t offset = tok_.offset;
  uint64_t v = parseUnsigned(what);
  if (v > std::numeric_limits<uint32_t>::max())
    fail(offset, std::string(what) + " is out of range");
  return static_cast<uint32_t>(v);
}

// ---------------------------------------------------------------------------------------------
// Module level

void Parser::parseModule() {
  llvm::SmallVector<const Item *, 64> items;
  while (!at(TokenKind::End) && !tooManyErrors_) {
    try {
      parseTopLevel(items);
    } catch (const ParseFailure &) {
      recoverTopLevel();
    }
  }
  if (tooManyErrors_)
    diags_.report(Severity::Note, source_, tok_.offset, "too many errors; stopping here");
  else if (module_->version.empty())
    diags_.report(Severity::Error, source_, 0, "a PTX module must begin with a .version directive");
  module_->items = store(items);
}

void Parser::recoverTopLevel() {
  // Skip to the next directive that can start a module-level item, outside any braces.
  int depth = 0;
  while (!at(TokenKind::End)) {
    if (at(TokenKind::LBrace)) {
      ++depth;
    } else if (at(TokenKind::RBrace)) {
      if (--depth <= 0) {
        advance();
        if (depth < 0)
          depth = 0;
        if (depth == 0)
          return;
        continue;
      }
    } else if (depth == 0 && at(TokenKind::Semicolon)) {
      advance();
      return;
    } else if (depth == 0 && at(TokenKind::DotWord)) {
      auto d = directiveOf(tok_);
      if (d && (*d == Directive::Version || *d == Directive::Target || *d == Directive::AddressSize ||
                *d == Directive::Visible || *d == Directive::Extern || *d == Directive::Weak ||
                *d == Directive::Common || *d == Directive::Entry || *d == Directive::Func ||
                *d == Directive::Global || *d == Directive::File || *d == Directive::Section))
        return;
    }
    advance();
  }
}

void Parser::parseTopLevel(llvm::SmallVectorImpl<const Item *> &items) {
  uint32_t start = tok_.offset;
  auto dir = directiveOf(tok_);
  if (!dir)
    fail(tok_, "expected a directive at module scope, found " + found(tok_));
  switch (*dir) {
  case Directive::Version:
    parseVersion();
    return;
  case Directive::Target:
    parseTarget();
    return;
  case Directive::AddressSize:
    advance();
    module_->addressSize = parseUnsigned32("address size");
    if (module_->addressSize != 32 && module_->addressSize != 64)
      error(start, ".address_size must be 32 or 64");
    return;
  case Directive::File:
    items.push_back(parseFileItem(start));
    return;
  case Directive::Section:
    items.push_back(parseSection(start));
    return;
  case Directive::Alias:
    items.push_back(parseAlias(start));
    return;
  case Directive::Pragma: {
    auto *item = create<PragmaItem>();
    item->offset = start;
    advance();
    item->strings = parsePragmaStrings();
    items.push_back(item);
    return;
  }
  default:
    break;
  }
  Linkage linkage = parseLinkage();
  dir = directiveOf(tok_);
  if (dir && (*dir == Directive::Entry || *dir == Directive::Func)) {
    parseFunction(linkage, start, items);
    return;
  }
  if (dir && isStateSpace(*dir) && *dir != Directive::Reg && *dir != Directive::Param) {
    auto *item = create<VariableItem>();
    item->offset = start;
    item->decl = parseVariableDecl(linkage, /*isParameter=*/false);
    item->decl.offset = start;
    expect(TokenKind::Semicolon, "';' after variable declaration");
    items.push_back(item);
    return;
  }
  fail(tok_, "expected a function or variable declaration, found " + found(tok_));
}

void Parser::parseVersion() {
  module_->versionOffset = tok_.offset;
  advance();
  if (!at(TokenKind::FloatDecimal) && !at(TokenKind::Integer))
    fail(tok_, "expected a PTX ISA version such as 8.5, found " + found(tok_));
  std::string_view v = text(tok_);
  size_t dot = v.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == v.size() ||
      v.find_first_not_of("0123456789.") != std::string_view::npos)
    fail(tok_, "malformed PTX ISA version '" + std::string(v) + "'");
  module_->version = v;
  advance();
}

void Parser::parseTarget() {
  advance();
  llvm::SmallVector<std::string_view, 4> targets;
  do {
    targets.push_back(text(expect(TokenKind::Identifier, "a target name such as sm_90")));
  } while (accept(TokenKind::Comma));
  module_->targets = store(targets);
}

Linkage Parser::parseLinkage() {
  auto d = directiveOf(tok_);
  if (!d)
    return Linkage::None;
  Linkage l = Linkage::None;
  switch (*d) {
  case Directive::Visible: l = Linkage::Visible; break;
  case Directive::Extern: l = Linkage::Extern; break;
  case Directive::Weak: l = Linkage::Weak; break;
  case Directive::Common: l = Linkage::Common; break;
  default: return Linkage::None;
  }
  advance();
  return l;
}

void Parser::parseParamList(llvm::SmallVectorImpl<VariableDecl> &out) {
  expect(TokenKind::LParen, "'('");
  if (accept(TokenKind::RParen))
    return;
  do {
    uint32_t start = tok_.offset;
    auto d = directiveOf(tok_);
    if (!d || (*d != Directive::Param && *d != Directive::Reg))
      fail(tok_, "expected a .param or .reg parameter, found " + found(tok_));
    VariableDecl decl = parseVariableDecl(Linkage::None, /*isParameter=*/true);
    decl.offset = start;
    out.push_back(decl);
  } while (accept(TokenKind::Comma));
  expect(TokenKind::RParen, "')' after parameter list");
}

void Parser::parseFunction(Linkage linkage, uint32_t start, llvm::SmallVectorImpl<const Item *> &items) {
  auto *fn = create<Function>();
  fn->offset = start;
  fn->linkage = linkage;
  fn->isEntry = *directiveOf(tok_) == Directive::Entry;
  advance();
  llvm::SmallVector<VariableDecl, 4> returns, params;
  if (!fn->isEntry && at(TokenKind::LParen)) {
    fn->hasReturnList = true;
    parseParamList(returns);
  }
  Token name = expect(TokenKind::Identifier, "a function name");
  fn->name = text(name);
  fn->nameOffset = name.offset;
  if (at(TokenKind::LParen)) {
    fn->hasParamList = true;
    parseParamList(params);
  }
  fn->returns = store(returns);
  fn->params = store(params);

  llvm::SmallVector<FunctionDirective, 4> directives;
  while (true) {
    auto d = directiveOf(tok_);
    if (!d || !isFunctionDirective(*d))
      break;
    FunctionDirective fd;
    fd.offset = tok_.offset;
    fd.directive = *d;
    advance();
    if (*d == Directive::Pragma) {
      fd.strings = parsePragmaStrings();
    } else if (*d != Directive::Explicitcluster && *d != Directive::Noreturn) {
      llvm::SmallVector<uint64_t, 3> values;
      do {
        values.push_back(parseUnsigned("a number"));
      } while (accept(TokenKind::Comma));
      if (values.size() > 3)
        error(fd.offset, "too many values for ." + std::string(spelling(*d)));
      fd.values = store(values);
    }
    directives.push_back(fd);
  }
  fn->directives = store(directives);

  // Register the function before its body so a failure inside the body still leaves the
  // signature (the body recovers statement by statement anyway).
  items.push_back(fn);
  if (accept(TokenKind::Semicolon))
    return;
  if (!at(TokenKind::LBrace))
    fail(tok_, "expected '{' or ';' after the function signature, found " + found(tok_));
  fn->hasBody = true;
  fn->bodyOffset = tok_.offset;
  function_ = fn;
  if (skipBodies_) {
    skipBody();
    function_ = nullptr;
    return;
  }
  if (!onBody_) {
    fn->body = parseBlock();
    function_ = nullptr;
    return;
  }
  nodes_ = &bodyArena_;
  const BlockStmt *body = parseBlock(); // recovers from its own errors: does not throw
  nodes_ = &module_->arena();
  function_ = nullptr;
  onBody_(*fn, *body);
  bodyArena_.Reset();
}

void Parser::skipBody() {
  // At the body's '{': the lexer passes over the body to its matching '}' (Lexer::skipBraces);
  // what is inside is parsed, and its errors reported, when the body is read (parseBody).
  lex_.seek(tok_.offset + 1);
  hasPeek_ = false;
  bool sawCall = false;
  bool closed = lex_.skipBraces(sawCall);
  function_->hasCalls = sawCall;
  if (!closed)
    fail(tok_, "function body without its closing '}'");
  advance();
}

std::span<const std::string_view> Parser::parsePragmaStrings() {
  llvm::SmallVector<std::string_view, 2> strings;
  do {
    strings.push_back(text(expect(TokenKind::String, "a string")));
  } while (accept(TokenKind::Comma));
  expect(TokenKind::Semicolon, "';' after .pragma");
  return store(strings);
}

const Item *Parser::parseFileItem(uint32_t start) {
  auto *item = create<FileItem>();
  item->offset = start;
  item->file = parseDebugFile();
  return item;
}

const Statement *Parser::parseDebugFileStmt(uint32_t start) {
  auto *stmt = create<DebugFileStmt>();
  stmt->offset = start;
  stmt->file = parseDebugFile();
  return stmt;
}

DebugFile Parser::parseDebugFile() {
  advance(); // .file
  DebugFile file;
  file.index = parseUnsigned32("a file index");
  llvm::SmallVector<std::string_view, 2> strings;
  llvm::SmallVector<uint64_t, 2> numbers;
  strings.push_back(text(expect(TokenKind::String, "a file name string")));
  while (at(TokenKind::String))
    strings.push_back(text(expect(TokenKind::String, "a string")));
  while (accept(TokenKind::Comma)) {
    if (at(TokenKind::String))
      strings.push_back(text(expect(TokenKind::String, "a string")));
    else
      numbers.push_back(parseUnsigned("a timestamp or file size"));
  }
  file.strings = store(strings);
  file.numbers = store(numbers);
  return file;
}

const Item *Parser::parseSection(uint32_t start) {
  advance();
  auto *item = create<SectionItem>();
  item->offset = start;
  if (!at(TokenKind::DotWord) && !at(TokenKind::Identifier))
    fail(tok_, "expected a section name, found " + found(tok_));
  item->name = text(tok_);
  advance();
  expect(TokenKind::LBrace, "'{' to open the section");
  llvm::SmallVector<SectionEntry, 64> entries;
  while (!at(TokenKind::RBrace)) {
    SectionEntry entry;
    entry.offset = tok_.offset;
    if (at(TokenKind::Identifier) && peek().kind == TokenKind::Colon) {
      entry.label = text(tok_);
      advance();
      advance();
      entries.push_back(entry);
      continue;
    }
    if (!at(TokenKind::DotWord))
      fail(tok_, "expected a data directive (.b8, .b16, .b32, .b64) or a label, found " + found(tok_));
    auto type = lookupModifier(text(tok_).substr(1));
    if (!type || (*type != Modifier::B8 && *type != Modifier::B16 && *type != Modifier::B32 &&
                  *type != Modifier::B64))
      fail(tok_, "expected a data directive (.b8, .b16, .b32, .b64), found " + found(tok_));
    entry.dataType = *type;
    advance();
    llvm::SmallVector<Expr, 16> values;
    do {
      if (at(TokenKind::DotWord)) {
        // Section-relative references such as `.b32 .debug_abbrev` or `.debug_info+8`.
        Expr e = nameExpr(text(tok_));
        advance();
        if (at(TokenKind::Plus) || at(TokenKind::Minus)) {
          auto op = static_cast<uint8_t>(at(TokenKind::Plus) ? BinaryOp::Add : BinaryOp::Sub);
          advance();
          e = makeComposite(ExprKind::Binary, op, {e, parseExpr(11)});
        }
        values.push_back(e);
      } else {
        values.push_back(parseExpr());
      }
    } while (accept(TokenKind::Comma));
    entry.values = store(values);
    entries.push_back(entry);
  }
  advance();
  item->entries = store(entries);
  return item;
}

const Item *Parser::parseAlias(uint32_t start) {
  advance();
  auto *item = create<AliasItem>();
  item->offset = start;
  item->alias = text(expect(TokenKind::Identifier, "an alias name"));
  expect(TokenKind::Comma, "','");
  item->aliasee = text(expect(TokenKind::Identifier, "the aliased function"));
  expect(TokenKind::Semicolon, "';' after .alias");
  return item;
}

// ---------------------------------------------------------------------------------------------
// Declarations

VariableDecl Parser::parseVariableDecl(Linkage linkage, bool isParameter) {
  VariableDecl decl;
  decl.offset = tok_.offset;
  decl.linkage = linkage;
  auto space = directiveOf(tok_);
  if (!space || !isStateSpace(*space))
    fail(tok_, "expected a state space (.reg, .global, .shared, ...), found " + found(tok_));
  decl.space = *space;
  advance();

  llvm::SmallVector<Modifier, 4> types;
  llvm::SmallVector<Expr, 2> attributes;
  while (at(TokenKind::DotWord)) {
    std::string_view word = text(tok_).substr(1);
    auto d = lookupDirective(word);
    if (d == Directive::Align) {
      uint32_t at = tok_.offset;
      advance();
      uint32_t align = parseUnsigned32("an alignment");
      if (align == 0 || (align & (align - 1)) != 0)
        error(at, "alignment must be a power of two");
      (decl.isPointer ? decl.pointerAlign : decl.align) = align;
      continue;
    }
    if (d == Directive::Ptr) {
      if (!isParameter)
        fail(tok_, ".ptr is only allowed on kernel parameters");
      decl.isPointer = true;
      advance();
      continue;
    }
    if (decl.isPointer && d && isStateSpace(*d) && !decl.hasPointerSpace) {
      decl.pointerSpace = *d;
      decl.hasPointerSpace = true;
      advance();
      continue;
    }
    if (d == Directive::Attribute) {
      advance();
      expect(TokenKind::LParen, "'(' after .attribute");
      do {
        if (!at(TokenKind::DotWord))
          fail(tok_, "expected an attribute such as .managed, found " + found(tok_));
        Expr name = nameExpr(text(tok_));
        advance();
        if (at(TokenKind::LParen)) {
          // .unified(hi, lo)
          Expr args = parseBracedList(ExprKind::List, TokenKind::RParen, "')'", false, false);
          llvm::SmallVector<Expr, 4> kids{name};
          kids.append(args.children, args.children + args.count);
          Expr call;
          call.kind = ExprKind::Call;
          call.count = static_cast<uint32_t>(kids.size());
          call.children = store(kids).data();
          attributes.push_back(call);
        } else {
          attributes.push_back(name);
        }
      } while (accept(TokenKind::Comma));
      expect(TokenKind::RParen, "')' after attributes");
      continue;
    }
    auto mod = lookupModifier(word);
    if (!mod)
      fail(tok_, "unknown type or attribute '." + std::string(word) + "' in declaration");
    types.push_back(*mod);
    advance();
  }
  if (types.empty())
    fail(tok_, "expected a type (.u32, .f32, .b8, ...) in declaration, found " + found(tok_));
  decl.typeModifiers = store(types);
  decl.attributes = store(attributes);

  llvm::SmallVector<Declarator, 4> declarators;
  declarators.push_back(parseDeclarator(isParameter));
  if (!isParameter)
    while (accept(TokenKind::Comma))
      declarators.push_back(parseDeclarator(false));
  decl.declarators = store(declarators);
  return decl;
}

Declarator Parser::parseDeclarator(bool isParameter) {
  Declarator d;
  d.offset = tok_.offset;
  d.name = text(expect(TokenKind::Identifier, "a name"));
  if (!isParameter && at(TokenKind::Less)) {
    advance();
    d.hasRange = true;
    d.rangeCount = parseUnsigned32("a register count");
    expect(TokenKind::Greater, "'>'");
  }
  llvm::SmallVector<int64_t, 2> dims;
  while (at(TokenKind::LBracket)) {
    if (dims.size() >= 16)
      fail(tok_, "too many array dimensions");
    advance();
    if (accept(TokenKind::RBracket)) {
      dims.push_back(-1);
      continue;
    }
    uint32_t off = tok_.offset;
    uint64_t n = parseUnsigned("an array size");
    if (n > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      fail(off, "array size is too large");
    dims.push_back(static_cast<int64_t>(n));
    expect(TokenKind::RBracket, "']'");
  }
  d.dims = store(dims);
  if (!isParameter && accept(TokenKind::Assign))
    d.initializer = parseInitializer();
  return d;
}

const Expr *Parser::parseInitializer() {
  bool saved = inInitializer_;
  inInitializer_ = true;
  Expr e = at(TokenKind::LBrace) ? parseBracedList(ExprKind::Braced, TokenKind::RBrace, "'}'", false, true)
                                 : parseExpr();
  inInitializer_ = saved;
  return storeExpr(e);
}

// ---------------------------------------------------------------------------------------------
// Statements

const BlockStmt *Parser::parseBlock() {
  DepthGuard guard(*this, tok_.offset);
  auto *block = create<BlockStmt>();
  block->offset = tok_.offset;
  expect(TokenKind::LBrace, "'{'");
  // Statements of nested blocks share one scratch stack: each block copies its own range
  // into the arena and pops it, so no per-block vector grows and reallocates.
  size_t first = statementStack_.size();
  while (!at(TokenKind::RBrace)) {
    if (at(TokenKind::End)) {
      error(block->offset, "this '{' is never closed: expected '}' before end of file");
      break;
    }
    if (tooManyErrors_)
      break;
    try {
      if (const Statement *s = parseStatement())
        statementStack_.push_back(s);
    } catch (const ParseFailure &) {
      recoverStatement();
    }
  }
  accept(TokenKind::RBrace);
  block->statements = copyArray(std::span<const Statement *const>(statementStack_.data() + first,
                                                                  statementStack_.size() - first));
  statementStack_.resize(first);
  return block;
}

void Parser::recoverStatement() {
  int depth = 0;
  while (!at(TokenKind::End)) {
    if (at(TokenKind::LBrace)) {
      ++depth;
    } else if (at(TokenKind::RBrace)) {
      if (depth == 0)
        return; // the enclosing block's end
      --depth;
    } else if (at(TokenKind::Semicolon) && depth == 0) {
      advance();
      return;
    }
    advance();
  }
}

const Statement *Parser::parseStatement() {
  uint32_t start = tok_.offset;
  switch (tok_.kind) {
  case TokenKind::LBrace:
    return parseBlock();
  case TokenKind::At: {
    advance();
    bool negated = accept(TokenKind::Bang);
    const Expr *guard = storeExpr(parseNameExpr());
    return parseInstruction(start, guard, negated);
  }
  case TokenKind::Identifier:
    // An opcode glued to its modifiers (`ld.global`) is no label: the token after it, which
    // parseInstruction does not use, need not be lexed to know.
    if (!lex_.adjacent(tok_.offset + tok_.length) && peek().kind == TokenKind::Colon)
      return parseLabelled();
    return parseInstruction(start, nullptr, false);
  case TokenKind::DotWord: {
    auto d = directiveOf(tok_);
    if (d && isStateSpace(*d)) {
      auto *stmt = create<VariableStmt>();
      stmt->offset = start;
      stmt->decl = parseVariableDecl(Linkage::None, false);
      stmt->decl.offset = start;
      expect(TokenKind::Semicolon, "';' after declaration");
      return stmt;
    }
    if (d == Directive::Loc)
      return parseLoc(start);
    if (d == Directive::Pragma) {
      auto *stmt = create<PragmaStmt>();
      stmt->offset = start;
      advance();
      stmt->strings = parsePragmaStrings();
      return stmt;
    }
    if (d == Directive::File)
      return parseDebugFileStmt(start);
    fail(tok_, "unexpected " + found(tok_) + " in a function body");
  }
  case TokenKind::Semicolon:
    advance(); // an empty statement
    return nullptr;
  default:
    fail(tok_, "expected an instruction, label or declaration, found " + found(tok_));
  }
}

const Statement *Parser::parseLabelled() {
  uint32_t start = tok_.offset;
  std::string_view name = text(tok_);
  advance(); // name
  advance(); // ':'
  auto d = directiveOf(tok_);
  if (d == Directive::Branchtargets || d == Directive::Calltargets) {
    auto *stmt = create<TargetListStmt>(d == Directive::Branchtargets ? StatementKind::BranchTargets
                                                                       : StatementKind::CallTargets);
    stmt->offset = start;
    stmt->name = name;
    advance();
    llvm::SmallVector<std::string_view, 16> targets;
    do {
      targets.push_back(text(expect(TokenKind::Identifier, "a target name")));
    } while (accept(TokenKind::Comma));
    expect(TokenKind::Semicolon, "';' after the target list");
    stmt->targets = store(targets);
    return stmt;
  }
  if (d == Directive::Callprototype)
    return parseCallPrototype(name, start);
  auto *label = create<LabelStmt>();
  label->offset = start;
  label->name = name;
  return label;
}

const Statement *Parser::parseCallPrototype(std::string_view name, uint32_t start) {
  advance(); // .callprototype
  auto *stmt = create<CallPrototypeStmt>();
  stmt->offset = start;
  stmt->name = name;
  llvm::SmallVector<VariableDecl, 2> returns, params;
  if (at(TokenKind::LParen)) {
    stmt->hasReturnList = true;
    parseParamList(returns);
  }
  Token placeholder = expect(TokenKind::Identifier, "'_' in .callprototype");
  if (text(placeholder) != "_")
    error(placeholder.offset, "the function name in a .callprototype must be '_'");
  if (at(TokenKind::LParen))
    parseParamList(params);
  if (atDirective(Directive::Noreturn)) {
    stmt->noreturn = true;
    advance();
  }
  expect(TokenKind::Semicolon, "';' after .callprototype");
  stmt->returns = store(returns);
  stmt->params = store(params);
  return stmt;
}

const Statement *Parser::parseLoc(uint32_t start) {
  advance();
  auto *loc = create<LocStmt>();
  loc->offset = start;
  loc->file = parseUnsigned32("a file index");
  loc->line = parseUnsigned32("a line number");
  loc->column = parseUnsigned32("a column number");
  while (at(TokenKind::Comma)) {
    advance();
    Token key = expect(TokenKind::Identifier, "function_name or inlined_at");
    if (text(key) == "function_name") {
      loc->functionName = storeExpr(parseExpr());
    } else if (text(key) == "inlined_at") {
      loc->hasInlinedAt = true;
      loc->inlinedFile = parseUnsigned32("a file index");
      loc->inlinedLine = parseUnsigned32("a line number");
      loc->inlinedColumn = parseUnsigned32("a column number");
    } else {
      fail(key, "unknown .loc attribute '" + std::string(text(key)) + "'");
    }
  }
  return loc;
}

DecodedSpelling Parser::decodeSpelling(std::string_view spelling, uint32_t offset) {
  SpellingKey key = spellingKey(spelling);
  RecentSpelling &recent = recentSpellings_[recentSlot(key)];
  if (recent.key == key && (key.length <= 16 || std::memcmp(recent.text + 8, spelling.data() + 8, key.length - 16) == 0))
    return recent.decoded;
  const DecodedSpelling &decoded = lookUpSpelling(spelling, offset);
  recent = {spelling.data(), key, decoded};
  return decoded;
}

const DecodedSpelling &Parser::lookUpSpelling(std::string_view spelling, uint32_t offset) {
  auto [it, inserted] = spellings_->try_emplace(llvm::StringRef(spelling.data(), spelling.size()));
  if (!inserted)
    return it->second;
  DecodedSpelling &decoded = it->second;
  size_t dot = spelling.find('.');
  std::string_view op = spelling.substr(0, dot);
  auto opcode = lookupOpcode(op);
  if (!opcode) {
    spellings_->erase(it);
    fail(offset, "unknown instruction '" + std::string(op) + "'");
  }
  decoded.opcode = *opcode;
  llvm::SmallVector<Modifier, 8> modifiers;
  while (dot != std::string_view::npos) {
    size_t next = spelling.find('.', dot + 1);
    std::string_view word = spelling.substr(dot + 1, next == std::string_view::npos ? next : next - dot - 1);
    auto mod = lookupModifier(word);
    if (!mod) {
      spellings_->erase(it);
      fail(offset + static_cast<uint32_t>(dot),
           "unknown modifier '." + std::string(word) + "' on '" + std::string(op) + "'");
    }
    modifiers.push_back(*mod);
    dot = next;
  }
  if (modifiers.size() > std::numeric_limits<uint16_t>::max()) {
    spellings_->erase(it);
    fail(offset, "instruction has too many modifiers");
  }
  decoded.numModifiers = static_cast<uint16_t>(modifiers.size());
  // In the spelling arena: a lazily parsed module drops each body's nodes, not the spellings
  // (the validator caches its verdicts by their address).
  std::span<const Modifier> stored(modifiers.data(), modifiers.size());
  decoded.modifiers = (spellingTable_ ? copyArrayInto(spellingTable_->storage, stored)
                                      : copyArrayInto(spellingArena_, stored)).data();
  return decoded;
}

const Statement *Parser::parseInstruction(uint32_t start, const Expr *guard, bool negated) {
  if (!at(TokenKind::Identifier))
    fail(tok_, "expected an instruction, found " + found(tok_));
  // The opcode and its modifiers are written as one word (`ld.global.nc.v4.f32`); a module
  // repeats a few hundred such words, so each is decoded once and then found by one lookup.
  const char *source = lex_.source().data();
  const char *begin = source + tok_.offset;
  const char *end = begin + tok_.length;
  while (*end == '.' && charclass::is(end[1], charclass::DotWordCont)) {
    end += 2;
    while (charclass::is(*end, charclass::DotWordCont))
      ++end;
  }
  const DecodedSpelling decoded =
      decodeSpelling(std::string_view(begin, static_cast<size_t>(end - begin)), tok_.offset);
  Opcode opcode = decoded.opcode;
  llvm::SmallVectorImpl<Expr> &operands = operandScratch_;
  operands.clear();
  bool callLists = opcode == Opcode::Call;
  if (callLists && function_)
    function_->hasCalls = true;
  // The operands of the usual forms straight from the source, up to the ';' or to the first
  // operand of another form, where the tokens take over.
  const char *next = end;
  bool ended = scanSimpleOperands(next, operands);
  lex_.seek(static_cast<uint32_t>(next - source));
  hasPeek_ = false;
  advance();
  if (!ended) {
    if (operands.empty() && at(TokenKind::DotWord))
      fail(tok_, "modifiers must follow the opcode with no space in between");
    if (!operands.empty() || !at(TokenKind::Semicolon)) {
      do {
        operands.push_back(parseOperand(callLists));
      } while (accept(TokenKind::Comma));
    }
    if (!at(TokenKind::Semicolon))
      fail(tok_, "expected ',' or ';' after operand, found " + found(tok_));
    advance();
  }
  if (operands.size() > std::numeric_limits<uint16_t>::max())
    fail(start, "instruction has too many operands");
  // One allocation for the instruction and its operands; the modifier array is shared by
  // every instruction with the same spelling.
  size_t bytes = sizeof(Instruction) + operands.size() * sizeof(Expr);
  auto *raw = static_cast<char *>(nodes_->Allocate(bytes, alignof(Instruction)));
  auto *inst = new (raw) Instruction();
  auto *operandData = reinterpret_cast<Expr *>(raw + sizeof(Instruction));
  std::uninitialized_copy(operands.begin(), operands.end(), operandData);
  inst->offset = start;
  inst->guard = guard;
  inst->guardNegated = negated;
  inst->opcode = opcode;
  inst->numOperands = static_cast<uint16_t>(operands.size());
  inst->numModifiers = decoded.numModifiers;
  inst->operandData = operandData;
  inst->modifierData = decoded.modifiers;
  return inst;
}

// ---------------------------------------------------------------------------------------------
// Expressions

Expr Parser::makeComposite(ExprKind kind, uint8_t sub, std::initializer_list<Expr> children) {
  Expr e;
  e.kind = kind;
  e.sub = sub;
  e.count = static_cast<uint32_t>(children.size());
  e.children = copyArray(std::span<const Expr>(children.begin(), children.size())).data();
  return e;
}

namespace {

const char *skipBlanks(const char *p) {
  while (charclass::is(*p, charclass::Space))
    ++p;
  return p;
}

// A name not glued to a component (`%tid.x`) or a decimal integer, at `p` (a blank byte ends the
// text before it, so the NUL after the source stops every loop): read as the lexer and
// parsePrimary read it, into `out`. Its end; null at anything else.
const char *scanTerm(const char *p, Expr &out) {
  char c = *p;
  if (charclass::is(c, charclass::IdentStart)) {
    if (c == '%' && !charclass::is(p[1], charclass::IdentCont))
      return nullptr; // the operator %
    const char *q = p + 1;
    while (charclass::is(*q, charclass::IdentCont))
      ++q;
    if (*q == '.')
      return nullptr;
    out = Expr{};
    out.kind = ExprKind::Name;
    out.chars = p;
    out.count = static_cast<uint32_t>(q - p);
    return q;
  }
  // Decimal digits without a leading 0 (0x.., 0b.., 0f.., octal) and too few to overflow, not
  // followed by what makes them another literal (1.5, 1e3, 7U) or a malformed one.
  if (!charclass::is(c, charclass::Digit) || (c == '0' && charclass::is(p[1], charclass::IdentCont)))
    return nullptr;
  const char *q = p;
  uint64_t value = 0;
  while (charclass::is(*q, charclass::Digit))
    value = value * 10 + static_cast<uint64_t>(*q++ - '0');
  if (q - p > 18 || charclass::is(*q, charclass::IdentCont) || *q == '.')
    return nullptr;
  out = Expr{};
  out.kind = ExprKind::Integer;
  out.sub = static_cast<uint8_t>(IntegerRadix::Decimal);
  out.value = value;
  return q;
}

} // namespace

// Nearly every operand is a name or a decimal integer, alone, in `[a]`, `[a+n]`, `[a-n]` or in
// `{a, b, ...}`. Those are read here byte by byte, into the Exprs that parseOperand would make
// of their tokens, from `p` (just past the opcode) on: each operand with the ',' or ';' after
// it. True when the ';' was read; else `p` is left at the start of the first operand of
// another form (or of a ';' with blanks or comments before it), where the tokens take over.
bool Parser::scanSimpleOperands(const char *&p, llvm::SmallVectorImpl<Expr> &operands) {
  // The expression parser's nesting check passes for these forms (braces, then a binary
  // expression's two levels) below this depth.
  if (depth_ + 4 >= kMaxNesting)
    return false;
  while (true) {
    Expr e;
    const char *q = scanSimpleOperand(skipBlanks(p), e);
    if (!q)
      return false;
    q = skipBlanks(q);
    if (*q != ',' && *q != ';')
      return false;
    operands.push_back(e);
    p = q + 1;
    if (*q == ';')
      return true;
  }
}

// One operand of scanSimpleOperands' forms at `p`, into `out`; its end, or null when it is of
// another form (nothing is allocated then).
const char *Parser::scanSimpleOperand(const char *p, Expr &out) {
  if (*p == '[') {
    // [a], [a+n], [a-n]: an Address of one element, as parseBracedList and parseExpr make it.
    Expr base, offset;
    const char *q = scanTerm(skipBlanks(p + 1), base);
    if (!q)
      return nullptr;
    q = skipBlanks(q);
    char op = *q;
    if (op == '+' || op == '-') {
      q = scanTerm(skipBlanks(q + 1), offset);
      if (!q)
        return nullptr;
      q = skipBlanks(q);
    }
    if (*q != ']')
      return nullptr;
    Expr element = base;
    if (op == '+' || op == '-')
      element = makeComposite(ExprKind::Binary, static_cast<uint8_t>(op == '+' ? BinaryOp::Add : BinaryOp::Sub),
                              {base, offset});
    out = Expr{};
    out.kind = ExprKind::Address;
    out.count = 1;
    out.children = copyArray(std::span<const Expr>(&element, 1)).data();
    return q + 1;
  }
  if (*p == '{') {
    // {a, b, ...}: a Braced list of lone terms.
    llvm::SmallVector<Expr, 8> items;
    const char *q = p + 1;
    while (true) {
      Expr item;
      q = scanTerm(skipBlanks(q), item);
      if (!q)
        return nullptr;
      items.push_back(item);
      q = skipBlanks(q);
      if (*q == '}')
        break;
      if (*q != ',')
        return nullptr;
      ++q;
    }
    out = Expr{};
    out.kind = ExprKind::Braced;
    out.count = static_cast<uint32_t>(items.size());
    out.children = store(items).data();
    return q + 1;
  }
  return scanTerm(p, out);
}

// A name (not glued to a component: `%tid.x`) or an integer alone before a separator or a
// closing bracket, as most operands are: parseLoneTerm reads it as parseExpr would, without the
// expression parser's descent (whose depth check passes here too).
bool Parser::atLoneTerm() {
  if (depth_ >= kMaxNesting)
    return false;
  if (tok_.kind == TokenKind::Identifier) {
    if (lex_.adjacent(tok_.offset + tok_.length))
      return false;
  } else if (tok_.kind != TokenKind::Integer) {
    return false;
  }
  switch (peek().kind) {
  case TokenKind::Comma:
  case TokenKind::Semicolon:
  case TokenKind::RBracket:
  case TokenKind::RBrace:
  case TokenKind::RParen:
    return true;
  default:
    return false;
  }
}

Expr Parser::parseLoneTerm() {
  if (tok_.kind != TokenKind::Identifier)
    return parsePrimary();
  Expr e = nameExpr(text(tok_));
  advance();
  return e;
}

Expr Parser::parseOperand(bool callLists) {
  if (atLoneTerm())
    return parseLoneTerm();
  switch (tok_.kind) {
  case TokenKind::LBracket:
    return parseBracedList(ExprKind::Address, TokenKind::RBracket, "']'", false, false);
  case TokenKind::LBrace:
    return parseBracedList(ExprKind::Braced, TokenKind::RBrace, "'}'", false, false);
  case TokenKind::LParen:
    if (callLists)
      return parseBracedList(ExprKind::List, TokenKind::RParen, "')'", false, false);
    return parseExpr();
  default:
    return parseExpr();
  }
}

Expr Parser::parseBracedList(ExprKind kind, TokenKind close, const char *closeText, bool callLists,
                             bool initializer) {
  DepthGuard guard(*this, tok_.offset);
  uint32_t open = tok_.offset;
  advance(); // the opening token
  llvm::SmallVector<Expr, 8> items;
  if (tok_.kind != close) {
    do {
      if (initializer && at(TokenKind::LBrace))
        items.push_back(parseBracedList(ExprKind::Braced, TokenKind::RBrace, "'}'", false, true));
      else if (kind == ExprKind::Braced || kind == ExprKind::List)
        items.push_back(parseOperand(callLists));
      else
        items.push_back(atLoneTerm() ? parseLoneTerm() : parseExpr());
    } while (accept(TokenKind::Comma));
  }
  if (tok_.kind != close)
    fail(tok_, std::string("expected ") + closeText + " or ',', found " + found(tok_));
  advance();
  if (items.size() > std::numeric_limits<uint32_t>::max())
    fail(open, "list has too many elements");
  Expr list;
  list.kind = kind;
  list.count = static_cast<uint32_t>(items.size());
  list.children = store(items).data();
  return list;
}

namespace {
struct BinaryInfo {
  int precedence; // 0 = not a binary operator
  BinaryOp op;
};
BinaryInfo binaryInfo(TokenKind k) {
  switch (k) {
  case TokenKind::PipePipe: return {2, BinaryOp::LogicalOr};
  case TokenKind::AmpAmp: return {3, BinaryOp::LogicalAnd};
  case TokenKind::Pipe: return {4, BinaryOp::Or};
  case TokenKind::Caret: return {5, BinaryOp::Xor};
  case TokenKind::Amp: return {6, BinaryOp::And};
  case TokenKind::EqEq: return {7, BinaryOp::Eq};
  case TokenKind::NotEq: return {7, BinaryOp::Ne};
  case TokenKind::Less: return {8, BinaryOp::Lt};
  case TokenKind::Greater: return {8, BinaryOp::Gt};
  case TokenKind::LessEq: return {8, BinaryOp::Le};
  case TokenKind::GreaterEq: return {8, BinaryOp::Ge};
  case TokenKind::Shl: return {9, BinaryOp::Shl};
  case TokenKind::Shr: return {9, BinaryOp::Shr};
  case TokenKind::Plus: return {10, BinaryOp::Add};
  case TokenKind::Minus: return {10, BinaryOp::Sub};
  case TokenKind::Star: return {11, BinaryOp::Mul};
  case TokenKind::Slash: return {11, BinaryOp::Div};
  case TokenKind::Percent: return {11, BinaryOp::Rem};
  default: return {0, BinaryOp::Add};
  }
}
} // namespace

Expr Parser::parseExpr(int minPrecedence) {
  DepthGuard guard(*this, tok_.offset);
  Expr lhs = parseUnary();
  while (true) {
    if (at(TokenKind::Question) && minPrecedence <= 1) {
      advance();
      Expr a = parseExpr(1);
      expect(TokenKind::Colon, "':' in conditional expression");
      Expr b = parseExpr(1);
      lhs = makeComposite(ExprKind::Conditional, 0, {lhs, a, b});
      continue;
    }
    BinaryInfo info = binaryInfo(tok_.kind);
    if (inInitializer_ && at(TokenKind::Assign))
      info = {1, BinaryOp::Assign}; // sampler initializers: { filter_mode = nearest }
    if (info.precedence == 0 || info.precedence < minPrecedence)
      return lhs;
    advance();
    Expr rhs = parseExpr(info.precedence + 1);
    lhs = makeComposite(ExprKind::Binary, static_cast<uint8_t>(info.op), {lhs, rhs});
  }
}

Expr Parser::parseUnary() {
  UnaryOp op;
  switch (tok_.kind) {
  case TokenKind::Minus: op = UnaryOp::Minus; break;
  case TokenKind::Plus: op = UnaryOp::Plus; break;
  case TokenKind::Tilde: op = UnaryOp::BitNot; break;
  case TokenKind::Bang: op = UnaryOp::LogicalNot; break;
  default: return parsePrimary();
  }
  DepthGuard guard(*this, tok_.offset);
  advance();
  return makeComposite(ExprKind::Unary, static_cast<uint8_t>(op), {parseUnary()});
}

Expr Parser::parseNameExpr() {
  if (!at(TokenKind::Identifier))
    fail(tok_, "expected a name, found " + found(tok_));
  uint32_t start = tok_.offset;
  uint32_t end = tok_.offset + tok_.length;
  advance();
  // `%tid.x`, `%r.y`: a vector component glued to its register with no space between.
  while (at(TokenKind::DotWord) && tok_.offset == end) {
    end = tok_.offset + tok_.length;
    advance();
  }
  return nameExpr(lex_.source().substr(start, end - start));
}

Expr Parser::parsePrimary() {
  switch (tok_.kind) {
  case TokenKind::Identifier: {
    std::string_view name = text(tok_);
    if (inInitializer_ && peek().kind == TokenKind::LParen &&
        peek().offset == tok_.offset + tok_.length) {
      // generic(var) and other function-like initializer forms.
      uint32_t offset = tok_.offset;
      advance();
      Expr args = parseBracedList(ExprKind::List, TokenKind::RParen, "')'", false, false);
      bool isGeneric = name == "generic";
      if (isGeneric && args.count != 1)
        fail(offset, "generic() takes exactly one variable");
      llvm::SmallVector<Expr, 4> kids{nameExpr(name)};
      kids.append(args.children, args.children + args.count);
      Expr call;
      call.kind = isGeneric ? ExprKind::Generic : ExprKind::Call;
      call.count = static_cast<uint32_t>(kids.size());
      call.children = store(kids).data();
      return call;
    }
    return parseNameExpr();
  }
  case TokenKind::Integer: {
    Expr e;
    e.kind = ExprKind::Integer;
    IntegerRadix radix;
    bool isUnsigned;
    e.value = integerValue(tok_, radix, isUnsigned);
    e.sub = static_cast<uint8_t>(radix);
    e.isUnsigned = isUnsigned;
    advance();
    return e;
  }
  case TokenKind::FloatBits: {
    Expr e;
    e.kind = ExprKind::FloatBits;
    std::string_view s = text(tok_);
    e.sub = static_cast<uint8_t>(s[1] == 'f' || s[1] == 'F' ? 'f' : 'd');
    uint64_t v = 0;
    for (char c : s.substr(2))
      v = v * 16 + static_cast<uint64_t>(c >= 'a' ? c - 'a' + 10 : c >= 'A' ? c - 'A' + 10 : c - '0');
    e.value = v;
    advance();
    return e;
  }
  case TokenKind::FloatDecimal:
  case TokenKind::String: {
    Expr e = nameExpr(text(tok_));
    e.kind = at(TokenKind::String) ? ExprKind::String : ExprKind::FloatDecimal;
    advance();
    return e;
  }
  case TokenKind::LParen: {
    DepthGuard guard(*this, tok_.offset);
    advance();
    Expr inner = parseExpr();
    expect(TokenKind::RParen, "')'");
    return makeComposite(ExprKind::Paren, 0, {inner});
  }
  case TokenKind::LBrace:
    return parseBracedList(ExprKind::Braced, TokenKind::RBrace, "'}'", false, inInitializer_);
  case TokenKind::LBracket:
    return parseBracedList(ExprKind::Address, TokenKind::RBracket, "']'", false, false);
  default:
    fail(tok_, "expected an operand, found " + found(tok_));
  }
}

// The module's top level, with its bodies parsed whole, handed to `onBody`, or skipped.
std::unique_ptr<Module> parseTopLevel(std::shared_ptr<const SourceFile> source, DiagnosticEngine &diags,
                                      BodyVisitor onBody, bool skipBodies) {
  auto module = std::make_unique<Module>(std::move(source));
  if (module->source().text().size() >= std::numeric_limits<uint32_t>::max()) {
    diags.report(Severity::Error, module->source().name(), "file is too large (4 GiB or more)");
    return module;
  }
  Parser parser(*module, diags, onBody, skipBodies);
  parser.parseModule();
  return module;
}

} // namespace

std::unique_ptr<Module> parseModule(std::shared_ptr<const SourceFile> source, DiagnosticEngine &diags) {
  return parseModuleLazily(std::move(source), diags, nullptr);
}

std::unique_ptr<Module> parseModuleLazily(std::shared_ptr<const SourceFile> source, DiagnosticEngine &diags,
                                          BodyVisitor onBody) {
  return parseTopLevel(std::move(source), diags, onBody, /*skipBodies=*/false);
}

std::unique_ptr<Module> parseModuleSkippingBodies(std::shared_ptr<const SourceFile> source,
                                                  DiagnosticEngine &diags) {
  return parseTopLevel(std::move(source), diags, nullptr, /*skipBodies=*/true);
}

const BlockStmt *parseBody(const Module &module, const Function &fn, Arena &arena, DiagnosticEngine *diags,
                           SpellingTable *spellings) {
  if (fn.body || !fn.hasBody)
    return fn.body;
  DiagnosticEngine unreported(0); // the module's parse reported this body's errors already
  Parser parser(module.source(), arena, diags ? *diags : unreported, spellings);
  return parser.parseBodyAt(fn.bodyOffset);
}

} // namespace p2m::ptx
