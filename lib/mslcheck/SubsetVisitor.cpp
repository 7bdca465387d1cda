#include "mslcheck/SubsetVisitor.h"

#include "mslcheck/KernelSignature.h"
#include "mslcheck/MslNames.h"
#include "support/MetalNames.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/AddressSpaces.h>
#include <clang/Lex/Lexer.h>

#include <string>
#include <string_view>

namespace p2m::mslcheck {
namespace {

using clang::QualType;

// The builtin types Metal lacks, with what to write instead.
const char *forbiddenBuiltin(const clang::BuiltinType *type, const char **hint) {
  switch (type->getKind()) {
  case clang::BuiltinType::Double:
    *hint = "use float; binary64 values are kept as ulong bits";
    return "double";
  case clang::BuiltinType::LongDouble:
    *hint = "use float";
    return "long double";
  case clang::BuiltinType::LongLong:
    *hint = "use long, which is 64-bit in MSL";
    return "long long";
  case clang::BuiltinType::ULongLong:
    *hint = "use ulong, which is 64-bit in MSL";
    return "unsigned long long";
  case clang::BuiltinType::Int128:
    *hint = "Metal has no 128-bit integers";
    return "__int128";
  case clang::BuiltinType::UInt128:
    *hint = "Metal has no 128-bit integers";
    return "unsigned __int128";
  case clang::BuiltinType::Float128:
  case clang::BuiltinType::Ibm128:
    *hint = "use float";
    return "__float128";
  default:
    return nullptr;
  }
}

// Whether `text` holds `word` as a whole identifier.
bool containsWord(std::string_view text, std::string_view word) {
  size_t i = 0;
  while (i < text.size()) {
    if (!isIdentifierChar(text[i])) {
      ++i;
      continue;
    }
    const size_t start = i;
    while (i < text.size() && isIdentifierChar(text[i]))
      ++i;
    if (text.substr(start, i - start) == word)
      return true;
  }
  return false;
}

// Whether the words right before `offset` (skipping const and volatile) include `thread`:
// the `thread` of `thread const float*`, which expands to nothing and so is in no TypeLoc.
bool precededByThread(std::string_view text, size_t offset) {
  size_t i = offset;
  for (;;) {
    while (i > 0 && isSpace(text[i - 1]))
      --i;
    const size_t end = i;
    while (i > 0 && isIdentifierChar(text[i - 1]))
      --i;
    const std::string_view word = text.substr(i, end - i);
    if (word == "thread")
      return true;
    if (word != "const" && word != "volatile")
      return false;
  }
}

std::string typeName(QualType type, const clang::ASTContext &context) {
  clang::PrintingPolicy policy(context.getLangOpts());
  policy.SuppressTagKeyword = true;
  return type.getAsString(policy);
}

std::string calleeName(const clang::Expr *expr) {
  expr = expr->IgnoreParenImpCasts();
  if (const auto *ref = clang::dyn_cast<clang::DeclRefExpr>(expr))
    return ref->getDecl()->getQualifiedNameAsString();
  if (const auto *member = clang::dyn_cast<clang::MemberExpr>(expr))
    return member->getMemberDecl()->getQualifiedNameAsString();
  return "function";
}

} // namespace

void SubsetVisitor::run() {
  for (clang::Decl *decl : context_.getTranslationUnitDecl()->decls()) {
    if (!decl->isImplicit() && written(decl->getLocation()))
      TraverseDecl(decl);
  }
}

// Statements ----------------------------------------------------------------------------------

bool SubsetVisitor::VisitGotoStmt(clang::GotoStmt *stmt) {
  if (written(stmt->getGotoLoc()))
    report(Rule::Goto, stmt->getGotoLoc(),
           "'goto' is not available in Metal; use structured control flow");
  return true;
}

bool SubsetVisitor::VisitIndirectGotoStmt(clang::IndirectGotoStmt *stmt) {
  if (written(stmt->getGotoLoc()))
    report(Rule::Goto, stmt->getGotoLoc(), "computed 'goto' is not available in Metal");
  return true;
}

bool SubsetVisitor::VisitLabelStmt(clang::LabelStmt *stmt) {
  if (written(stmt->getIdentLoc()))
    report(Rule::Goto, stmt->getIdentLoc(),
           "label '" + std::string(stmt->getName()) + "': Metal has no goto, so no labels");
  return true;
}

bool SubsetVisitor::VisitAddrLabelExpr(clang::AddrLabelExpr *expr) {
  if (written(expr->getAmpAmpLoc()))
    report(Rule::Goto, expr->getAmpAmpLoc(), "label address taken: Metal has no computed goto");
  return true;
}

bool SubsetVisitor::VisitCXXTryStmt(clang::CXXTryStmt *stmt) {
  if (written(stmt->getTryLoc()))
    report(Rule::Exceptions, stmt->getTryLoc(), "'try' is not available in Metal (no exceptions)");
  return true;
}

bool SubsetVisitor::VisitCXXThrowExpr(clang::CXXThrowExpr *expr) {
  if (written(expr->getThrowLoc()))
    report(Rule::Exceptions, expr->getThrowLoc(),
           "'throw' is not available in Metal (no exceptions)");
  return true;
}

bool SubsetVisitor::VisitAsmStmt(clang::AsmStmt *stmt) {
  if (written(stmt->getAsmLoc()))
    report(Rule::InlineAsm, stmt->getAsmLoc(), "inline assembly is not available in Metal");
  return true;
}

// Expressions ---------------------------------------------------------------------------------

bool SubsetVisitor::VisitCXXNewExpr(clang::CXXNewExpr *expr) {
  if (written(expr->getBeginLoc()))
    report(Rule::NewDelete, expr->getBeginLoc(),
           "'new' is not available in Metal (no dynamic allocation)");
  return true;
}

bool SubsetVisitor::VisitCXXDeleteExpr(clang::CXXDeleteExpr *expr) {
  if (written(expr->getBeginLoc()))
    report(Rule::NewDelete, expr->getBeginLoc(),
           "'delete' is not available in Metal (no dynamic allocation)");
  return true;
}

bool SubsetVisitor::VisitCXXDynamicCastExpr(clang::CXXDynamicCastExpr *expr) {
  if (written(expr->getBeginLoc()))
    report(Rule::Rtti, expr->getBeginLoc(), "'dynamic_cast' is not available in Metal (no RTTI)");
  return true;
}

bool SubsetVisitor::VisitCXXTypeidExpr(clang::CXXTypeidExpr *expr) {
  if (written(expr->getBeginLoc()))
    report(Rule::Rtti, expr->getBeginLoc(), "'typeid' is not available in Metal (no RTTI)");
  return true;
}

bool SubsetVisitor::VisitCXXNoexceptExpr(clang::CXXNoexceptExpr *expr) {
  if (written(expr->getBeginLoc()))
    report(Rule::Exceptions, expr->getBeginLoc(),
           "the 'noexcept' operator is not available in Metal");
  return true;
}

bool SubsetVisitor::VisitLambdaExpr(clang::LambdaExpr *expr) {
  if (written(expr->getBeginLoc()))
    report(Rule::Lambda, expr->getBeginLoc(),
           "lambda expressions are not available in Metal; emit a named function");
  return true;
}

bool SubsetVisitor::VisitCallExpr(clang::CallExpr *expr) {
  const clang::Expr *calleeExpr = expr->getCallee();
  if (!calleeExpr)
    return true;
  // Every direct call decays its callee to a pointer; those decays are not function pointers.
  if (const auto *decay = clang::dyn_cast<clang::ImplicitCastExpr>(calleeExpr->IgnoreParens());
      decay && decay->getCastKind() == clang::CK_FunctionToPointerDecay)
    calleeDecays_.insert(decay);
  if (!written(expr->getBeginLoc()) || expr->isTypeDependent())
    return true;

  const clang::FunctionDecl *callee = expr->getDirectCallee();
  if (!callee) {
    if (clang::isa<clang::CXXPseudoDestructorExpr>(calleeExpr->IgnoreParens()))
      return true;
    const QualType type = calleeExpr->getType();
    if (type->isFunctionPointerType() || type->isFunctionReferenceType() ||
        type->isMemberFunctionPointerType() || type->isSpecificPlaceholderType(clang::BuiltinType::BoundMember) ||
        type->isBlockPointerType())
      report(Rule::FunctionPointer, expr->getBeginLoc(),
             "call through a function pointer: Metal has no function pointers");
    return true;
  }
  checkCallee(expr, callee);
  checkAsType(expr, callee);
  return true;
}

void SubsetVisitor::checkCallee(clang::CallExpr *call, const clang::FunctionDecl *callee) {
  // Calls that a standard library macro expands to (INFINITY is __builtin_inff()) are its own.
  if (reporter_.inStandardLibrary(call->getCallee()->getExprLoc()))
    return;
  if (reporter_.inStandardLibrary(callee->getLocation()))
    return;
  const std::string name = callee->getQualifiedNameAsString();
  if (callee->getBuiltinID() != 0) {
    report(Rule::UndefinedFunction, call->getBeginLoc(),
           "call to compiler builtin '" + name + "', which Metal does not have");
    return;
  }
  const clang::FunctionDecl *definition = nullptr;
  if (callee->isDefined(definition) && definition &&
      (written(definition->getLocation()) || definition->isDefaulted()))
    return;
  report(Rule::UndefinedFunction, call->getBeginLoc(),
         "call to '" + name +
             "', which is neither defined in this file nor part of the Metal standard library");
}

void SubsetVisitor::checkAsType(clang::CallExpr *call, const clang::FunctionDecl *callee) {
  if (!callee->getPrimaryTemplate() || !callee->getDeclName().isIdentifier() ||
      callee->getName() != "as_type" || !reporter_.inStandardLibrary(callee->getLocation()))
    return;
  const clang::TemplateArgumentList *arguments = callee->getTemplateSpecializationArgs();
  if (!arguments)
    return;
  for (const clang::TemplateArgument &argument : arguments->asArray()) {
    if (argument.getKind() == clang::TemplateArgument::Type &&
        argument.getAsType()->isAnyPointerType()) {
      report(Rule::AsTypePointer, call->getBeginLoc(),
             "as_type cannot reinterpret pointers ('" + typeName(argument.getAsType(), context_) +
                 "'); convert device pointers with reinterpret_cast<ulong>");
      return;
    }
  }
}

bool SubsetVisitor::VisitImplicitCastExpr(clang::ImplicitCastExpr *expr) {
  if (expr->getCastKind() != clang::CK_FunctionToPointerDecay || calleeDecays_.count(expr) ||
      !written(expr->getExprLoc()))
    return true;
  report(Rule::FunctionPointer, expr->getExprLoc(),
         "function '" + calleeName(expr->getSubExpr()) +
             "' used as a value: Metal has no function pointers");
  return true;
}

bool SubsetVisitor::VisitUnaryOperator(clang::UnaryOperator *expr) {
  if (expr->getOpcode() == clang::UO_Deref && written(expr->getOperatorLoc()))
    checkPunnedAccess(expr, expr->getSubExpr());
  if (expr->getOpcode() != clang::UO_AddrOf || !written(expr->getOperatorLoc()))
    return true;
  addressOnly_.insert(expr->getSubExpr()->IgnoreParens());
  const clang::Expr *operand = expr->getSubExpr()->IgnoreParens();
  const clang::ValueDecl *target = nullptr;
  if (const auto *ref = clang::dyn_cast<clang::DeclRefExpr>(operand))
    target = ref->getDecl();
  else if (const auto *member = clang::dyn_cast<clang::MemberExpr>(operand))
    target = member->getMemberDecl();
  if (target && clang::isa<clang::FunctionDecl>(target))
    report(Rule::FunctionPointer, expr->getOperatorLoc(),
           "address of function '" + target->getQualifiedNameAsString() +
               "' taken: Metal has no function pointers");
  return true;
}

bool SubsetVisitor::VisitExplicitCastExpr(clang::ExplicitCastExpr *expr) {
  if (!written(expr->getBeginLoc()))
    return true;
  // The operand as written: Clang inserts the address-space conversion of a C-style cast as an
  // implicit cast below it.
  const QualType to = expr->getTypeAsWritten();
  const QualType from = expr->getSubExprAsWritten()->getType();
  if (to.isNull() || from.isNull() || to->isDependentType() || from->isDependentType())
    return true;
  checkPointerCast(expr, from, to);
  checkVectorCast(expr, from, to);
  return true;
}

void SubsetVisitor::checkPointerCast(clang::ExplicitCastExpr *cast, QualType from, QualType to) {
  const clang::SourceLocation loc = cast->getBeginLoc();
  if (to->isPointerType() || to->isReferenceType()) {
    const QualType toPointee = to->getPointeeType();
    if (toPointee->isFunctionType())
      return;
    QualType fromPointee;
    if (to->isReferenceType())
      fromPointee = from; // the operand is an lvalue of that type
    else if (from->isPointerType())
      fromPointee = from->getPointeeType();
    else if (const clang::ArrayType *array = context_.getAsArrayType(from))
      fromPointee = array->getElementType();
    else if (from->isIntegerType()) {
      if (cast->getSubExprAsWritten()->isNullPointerConstant(
              context_, clang::Expr::NPC_ValueDependentIsNotNull))
        return;
      if (addressSpaceName(toPointee) != "device")
        report(Rule::AddressSpaceCast, loc,
               "cast from an integer to a '" + std::string(addressSpaceName(toPointee)) +
                   "' pointer: only device pointers are made from addresses "
                   "(reinterpret_cast<device T*>(ulong))");
      else if (context_.getTypeSize(from) != 64)
        report(Rule::AddressSpaceCast, loc,
               "cast from the " + std::to_string(context_.getTypeSize(from)) +
                   "-bit integer type '" + typeName(from, context_) +
                   "' to a device pointer: device addresses are 64-bit (ulong)");
      return;
    } else {
      return;
    }
    const std::string_view fromSpace = addressSpaceName(fromPointee);
    const std::string_view toSpace = addressSpaceName(toPointee);
    if (fromSpace != toSpace)
      report(Rule::AddressSpaceCast, loc,
             "cast from the '" + std::string(fromSpace) + "' to the '" + std::string(toSpace) +
                 "' address space: Metal has no casts between address spaces");
    return;
  }
  if (to->isIntegerType() && !to->isBooleanType() && from->isPointerType()) {
    const std::string_view fromSpace = addressSpaceName(from->getPointeeType());
    if (fromSpace != "device")
      report(Rule::AddressSpaceCast, loc,
             "cast from a '" + std::string(fromSpace) +
                 "' pointer to an integer: only device pointers have addresses in Metal");
    else if (context_.getTypeSize(to) != 64)
      report(Rule::AddressSpaceCast, loc,
             "cast from a device pointer to the " + std::to_string(context_.getTypeSize(to)) +
                 "-bit integer type '" + typeName(to, context_) +
                 "': device addresses are 64-bit (ulong)");
  }
}

void SubsetVisitor::checkVectorCast(clang::ExplicitCastExpr *cast, QualType from, QualType to) {
  const auto *fromVector = from->getAs<clang::VectorType>();
  const auto *toVector = to->getAs<clang::VectorType>();
  if (!fromVector || to->isVoidType())
    return;
  if (toVector && context_.hasSameType(fromVector->getElementType(), toVector->getElementType()) &&
      fromVector->getNumElements() == toVector->getNumElements())
    return;
  report(Rule::VectorCast, cast->getBeginLoc(),
         "cast from '" + typeName(from, context_) + "' to '" + typeName(to, context_) +
             "': Clang reinterprets the bits where Metal converts each element; convert the "
             "elements one by one, or use as_type to reinterpret");
}

bool SubsetVisitor::VisitArraySubscriptExpr(clang::ArraySubscriptExpr *expr) {
  if (written(expr->getExprLoc()))
    checkPunnedAccess(expr, expr->getBase());
  return true;
}

// `*reinterpret_cast<device float *>(p)` and `((threadgroup uint *)q)[i]`: a scalar or vector
// lvalue reached through a pointer cast from another pointee type or from an address. Apple's
// compiler assumes accesses of different types never touch the same memory, so a store through
// one type may be moved past, or deleted before, a load through the other. A union member
// (abi.h's p2m_alias<T>) or a char type is the alias-safe form.
void SubsetVisitor::checkPunnedAccess(const clang::Expr *access, const clang::Expr *pointer) {
  if (addressOnly_.count(access) || access->isTypeDependent())
    return;
  const auto *cast = clang::dyn_cast<clang::ExplicitCastExpr>(pointer->IgnoreParenImpCasts());
  if (!cast || !cast->getType()->isPointerType())
    return;
  const QualType written = cast->getType()->getPointeeType().getUnqualifiedType();
  const QualType accessed = written.getCanonicalType();
  const bool scalar = accessed->isArithmeticType() || accessed->isVectorType();
  if (!scalar || accessed->isDependentType() || accessed->isCharType() ||
      accessed->isSpecificBuiltinType(clang::BuiltinType::UChar) ||
      accessed->isSpecificBuiltinType(clang::BuiltinType::SChar))
    return;
  const QualType from = cast->getSubExprAsWritten()->getType();
  if (from.isNull() || from->isDependentType())
    return;
  std::string source;
  if (from->isIntegerType()) {
    source = "an address ('" + typeName(from, context_) + "')";
  } else if (from->isPointerType() || from->isArrayType()) {
    const QualType pointee = from->isPointerType()
                                 ? from->getPointeeType()
                                 : QualType(context_.getAsArrayType(from)->getElementType());
    const QualType original = pointee.getCanonicalType().getUnqualifiedType();
    if (original->isVoidType() || original->isDependentType() ||
        context_.hasSameType(original, accessed))
      return;
    source = "a '" + typeName(from, context_) + "'";
  } else {
    return;
  }
  report(Rule::StrictAliasing, cast->getBeginLoc(),
         "'" + typeName(written, context_) + "' accessed through a pointer cast from " + source +
             ": Apple's compiler assumes differently typed accesses never alias; access "
             "through a union member (p2m_alias<T>) or a char type");
}

bool SubsetVisitor::VisitUserDefinedLiteral(clang::UserDefinedLiteral *expr) {
  for (const clang::Expr *argument : expr->arguments())
    literalOperands_.insert(argument->IgnoreImpCasts());
  return true;
}

bool SubsetVisitor::VisitFloatingLiteral(clang::FloatingLiteral *expr) {
  if (literalOperands_.count(expr) || !written(expr->getLocation()))
    return true;
  const auto *type = expr->getType()->getAs<clang::BuiltinType>();
  if (type && type->getKind() == clang::BuiltinType::Double)
    report(Rule::Type, expr->getLocation(),
           "floating-point literal without a suffix has type 'double', which Metal does not "
           "have; write 1.0f (float) or 1.0h (half)");
  else if (type && type->getKind() == clang::BuiltinType::LongDouble)
    report(Rule::Type, expr->getLocation(),
           "floating-point literal of type 'long double', which Metal does not have");
  return true;
}

bool SubsetVisitor::VisitIntegerLiteral(clang::IntegerLiteral *expr) {
  if (!written(expr->getLocation()))
    return true;
  const auto *type = expr->getType()->getAs<clang::BuiltinType>();
  const char *hint = nullptr;
  if (const char *name = type ? forbiddenBuiltin(type, &hint) : nullptr)
    report(Rule::Type, expr->getLocation(),
           std::string("integer literal of type '") + name + "', which Metal does not have; " +
               hint);
  return true;
}

// Declarations --------------------------------------------------------------------------------

bool SubsetVisitor::VisitVarDecl(clang::VarDecl *decl) {
  if (decl->isImplicit() || !written(decl->getLocation()))
    return true;
  const std::string name = decl->getNameAsString();
  if (decl->getTLSKind() != clang::VarDecl::TLS_None)
    report(Rule::StorageClass, decl->getLocation(),
           "thread_local variable '" + name + "': Metal has no thread-local storage");
  else if (decl->getStorageClass() == clang::SC_Register)
    report(Rule::StorageClass, decl->getLocation(),
           "register variable '" + name + "': Metal has no register storage class");
  else if (decl->isStaticLocal() && !decl->getType().isConstQualified() && !decl->isConstexpr())
    report(Rule::StorageClass, decl->getLocation(),
           "static local variable '" + name +
               "' is not const: Metal has no writable static storage");
  if (decl->isFileVarDecl() && !decl->isConstexpr() &&
      addressSpaceName(decl->getType()) != "constant")
    report(Rule::ProgramScope, decl->getLocation(),
           "program-scope variable '" + name +
               "' must be in the constant address space (constant T " + name + " = ...;)");
  return true;
}

bool SubsetVisitor::VisitParmVarDecl(clang::ParmVarDecl *decl) {
  // An array parameter is a pointer; it needs an address space like any other.
  const clang::TypeSourceInfo *info = decl->getTypeSourceInfo();
  if (!info || !written(decl->getLocation()))
    return true;
  if (const auto array = info->getTypeLoc().getAsAdjusted<clang::ArrayTypeLoc>())
    checkAddressSpaceWritten(array.getElementLoc(), array.getLBracketLoc(), "array parameter");
  return true;
}

bool SubsetVisitor::VisitDeclaratorDecl(clang::DeclaratorDecl *decl) {
  if (decl->isImplicit() || !written(decl->getLocation()))
    return true;
  if (const auto *function = clang::dyn_cast<clang::FunctionDecl>(decl))
    checkFunctionPointerType(decl->getLocation(), function->getReturnType(),
                             "the result of '" + decl->getNameAsString() + "'");
  else
    checkFunctionPointerType(decl->getLocation(), decl->getType(),
                             "'" + decl->getNameAsString() + "'");
  return true;
}

bool SubsetVisitor::VisitTypedefNameDecl(clang::TypedefNameDecl *decl) {
  if (!decl->isImplicit() && written(decl->getLocation()))
    checkFunctionPointerType(decl->getLocation(), decl->getUnderlyingType(),
                             "'" + decl->getNameAsString() + "'");
  return true;
}

void SubsetVisitor::checkFunctionPointerType(clang::SourceLocation loc, QualType type,
                                             const std::string &what) {
  if (type.isNull())
    return;
  QualType t = type.getCanonicalType();
  for (;;) {
    if (t->isFunctionPointerType() || t->isFunctionReferenceType() || t->isMemberPointerType() ||
        t->isBlockPointerType()) {
      report(Rule::FunctionPointer, loc,
             what + " has type '" + typeName(type, context_) +
                 "': Metal has no function or member pointers");
      return;
    }
    if (t->isPointerType() || t->isReferenceType())
      t = t->getPointeeType();
    else if (const clang::ArrayType *array = context_.getAsArrayType(t))
      t = array->getElementType();
    else
      return;
  }
}

bool SubsetVisitor::VisitFunctionDecl(clang::FunctionDecl *decl) {
  if (decl->isImplicit() || !written(decl->getLocation()))
    return true;
  if (isMetalKernel(*decl) && decl->isThisDeclarationADefinition())
    checkKernelSignature(*decl, context_, reporter_);
  if (decl->isVariadic())
    report(Rule::Variadic, decl->getLocation(),
           "variadic function '" + decl->getNameAsString() + "': Metal has no variadic functions");
  if (const auto *method = clang::dyn_cast<clang::CXXMethodDecl>(decl); method && method->isVirtual())
    report(Rule::Virtual, decl->getLocation(),
           "virtual function '" + decl->getQualifiedNameAsString() +
               "': Metal has no virtual functions");
  return true;
}

bool SubsetVisitor::VisitCXXRecordDecl(clang::CXXRecordDecl *decl) {
  if (decl->isImplicit() || decl->isLambda() || !written(decl->getLocation()) ||
      !decl->isThisDeclarationADefinition())
    return true;
  if (decl->getNumVBases() != 0)
    report(Rule::Virtual, decl->getLocation(),
           "'" + decl->getNameAsString() + "' has a virtual base class: Metal has none");
  else if (decl->getNumBases() != 0)
    report(Rule::Inheritance, decl->getLocation(),
           "'" + decl->getNameAsString() + "' derives from another class: Metal has no class "
           "inheritance");
  return true;
}

// Names that Metal's standard library or its keywords claim (support/MetalNames.h), at file or
// namespace scope: with `using namespace metal;` such a function, variable or type collides
// with the library's on Apple's compiler (an ambiguous or hijacked call), whatever the host's
// stand-in declares. Locals, parameters and members only hide the library's name inside their
// own scope, which C++ allows.
bool SubsetVisitor::VisitNamedDecl(clang::NamedDecl *decl) {
  if (decl->isImplicit() || !decl->getDeclName().isIdentifier() || !written(decl->getLocation()))
    return true;
  if (clang::isa<clang::UsingDecl, clang::UsingShadowDecl, clang::UsingDirectiveDecl>(decl))
    return true;
  const clang::DeclContext *scope = decl->getDeclContext();
  if (const auto *enumeration = clang::dyn_cast<clang::EnumDecl>(scope); enumeration && !enumeration->isScoped())
    scope = enumeration->getDeclContext(); // unscoped enumerators live in the enum's scope
  if (!scope->isFileContext())
    return true;
  const std::string_view name = decl->getName();
  if (isMetalReservedName(name))
    report(Rule::ReservedName, decl->getLocation(),
           "'" + std::string(name) + "' is a name Metal reserves (a keyword or a standard "
           "library identifier): choose another");
  return true;
}

// Types as written ----------------------------------------------------------------------------

bool SubsetVisitor::VisitBuiltinTypeLoc(clang::BuiltinTypeLoc loc) {
  if (!written(loc.getBeginLoc()))
    return true;
  const char *hint = nullptr;
  if (const char *name = forbiddenBuiltin(loc.getTypePtr(), &hint))
    report(Rule::Type, loc.getBeginLoc(),
           std::string("type '") + name + "' is not available in Metal; " + hint);
  return true;
}

bool SubsetVisitor::VisitComplexTypeLoc(clang::ComplexTypeLoc loc) {
  if (written(loc.getBeginLoc()))
    report(Rule::Type, loc.getBeginLoc(), "complex types are not available in Metal");
  return true;
}

bool SubsetVisitor::VisitVariableArrayTypeLoc(clang::VariableArrayTypeLoc loc) {
  if (written(loc.getLBracketLoc()))
    report(Rule::Vla, loc.getLBracketLoc(),
           "variable-length array: Metal arrays need a constant size");
  return true;
}

bool SubsetVisitor::VisitPointerTypeLoc(clang::PointerTypeLoc loc) {
  checkAddressSpaceWritten(loc.getPointeeLoc(), loc.getStarLoc(), "pointer");
  return true;
}

bool SubsetVisitor::VisitReferenceTypeLoc(clang::ReferenceTypeLoc loc) {
  checkAddressSpaceWritten(loc.getPointeeLoc(), loc.getSigilLoc(), "reference");
  return true;
}

void SubsetVisitor::checkAddressSpaceWritten(clang::TypeLoc pointee, clang::SourceLocation sigil,
                                             const char *what) {
  if (sigil.isInvalid() || sigil.isMacroID() || !written(sigil))
    return;
  const QualType type = pointee.getType();
  // Function pointers have their own rule; deduced and dependent pointees get their address
  // space from elsewhere.
  if (type.isNull() || type->isFunctionType() || type->isDependentType() ||
      type->getContainedAutoType())
    return;
  if (type.getCanonicalType().getAddressSpace() != clang::LangAS::Default)
    return;
  if (spellsThread(pointee, sigil))
    return;
  const std::string spelled = "thread " + typeName(type, context_) +
                              (std::string_view(what) == "reference" ? "&" : "*");
  report(Rule::AddressSpace, sigil,
         std::string(what) + " to '" + typeName(type, context_) +
             "' has no address space: Metal needs device, constant, threadgroup or thread "
             "(write '" + spelled + "' for the thread address space)");
}

// `thread` expands to nothing (Clang's default address space is MSL's thread space), so
// whether it was written is read from the source text around the pointee: before or after a
// non-pointer pointee (`thread const float*`, `float thread*`), or between the two sigils
// of a pointer to pointer (`device float* thread*`).
bool SubsetVisitor::spellsThread(clang::TypeLoc pointee, clang::SourceLocation sigil) const {
  clang::TypeLoc inner = pointee;
  for (;;) {
    if (const auto qualified = inner.getAs<clang::QualifiedTypeLoc>())
      inner = qualified.getUnqualifiedLoc();
    else if (const auto attributed = inner.getAs<clang::AttributedTypeLoc>())
      inner = attributed.getModifiedLoc();
    else if (const auto macro = inner.getAs<clang::MacroQualifiedTypeLoc>())
      inner = macro.getInnerLoc();
    else if (const auto paren = inner.getAs<clang::ParenTypeLoc>())
      inner = paren.getInnerLoc();
    else
      break;
  }
  const std::string_view text = reporter_.file().text();
  const size_t sigilOffset = reporter_.offsetOf(sigil);

  clang::SourceLocation innerSigil;
  if (const auto pointer = inner.getAs<clang::PointerTypeLoc>())
    innerSigil = pointer.getStarLoc();
  else if (const auto reference = inner.getAs<clang::ReferenceTypeLoc>())
    innerSigil = reference.getSigilLoc();
  else if (const auto member = inner.getAs<clang::MemberPointerTypeLoc>())
    innerSigil = member.getStarLoc();
  if (innerSigil.isValid()) {
    if (innerSigil.isMacroID() || !written(innerSigil))
      return true; // written through a macro: cannot tell, so do not accuse
    const size_t from = reporter_.offsetOf(innerSigil) + 1;
    return from <= sigilOffset && containsWord(text.substr(from, sigilOffset - from), "thread");
  }

  const clang::SourceLocation begin = inner.getBeginLoc();
  const clang::SourceLocation end = inner.getEndLoc();
  if (begin.isInvalid() || end.isInvalid() || begin.isMacroID() || end.isMacroID() ||
      !written(begin) || !written(end))
    return true;
  const size_t beginOffset = reporter_.offsetOf(begin);
  const size_t endOffset =
      reporter_.offsetOf(end) + clang::Lexer::MeasureTokenLength(end, reporter_.sourceManager(),
                                                                  context_.getLangOpts());
  if (endOffset <= sigilOffset &&
      containsWord(text.substr(endOffset, sigilOffset - endOffset), "thread"))
    return true;
  return precededByThread(text, beginOffset);
}

} // namespace p2m::mslcheck
