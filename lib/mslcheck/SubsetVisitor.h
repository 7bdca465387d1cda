// The AST rules of the subset check (all of Rules.def but recursion): one walk over the
// declarations written in the checked file, each Visit* method applying the rules about one kind
// of node. Template patterns are checked as written; their instantiations are not walked.
// What Metal lacks follows the restrictions of the MSL specification ("Metal and C++14"):
// no lambdas, dynamic_cast, typeid, recursion, new/delete, noexcept operator, goto, register,
// thread_local, virtual functions, derived classes, exceptions.
#pragma once

#include "mslcheck/Reporter.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <set>

namespace p2m::mslcheck {

class SubsetVisitor : public clang::RecursiveASTVisitor<SubsetVisitor> {
public:
  SubsetVisitor(clang::ASTContext &context, Reporter &reporter)
      : context_(context), reporter_(reporter) {}

  // Walks every top-level declaration of the checked file.
  void run();

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  // Statements.
  bool VisitGotoStmt(clang::GotoStmt *stmt);
  bool VisitIndirectGotoStmt(clang::IndirectGotoStmt *stmt);
  bool VisitLabelStmt(clang::LabelStmt *stmt);
  bool VisitAddrLabelExpr(clang::AddrLabelExpr *expr);
  bool VisitCXXTryStmt(clang::CXXTryStmt *stmt);
  bool VisitCXXThrowExpr(clang::CXXThrowExpr *expr);
  bool VisitAsmStmt(clang::AsmStmt *stmt);

  // Expressions.
  bool VisitCXXNewExpr(clang::CXXNewExpr *expr);
  bool VisitCXXDeleteExpr(clang::CXXDeleteExpr *expr);
  bool VisitCXXDynamicCastExpr(clang::CXXDynamicCastExpr *expr);
  bool VisitCXXTypeidExpr(clang::CXXTypeidExpr *expr);
  bool VisitCXXNoexceptExpr(clang::CXXNoexceptExpr *expr);
  bool VisitLambdaExpr(clang::LambdaExpr *expr);
  bool VisitCallExpr(clang::CallExpr *expr);
  bool VisitImplicitCastExpr(clang::ImplicitCastExpr *expr);
  bool VisitUnaryOperator(clang::UnaryOperator *expr);
  bool VisitExplicitCastExpr(clang::ExplicitCastExpr *expr);
  bool VisitFloatingLiteral(clang::FloatingLiteral *expr);
  bool VisitIntegerLiteral(clang::IntegerLiteral *expr);
  bool VisitUserDefinedLiteral(clang::UserDefinedLiteral *expr);
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *expr);

  // Declarations.
  bool VisitVarDecl(clang::VarDecl *decl);
  bool VisitParmVarDecl(clang::ParmVarDecl *decl);
  bool VisitDeclaratorDecl(clang::DeclaratorDecl *decl);
  bool VisitTypedefNameDecl(clang::TypedefNameDecl *decl);
  bool VisitFunctionDecl(clang::FunctionDecl *decl);
  bool VisitCXXRecordDecl(clang::CXXRecordDecl *decl);
  bool VisitNamedDecl(clang::NamedDecl *decl);

  // Types as written.
  bool VisitBuiltinTypeLoc(clang::BuiltinTypeLoc loc);
  bool VisitComplexTypeLoc(clang::ComplexTypeLoc loc);
  bool VisitPointerTypeLoc(clang::PointerTypeLoc loc);
  bool VisitReferenceTypeLoc(clang::ReferenceTypeLoc loc);
  bool VisitVariableArrayTypeLoc(clang::VariableArrayTypeLoc loc);

private:
  bool written(clang::SourceLocation loc) const { return reporter_.writtenInFile(loc); }
  void report(Rule rule, clang::SourceLocation loc, const std::string &message) {
    reporter_.report(rule, loc, message);
  }

  void checkAddressSpaceWritten(clang::TypeLoc pointee, clang::SourceLocation sigil,
                                const char *what);
  bool spellsThread(clang::TypeLoc pointee, clang::SourceLocation sigil) const;
  void checkCallee(clang::CallExpr *call, const clang::FunctionDecl *callee);
  void checkAsType(clang::CallExpr *call, const clang::FunctionDecl *callee);
  void checkPointerCast(clang::ExplicitCastExpr *cast, clang::QualType from, clang::QualType to);
  void checkVectorCast(clang::ExplicitCastExpr *cast, clang::QualType from, clang::QualType to);
  void checkFunctionPointerType(clang::SourceLocation loc, clang::QualType type,
                                const std::string &what);
  void checkPunnedAccess(const clang::Expr *access, const clang::Expr *pointer);

  clang::ASTContext &context_;
  Reporter &reporter_;
  // Function-to-pointer decays that are the callee of a call (every direct call has one).
  std::set<const clang::Expr *> calleeDecays_;
  // The long double operands Clang gives literal operators such as 1.5h.
  std::set<const clang::Expr *> literalOperands_;
  // Operands of `&`: an lvalue whose address is taken is not accessed.
  std::set<const clang::Expr *> addressOnly_;
};

} // namespace p2m::mslcheck
