#include "mslcheck/KernelSignature.h"

#include "mslcheck/MslNames.h"

#include <clang/AST/Attr.h>
#include <clang/Lex/Lexer.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace p2m::mslcheck {
namespace {

using clang::QualType;

// One attribute as written: `buffer(0)` is name "buffer", argument "0", at byte `offset`.
struct WrittenAttribute {
  std::string name;
  std::optional<std::string> argument;
  size_t offset = 0;
};

// The attributes of the `[[...]]` specifiers in text[begin, end).
std::vector<WrittenAttribute> attributesIn(std::string_view text, size_t begin, size_t end) {
  std::vector<WrittenAttribute> out;
  size_t at = begin;
  while ((at = text.find("[[", at)) != std::string_view::npos && at < end) {
    const size_t close = text.find("]]", at + 2);
    if (close == std::string_view::npos || close > end)
      break;
    size_t i = at + 2;
    while (i < close) {
      while (i < close && (isSpace(text[i]) || text[i] == ','))
        ++i;
      const size_t start = i;
      while (i < close && (isIdentifierChar(text[i]) || text[i] == ':'))
        ++i;
      if (i == start) {
        ++i;
        continue;
      }
      WrittenAttribute attribute{std::string(text.substr(start, i - start)), std::nullopt, start};
      while (i < close && isSpace(text[i]))
        ++i;
      if (i < close && text[i] == '(') {
        int depth = 0;
        const size_t open = i;
        for (; i < close; ++i) {
          if (text[i] == '(')
            ++depth;
          else if (text[i] == ')' && --depth == 0)
            break;
        }
        std::string argument(text.substr(open + 1, i - open - 1));
        while (!argument.empty() && isSpace(argument.back()))
          argument.pop_back();
        while (!argument.empty() && isSpace(argument.front()))
          argument.erase(argument.begin());
        attribute.argument = std::move(argument);
        ++i;
      }
      out.push_back(std::move(attribute));
    }
    at = close + 2;
  }
  return out;
}

// An integer literal argument, else nothing.
std::optional<unsigned long> integerArgument(const WrittenAttribute &attribute) {
  if (!attribute.argument || attribute.argument->empty())
    return std::nullopt;
  std::string digits = *attribute.argument;
  while (!digits.empty() && (digits.back() == 'u' || digits.back() == 'U'))
    digits.pop_back();
  if (digits.empty() || digits.size() > 9)
    return std::nullopt;
  for (char c : digits)
    if (c < '0' || c > '9')
      return std::nullopt;
  return std::stoul(digits);
}

enum class Builtin { Vector, Scalar };

// MSL's kernel input attributes for thread positions and counts (the specification's table of
// compute function attributes) and the types they allow.
const std::map<std::string_view, Builtin> &builtins() {
  static const std::map<std::string_view, Builtin> table = {
      {"thread_position_in_grid", Builtin::Vector},
      {"thread_position_in_threadgroup", Builtin::Vector},
      {"threadgroup_position_in_grid", Builtin::Vector},
      {"threadgroups_per_grid", Builtin::Vector},
      {"threads_per_grid", Builtin::Vector},
      {"threads_per_threadgroup", Builtin::Vector},
      {"dispatch_threads_per_threadgroup", Builtin::Vector},
      {"grid_origin", Builtin::Vector},
      {"grid_size", Builtin::Vector},
      {"thread_index_in_threadgroup", Builtin::Scalar},
      {"thread_index_in_simdgroup", Builtin::Scalar},
      {"thread_index_in_quadgroup", Builtin::Scalar},
      {"simdgroup_index_in_threadgroup", Builtin::Scalar},
      {"simdgroups_per_threadgroup", Builtin::Scalar},
      {"dispatch_simdgroups_per_threadgroup", Builtin::Scalar},
      {"quadgroup_index_in_threadgroup", Builtin::Scalar},
      {"quadgroups_per_threadgroup", Builtin::Scalar},
      {"dispatch_quadgroups_per_threadgroup", Builtin::Scalar},
      {"threads_per_simdgroup", Builtin::Scalar},
      {"thread_execution_width", Builtin::Scalar},
  };
  return table;
}

// The address space of a pointer's or reference's pointee ("" for other types).
std::string_view pointeeSpace(QualType type) {
  if (!type->isPointerType() && !type->isReferenceType())
    return "";
  return addressSpaceName(type->getPointeeType());
}

bool isUintOrUshort(QualType type) {
  return type->isSpecificBuiltinType(clang::BuiltinType::UInt) ||
         type->isSpecificBuiltinType(clang::BuiltinType::UShort);
}

bool builtinTypeAllowed(QualType type, Builtin kind) {
  type = type.getCanonicalType().getUnqualifiedType();
  if (isUintOrUshort(type))
    return true;
  if (kind == Builtin::Scalar)
    return false;
  const auto *vector = type->getAs<clang::VectorType>();
  return vector && (vector->getNumElements() == 2 || vector->getNumElements() == 3) &&
         isUintOrUshort(vector->getElementType());
}

std::string typeName(QualType type, const clang::ASTContext &context) {
  clang::PrintingPolicy policy(context.getLangOpts());
  policy.SuppressTagKeyword = true;
  return type.getAsString(policy);
}

// Where an argument's declaration ends in the text: the `,` or `)` after it, outside brackets.
size_t argumentEnd(std::string_view text, size_t from) {
  int depth = 0;
  for (size_t i = from; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if ((c == ')' || c == ']' || c == '}') && depth > 0)
      --depth;
    else if ((c == ',' || c == ')') && depth == 0)
      return i;
  }
  return text.size();
}

// The attributes written after an argument's name.
std::vector<WrittenAttribute> argumentAttributes(const clang::ParmVarDecl &parameter,
                                                 const Reporter &reporter) {
  const clang::SourceLocation loc = parameter.getLocation();
  if (!reporter.writtenInFile(loc))
    return {};
  const std::string_view text = reporter.file().text();
  size_t from = reporter.offsetOf(loc);
  if (parameter.getIdentifier())
    from += parameter.getName().size();
  return attributesIn(text, from, argumentEnd(text, from));
}

class KernelChecker {
public:
  KernelChecker(const clang::FunctionDecl &kernel, clang::ASTContext &context, Reporter &reporter)
      : kernel_(kernel), context_(context), reporter_(reporter), text_(reporter.file().text()) {}

  void run() {
    const std::string name = kernel_.getNameAsString();
    if (!kernel_.getReturnType()->isVoidType())
      report(kernel_.getLocation(), "kernel '" + name + "' returns '" +
                                        typeName(kernel_.getReturnType(), context_) +
                                        "': Metal kernels return void");
    checkFunctionAttributes();
    for (const clang::ParmVarDecl *parameter : kernel_.parameters())
      checkArgument(*parameter);
  }

private:
  void report(clang::SourceLocation loc, const std::string &message) {
    reporter_.report(Rule::KernelSignature, loc, message);
  }
  // A location `offset` bytes into the checked file, for attributes Clang keeps no node of.
  clang::SourceLocation at(size_t offset) const {
    const clang::SourceManager &sm = reporter_.sourceManager();
    return sm.getLocForStartOfFile(sm.getMainFileID()).getLocWithOffset(static_cast<int>(offset));
  }

  // [[...]] specifiers written right before the declaration (before `kernel`).
  void checkFunctionAttributes() {
    // Where `kernel` is written: its annotation's expansion (the declaration's own start may
    // be that of the attributes).
    const clang::SourceManager &sm = reporter_.sourceManager();
    clang::SourceLocation begin = sm.getExpansionLoc(kernel_.getBeginLoc());
    for (const auto *annotation : kernel_.specific_attrs<clang::AnnotateAttr>())
      if (annotation->getAnnotation() == "p2m.metal.kernel")
        begin = sm.getExpansionLoc(annotation->getLocation());
    if (!reporter_.writtenInFile(begin))
      return;
    size_t end = reporter_.offsetOf(begin);
    size_t begin_ = end;
    for (;;) {
      size_t i = begin_;
      while (i > 0 && isSpace(text_[i - 1]))
        --i;
      if (i < 2 || text_.substr(i - 2, 2) != "]]")
        break;
      const size_t open = text_.rfind("[[", i - 2);
      if (open == std::string_view::npos)
        break;
      begin_ = open;
    }
    for (const WrittenAttribute &attribute : attributesIn(text_, begin_, end)) {
      if (attribute.name != "max_total_threads_per_threadgroup") {
        report(at(attribute.offset), "'[[" + attribute.name +
                                         "]]' is not an attribute of Metal kernel functions");
        continue;
      }
      const std::optional<unsigned long> limit = integerArgument(attribute);
      if (!limit || *limit < 1 || *limit > 1024)
        report(at(attribute.offset),
               "[[max_total_threads_per_threadgroup(n)]] needs an integer n from 1 to 1024");
    }
  }

  void checkArgument(const clang::ParmVarDecl &parameter) {
    const std::string name = parameter.getNameAsString();
    const clang::SourceLocation loc = parameter.getLocation();
    if (!reporter_.writtenInFile(loc))
      return;
    const std::vector<WrittenAttribute> attributes = argumentAttributes(parameter, reporter_);
    const QualType type = parameter.getType();
    if (attributes.empty()) {
      report(loc, "kernel argument '" + name +
                      "' has no attribute: Metal needs [[buffer(n)]], [[threadgroup(n)]] or a "
                      "thread-position attribute on every kernel argument");
      return;
    }
    if (attributes.size() > 1)
      report(at(attributes[1].offset),
             "kernel argument '" + name + "' has more than one attribute");
    const WrittenAttribute &attribute = attributes.front();
    const clang::SourceLocation where = at(attribute.offset);
    if (attribute.name == "buffer" || attribute.name == "threadgroup") {
      checkBinding(attribute, where, name, type);
      return;
    }
    const auto builtin = builtins().find(attribute.name);
    if (builtin == builtins().end()) {
      report(where, "'[[" + attribute.name + "]]' is not a Metal kernel argument attribute");
      return;
    }
    if (attribute.argument)
      report(where, "'[[" + attribute.name + "]]' takes no argument");
    if (!builtinTypeAllowed(type, builtin->second))
      report(loc, "kernel argument '" + name + "' [[" + attribute.name + "]] has type '" +
                      typeName(type, context_) + "': Metal allows " +
                      (builtin->second == Builtin::Vector ? "uint, uint2, uint3, ushort, ushort2 or ushort3"
                                                          : "uint or ushort") +
                      " there");
    if (!builtinsSeen_.insert(attribute.name).second)
      report(where, "'[[" + attribute.name + "]]' appears on more than one kernel argument");
  }

  void checkBinding(const WrittenAttribute &attribute, clang::SourceLocation where,
                    const std::string &name, QualType type) {
    const bool buffer = attribute.name == "buffer";
    const std::optional<unsigned long> index = integerArgument(attribute);
    if (!index || *index > 30) {
      report(where, "[[" + attribute.name + "(n)]] needs an integer index n from 0 to 30");
    } else if (!(buffer ? buffers_ : threadgroups_).insert(*index).second) {
      report(where, "[[" + attribute.name + "(" + std::to_string(*index) +
                        ")]] binds more than one kernel argument");
    }
    const std::string_view space = pointeeSpace(type);
    const bool allowed = buffer ? (space == "device" || space == "constant") : space == "threadgroup";
    if (!allowed)
      report(parameterLocation(name), "kernel argument '" + name + "' [[" + attribute.name +
                                          "]] has type '" + typeName(type, context_) +
                                          "': Metal needs a " +
                                          (buffer ? "device or constant" : "threadgroup") +
                                          " pointer or reference there");
  }

  clang::SourceLocation parameterLocation(const std::string &name) const {
    for (const clang::ParmVarDecl *parameter : kernel_.parameters())
      if (parameter->getNameAsString() == name)
        return parameter->getLocation();
    return kernel_.getLocation();
  }

  const clang::FunctionDecl &kernel_;
  clang::ASTContext &context_;
  Reporter &reporter_;
  std::string_view text_;
  std::set<std::string> builtinsSeen_;
  std::set<unsigned long> buffers_, threadgroups_;
};

} // namespace

bool isMetalKernel(const clang::FunctionDecl &function) {
  for (const auto *annotation : function.specific_attrs<clang::AnnotateAttr>())
    if (annotation->getAnnotation() == "p2m.metal.kernel")
      return true;
  return false;
}

std::vector<std::string> kernelArgumentAttributes(const clang::FunctionDecl &kernel,
                                                  const Reporter &reporter) {
  std::vector<std::string> out;
  for (const clang::ParmVarDecl *parameter : kernel.parameters()) {
    const std::vector<WrittenAttribute> attributes = argumentAttributes(*parameter, reporter);
    out.push_back(attributes.empty() ? std::string() : attributes.front().name);
  }
  return out;
}

void checkKernelSignature(const clang::FunctionDecl &kernel, clang::ASTContext &context,
                          Reporter &reporter) {
  KernelChecker(kernel, context, reporter).run();
}

} // namespace p2m::mslcheck
